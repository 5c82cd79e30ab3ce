import FlutterCodec
import Foundation
import HKBridgeCLI
import Harness
import Testing

@Suite struct RecordAndScenarioTests {
  init() { Composition.install() }
  let codec = StandardMethodCodec()

  @Test func recordingClassifiesCallsAndMessages() {
    let methodChannels: Set<String> = ["plugin"]
    let call = TranscriptRecorder.exchange(
      channel: "plugin", payload: callPayload("m", 1), reply: [0, 0], methodChannels: methodChannels
    )
    #expect(call.request == .call(MethodCall("m", 1)))
    #expect(call.reply == .ok(nil))
    #expect(call.requestBytes == .bytes(hex("07016d 0301000000")))
    #expect(call.replyBytes == .bytes([0, 0]))
    let malformed = TranscriptRecorder.exchange(
      channel: "plugin", payload: [0x07], reply: nil, methodChannels: methodChannels)
    #expect(malformed.request == .call(nil))
    #expect(malformed.reply == .notImplemented)
    #expect(malformed.replyBytes == .nullPayload)
    let plain = TranscriptRecorder.exchange(
      channel: "other", payload: [0x01], reply: nil, methodChannels: methodChannels)
    #expect(plain.request == .message(true))
    #expect(plain.reply == .message(nil))
    let otherCall = TranscriptRecorder.exchange(
      channel: "other", payload: callPayload("x"), reply: nil, methodChannels: methodChannels)
    #expect(otherCall.request == .call(MethodCall("x")))
    #expect(otherCall.reply == .notImplemented)
    let null = TranscriptRecorder.exchange(
      channel: "plugin", payload: nil, reply: nil, methodChannels: methodChannels)
    #expect(null.request == .call(nil) && null.requestBytes == .nullPayload)
  }

