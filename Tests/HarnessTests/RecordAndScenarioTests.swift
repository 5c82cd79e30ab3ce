import FlutterCodec
import Foundation
import Harness
import Testing

@Suite struct RecordAndScenarioTests {
  let codec = StandardMethodCodec()

  func message(_ id: UInt32, _ channel: String, _ payload: [UInt8]?) -> [UInt8] {
    FrameWriter.encode(Frame(kind: .message, id: id, channel: channel, payload: payload))
  }

  func call(_ method: String, _ args: ChannelValue = nil) -> [UInt8] {
    codec.encodeMethodCall(MethodCall(method, args))
  }

  @Test func recordingClassifiesCallsAndMessages() {
    let methodChannels: Set<String> = ["plugin"]
    let call = TranscriptRecorder.exchange(
      channel: "plugin", payload: self.call("m", 1), reply: [0, 0], methodChannels: methodChannels)
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
      channel: "other", payload: self.call("x"), reply: nil, methodChannels: methodChannels)
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
    input += message(1, "healthkit_permissions", call("isAvailable"))
    input += message(
      2, "hkbridge/control", call("configure", ["device": "iPad", "osVersion": "16.4"]))
    input += message(3, "healthkit_permissions", call("isAvailable"))
    input += message(4, "healthkit_permissions", [0x07, 0x05, 0x61])
    input += message(5, "healthkit_permissions", nil)
    input += message(6, "some.basic.channel", StandardMessageCodec().encode(["any": "value"]))
    input += message(7, "healthkit_permissions", call("noSuchMethod"))
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
      {"channel": "hkbridge/control", "call": {"method": "configure", "args": {"device": "Watch"}}}

      """)
    let result = try BinaryRunner.run(
      ["serve", "--scenario", scenario],
      input: message(1, "healthkit_permissions", call("isAvailable")))
    #expect(result.status == 0)
    let frames = splitFrames(result.stdout)
    #expect(frames.map(\.kind) == [.hello, .reply])
    let hello = try StandardMessageCodec().decode(frames[0].payload ?? [])
    #expect(hello["device"]?["model"] == "iPad")
    #expect(try codec.decodeEnvelope(frames[1].payload ?? []) == .success(false))
    // The failing scenario line is reported on stderr with its place.
    #expect(result.stderr.contains("scenario \(scenario):3 configure failed: INVALID_ARGUMENTS"))
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