  @Test func aRecordingReplaysCleanly() throws {
    let scratch = try ScratchDirectory()
    let recording = scratch.url.appendingPathComponent("run.jsonl").path
    var input: [UInt8] = []
    input += messageFrame(1, "healthkit_permissions", callPayload("isAvailable"))
    input += messageFrame(
      2, "hkbridge/control", callPayload("configure", ["device": "iPad", "osVersion": "16.4"]))
    input += messageFrame(3, "healthkit_permissions", callPayload("isAvailable"))
    input += messageFrame(4, "healthkit_permissions", [0x07, 0x05, 0x61])
    input += messageFrame(5, "healthkit_permissions", nil)
    input += messageFrame(6, "some.basic.channel", StandardMessageCodec().encode(["any": "value"]))
    input += messageFrame(7, "healthkit_permissions", callPayload("noSuchMethod"))
    input += hex("08000000 09 00 08000000 0000")
    let served = try BinaryRunner.run(["serve", "--record", recording], input: input)
    #expect(served.status == 0)
    let text = try scratch.read(recording)
    let transcript = try TranscriptReader.parse(text, path: recording)
    #expect(transcript.exchanges.count == 7)
    #expect(
      transcript.lines.last?.entry
        == .note(
          "PROTOCOL_ERROR for frame 8: unknown kind 0x09: frame kinds are 0x00-0x04 and 0x7f"))
    let replies = transcript.exchanges.map { $0.exchange.reply }
    #expect(replies[0] == .ok(true))
    #expect(replies[1] == .ok(nil))
    #expect(replies[2] == .ok(false))
    guard case .error(let malformed)? = replies[3] else {
      Issue.record("expected MALFORMED_MESSAGE, got \(String(describing: replies[3]))")
      return
    }
    #expect(malformed.code == "MALFORMED_MESSAGE")
    #expect(transcript.exchanges[5].exchange.request == .message(["any": "value"]))
    #expect(replies[5] == .message(nil))
    #expect(replies[6] == .notImplemented)
    let replayed = try BinaryRunner.run(["replay", recording], input: [])
    #expect(replayed.status == 0)
    #expect(String(decoding: replayed.stdout, as: UTF8.self) == "7 passed, 0 failed\n")
  }

  @Test func aScenarioSetsTheStoreUpBeforeHello() throws {
    let scratch = try ScratchDirectory()
    let scenario = try scratch.write(
      "setup.jsonl",
      """
      {"note": "an iPad below iPadOS 17"}
      {"channel": "hkbridge/control", "call": {"method": "configure", "args": {"device": "iPad", "osVersion": "16.4"}}}

      """)
    let result = try BinaryRunner.run(
      ["serve", "--scenario", scenario],
      input: messageFrame(1, "healthkit_permissions", callPayload("isAvailable")))
    #expect(result.status == 0)
    let frames = splitFrames(result.stdout)
    #expect(frames.map(\.kind) == [.hello, .reply])
    let hello = try StandardMessageCodec().decode(frames[0].payload ?? [])
    #expect(hello["device"]?["model"] == "iPad")
    #expect(try codec.decodeEnvelope(frames[1].payload ?? []) == .success(false))
    #expect(result.stderr.isEmpty)
  }

  @Test func aFailedScenarioStepIsAnErrorNamingItsLine() throws {
    let scratch = try ScratchDirectory()
    let scenario = try scratch.write(
      "setup.jsonl",
      """
      {"note": "line 2 fails"}
      {"channel": "hkbridge/control", "call": {"method": "configure", "args": {"device": "Watch"}}}
      {"channel": "hkbridge/control", "call": {"method": "advanceClock", "args": {"ms": 1}}}

      """)
    let result = try BinaryRunner.run(
      ["serve", "--scenario", scenario],
      input: messageFrame(1, "healthkit_permissions", callPayload("isAvailable")))
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty, "no HELLO after a failed scenario")
    #expect(
      result.stderr.hasPrefix(
        "hkbridge serve: --scenario step failed: \(scenario):2 configure failed: "
          + "INVALID_ARGUMENTS"))
  }

  @Test func aScenarioReplyThatDiffersIsAnError() throws {
    let scratch = try ScratchDirectory()
    let scenario = try scratch.write(
      "setup.jsonl",
      #"{"channel": "hkbridge/control", "call": {"method": "advanceClock", "args": {"ms": 5}}, "#
        + #""reply": {"ok": {"now": 1}}}"# + "\n")
    let result = try BinaryRunner.run(["serve", "--scenario", scenario], input: [])
    #expect(result.status == 2)
    #expect(
      result.stderr.contains(
        "\(scenario):1 advanceClock: the reply differs from the file's"))
  }

  @Test func aRecordingWithDeviceScenarioAndResetReplaysCleanly() throws {
    // Replay starts from the default state in protocol/state.md#default-state (iPhone, iOS 17.5): the recording must carry
    // the --device/--os setup and the scenario's calls, and the setup again after a reset.
    let scratch = try ScratchDirectory()
    let recording = scratch.url.appendingPathComponent("ipad.jsonl").path
    let scenario = try scratch.write(
      "setup.jsonl",
      #"{"channel": "hkbridge/control", "call": {"method": "advanceClock", "args": {"ms": 1000}}}"#
        + "\n")
    var input: [UInt8] = []
    input += messageFrame(1, "healthkit_permissions", callPayload("getPlatformVersion"))
    input += messageFrame(2, "hkbridge/control", callPayload("advanceClock", ["ms": 0]))
    input += messageFrame(3, "hkbridge/control", callPayload("reset"))
    input += messageFrame(4, "healthkit_permissions", callPayload("isAvailable"))
    let served = try BinaryRunner.run(
      ["serve", "--device", "iPad", "--os", "16.4", "--scenario", scenario, "--record", recording],
      input: input)
    #expect(served.status == 0)
    let frames = splitFrames(served.stdout)
    #expect(frames.map(\.kind) == [.hello, .reply, .reply, .reply, .reply])
    // "iPadOS 16.4"; the clock the scenario moved (1704067200000 + 1000 = 0x018cc251f7e8);
    // isAvailable false on an iPad below iPadOS 17.
    #expect(frames[1].payload == hex("00 07 0b 695061644f532031362e34"))
    #expect(frames[2].payload == hex("00 0d 01 07 03 6e6f77 04 e8f751c28c010000"))
    #expect(frames[4].payload == hex("00 02"))
    let transcript = try TranscriptReader.parse(try scratch.read(recording), path: recording)
    let configure = MethodCall("configure", ["device": "iPad", "osVersion": "16.4"])
    #expect(
      transcript.exchanges.map(\.exchange.request) == [
        .call(configure), .call(MethodCall("advanceClock", ["ms": 1000])),
        .call(MethodCall("getPlatformVersion")), .call(MethodCall("advanceClock", ["ms": 0])),
        .call(MethodCall("reset")), .call(configure), .call(MethodCall("isAvailable")),
      ])
    let replayed = try BinaryRunner.run(["replay", recording], input: [])
    #expect(String(decoding: replayed.stdout, as: UTF8.self) == "7 passed, 0 failed\n")
    #expect(replayed.status == 0)
  }

  @Test func anUnreadableScenarioExitsTwoBeforeHello() throws {
    let scratch = try ScratchDirectory()
    let scenario = try scratch.write("bad.jsonl", "{\"channel\": \"c\"}\n")
    let result = try BinaryRunner.run(["serve", "--scenario", scenario], input: [])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("\(scenario):1: "))
  }
}
