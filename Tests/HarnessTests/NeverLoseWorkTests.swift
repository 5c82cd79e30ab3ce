import FlutterCodec
import Foundation
import HKBridgeCLI
import Harness
import Testing

/// Issue 22's defects 1–7: record, playback, scenario and update never lose work.
@Suite struct NeverLoseWorkTests {
  init() { Composition.install() }
  static let device = DeviceReplayTests.example("device-recording.jsonl")

  static func text(_ result: BinaryRunner.Result) -> String {
    String(decoding: result.stdout, as: UTF8.self)
  }

  /// The error reply of a frame, decoded.
  static func error(_ frame: Frame) -> FlutterError? {
    guard case .error(let error)? = try? StandardMethodCodec().decodeEnvelope(frame.payload ?? [])
    else { return nil }
    return error
  }

  /// Defect 1: `--playback F --record F` would truncate F: refused, F untouched.
  @Test func recordingOverThePlaybackFileIsRefused() throws {
    let scratch = try ScratchDirectory()
    let original = try scratch.read(Self.device)
    let copy = try scratch.write("pb.jsonl", original)
    let link = scratch.url.appendingPathComponent("link.jsonl").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: copy)
    for record in [copy, link] {
      let result = try BinaryRunner.run(
        ["serve", "--playback", copy, "--record", record], input: [])
      #expect(result.status == 2)
      #expect(result.stderr.contains("--playback \(copy) and --record \(record) are the same file"))
      #expect(result.stdout.isEmpty)
      #expect(try scratch.read(copy) == original)
    }
    let scenario = try scratch.write(
      "s.jsonl", #"{"channel": "hkbridge/control", "call": {"method": "reset"}}"# + "\n")
    let both = try BinaryRunner.run(
      ["serve", "--scenario", scenario, "--record", scenario], input: [])
    #expect(both.status == 2)
    #expect(
      both.stderr.contains("--scenario \(scenario) and --record \(scenario) are the same file"))
  }

  /// Defect 2: a scenario step that got a null reply (misspelt method or channel) stops serve.
  @Test(arguments: [
    #"{"channel": "hkbridge/control", "call": {"method": "configur", "args": {"device": "iPad"}}}"#,
    #"{"channel": "healthkit_permision", "call": {"method": "isAvailable"}}"#,
  ])
  func aScenarioStepWithANullReplyStopsServe(line: String) throws {
    let scratch = try ScratchDirectory()
    let scenario = try scratch.write("setup.jsonl", line + "\n")
    let result = try BinaryRunner.run(["serve", "--scenario", scenario], input: [])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(scenario):1 "))
    #expect(result.stderr.contains("got a null reply"))
    #expect(result.stdout.isEmpty)
  }

  /// Defect 6 (scenario, playback): a file with no exchange is refused, exit 2.
  @Test func emptyScenarioAndPlaybackFilesAreRefused() throws {
    let scratch = try ScratchDirectory()
    let empty = try scratch.write("empty.jsonl", "{\"note\": \"nothing\"}\n")
    let scenario = try BinaryRunner.run(["serve", "--scenario", empty], input: [])
    #expect(scenario.status == 2)
    #expect(scenario.stderr.contains("it has no exchanges to run"))
    let playback = try BinaryRunner.run(["serve", "--playback", empty], input: [])
    #expect(playback.status == 2)
    #expect(playback.stderr.contains("no recorded exchange to answer with"))
    // --record-mode all starts from an empty file: fine.
    let all = try BinaryRunner.run(
      ["serve", "--playback", empty, "--record-mode", "all"], input: [])
    #expect(all.status == 0)
  }

  /// Defect 3: a hand edit of `call` survives `--update`: the hex is rewritten from it, and the
  /// report says so.
  @Test func updateKeepsTheEditedCall() throws {
    let scratch = try ScratchDirectory()
    let recording = scratch.url.appendingPathComponent("p.jsonl").path
    let session =
      messageFrame(
        1, "healthkit_permissions",
        callPayload("requestPermissions", ["read": ["steps"], "write": ["steps"]]))
      + messageFrame(
        2, "healthkit_permissions",
        callPayload(
          "writeRecord",
          ["type": "steps", "start": .int(1_704_067_200_000), "value": 10, "unit": "count"]))
    #expect(try BinaryRunner.run(["serve", "--record", recording], input: session).status == 0)
    let edited = try scratch.read(recording).replacing(#""value": 10,"#, with: #""value": 12,"#)
    try edited.write(toFile: recording, atomically: true, encoding: .utf8)
    let result = try BinaryRunner.run(["replay", "--update", recording], input: [])
    #expect(result.status == 0)
    #expect(
      Self.text(result).contains(
        "updated \(recording):3 writeRecord: callHex rewritten from call (they disagreed at "
          + "call.args.value)"))
    let transcript = try TranscriptReader.read(path: recording)
    let exchange = try #require(transcript.exchanges.last?.exchange)
    guard case .call(let call?) = exchange.request else {
      Issue.record("expected a call")
      return
    }
    #expect(call.arguments["value"] == .int32(12))
    #expect(exchange.requestBytes?.bytes == StandardMethodCodec().encodeMethodCall(call))
    #expect(try BinaryRunner.run(["replay", recording], input: []).status == 0)
  }

  /// Defect 4: a second identical call gets PLAYBACK_MISS naming the used exchange, "already
  /// answered at line N".
  @Test func aUsedUpExchangeSaysItWasAlreadyAnswered() throws {
    let permissions = callPayload(
      "requestPermissions", ["read": ["mindfulSession"], "write": ["mindfulSession"]])
    let input =
      messageFrame(1, "my_health_channel", permissions)
      + messageFrame(2, "my_health_channel", permissions)
    let result = try BinaryRunner.run(["serve", "--playback", Self.device], input: input)
    #expect(result.status == 0)
    let frames = splitFrames(result.stdout)
    #expect(frames.count == 3)
    guard frames.count == 3 else { return }
    #expect(frames[1].payload == hex("00 01"))
    let miss = try #require(Self.error(frames[2]))
    #expect(miss.code == "PLAYBACK_MISS")
    #expect(
      miss.message?.contains(
        "nearest: \(Self.device):3 (requestPermissions), already answered at line 3") == true)
  }

  /// Defect 5: playback sets the emulator up from the header (its channel), and HELLO lists
  /// the profiles.
  @Test func playbackHonoursTheHeader() throws {
    let input = messageFrame(
      1, "my_health_channel",
      callPayload("requestPermissions", ["read": ["mindfulSession"], "write": ["mindfulSession"]]))
    let result = try BinaryRunner.run(["serve", "--playback", Self.device], input: input)
    #expect(result.status == 0)
    let frames = splitFrames(result.stdout)
    #expect(frames.count == 2)
    guard frames.count == 2 else { return }
    #expect(frames[1].payload == hex("00 01"))
    let hello = try StandardMessageCodec().decode(frames[0].payload ?? [])
    #expect(hello["profiles"] == .list([.string("healthkit_permissions")]))
    #expect(
      hello["channels"] == [
        "my_health_channel", "my_health_channel/observe", "my_health_channel/anchored",
        "my_health_channel/statistics", "hkbridge/control",
      ])
  }

  /// Defect 7: `serve --jsonl --record` that refused a line ends with exit status 2.
  @Test func aRefusedJSONLineIsNotASuccess() throws {
    let scratch = try ScratchDirectory()
    let recording = scratch.url.appendingPathComponent("g.jsonl").path
    let input =
      #"{"call": {"method": "isAvailable"}}"# + "\n" + #"{"call": {"method": "isAvailable"}"# + "\n"
    let result = try BinaryRunner.run(
      ["serve", "--jsonl", "--record", recording], input: Array(input.utf8))
    #expect(result.status == 2)
    #expect(result.stderr.contains("1 line(s) refused"))
    let ok = try BinaryRunner.run(
      ["serve", "--jsonl"], input: Array((#"{"call": {"method": "isAvailable"}}"# + "\n").utf8))
    #expect(ok.status == 0)
  }

  /// serve --bundle-id/--app-name: HELLO's device and the recording's header carry them, and
  /// the recording replays with them.
  @Test func serveTakesTheAppsIdentity() throws {
    let scratch = try ScratchDirectory()
    let recording = scratch.url.appendingPathComponent("id.jsonl").path
    let result = try BinaryRunner.run(
      ["serve", "--bundle-id", "com.acme.run", "--app-name", "Acme Run", "--record", recording],
      input: messageFrame(1, "hkbridge/control", callPayload("snapshot")))
    #expect(result.status == 0)
    let frames = splitFrames(result.stdout)
    let hello = try StandardMessageCodec().decode(try #require(frames.first).payload ?? [])
    #expect(hello["device"]?["bundleId"] == .string("com.acme.run"))
    #expect(
      try scratch.read(recording).hasPrefix(
        #"{"hkbridge": {"version": "0.1.0", "channels": ["healthkit_permissions"], "device": "iPhone", "osVersion": "17.5", "bundleId": "com.acme.run", "appName": "Acme Run"}}"#
      ))
    #expect(try BinaryRunner.run(["replay", recording], input: []).status == 0)
    let bad = try BinaryRunner.run(["serve", "--bundle-id", "com acme"], input: [])
    #expect(bad.status == 2)
  }
}

/// Playback's bindings (protocol/playback.md, "Bindings").
@Suite struct PlaybackBindingTests {
  init() { Composition.install() }
  static let start =
    #"{"channel": "acme", "call": {"method": "startWorkout", "args": {"activityType": "running"}}, "reply": {"ok": {"sessionId": "D23F0824-128B-4F33-8C5C-7FD0A6A3A450"}}, "at": 1732532000000}"#
  static let end =
    #"{"channel": "acme", "call": {"method": "endWorkout", "args": {"sessionId": "D23F0824-128B-4F33-8C5C-7FD0A6A3A450"}}, "reply": {"ok": {"uuid": "9531985D-5D9D-49F8-9818-E811892F902B", "hkType": "HKWorkoutTypeIdentifier", "activityType": "running", "duration": 1800.0}}, "at": 1732533800000}"#

  static func serve(_ lines: [String], _ calls: [[UInt8]]) throws -> [Frame] {
    let scratch = try ScratchDirectory()
    let path = try scratch.write("pb.jsonl", lines.joined(separator: "\n") + "\n")
    var input: [UInt8] = []
    for (i, call) in calls.enumerated() { input += messageFrame(UInt32(i + 1), "acme", call) }
    let result = try BinaryRunner.run(["serve", "--playback", path], input: input)
    #expect(result.status == 0)
    return Array(splitFrames(result.stdout).dropFirst())
  }

  /// A reply's uuid path binds the id sent: the app may send it back in another case.
  @Test func aBoundIdMatchesInEitherCase() throws {
    let header =
      #"{"hkbridge": {"channels": ["acme"], "match": {"reply.ok.sessionId": "uuid"}}}"#
    let frames = try Self.serve(
      [header, Self.start, Self.end],
      [
        callPayload("startWorkout", ["activityType": "running"]),
        callPayload("endWorkout", ["sessionId": "d23f0824-128b-4f33-8c5c-7fd0a6a3a450"]),
      ])
    #expect(frames.count == 2)
    #expect(frames.last.flatMap(NeverLoseWorkTests.error) == nil)
    // Without the matcher the lower-cased id is another id: a miss.
    let strict = try Self.serve(
      [#"{"hkbridge": {"channels": ["acme"]}}"#, Self.start, Self.end],
      [
        callPayload("startWorkout", ["activityType": "running"]),
        callPayload("endWorkout", ["sessionId": "d23f0824-128b-4f33-8c5c-7fd0a6a3a450"]),
      ])
    #expect(strict.last.flatMap(NeverLoseWorkTests.error)?.code == "PLAYBACK_MISS")
  }

  /// A call's uuid path binds the recorded id to the app's; later replies carry the app's id.
  @Test func aCallPathBindsTheAppsId() throws {
    let header =
      #"{"hkbridge": {"channels": ["acme"], "match": {"call.args.sessionId": "uuid"}}}"#
    let appId = "00000000-0000-4000-8000-0000000000AA"
    let start =
      #"{"channel": "acme", "call": {"method": "discardWorkout", "args": {"sessionId": "D23F0824-128B-4F33-8C5C-7FD0A6A3A450"}}, "reply": {"ok": null}}"#
    let echo =
      #"{"channel": "acme", "call": {"method": "readRecords", "args": {"type": "workout"}}, "reply": {"ok": ["D23F0824-128B-4F33-8C5C-7FD0A6A3A450"]}}"#
    let frames = try Self.serve(
      [header, start, echo],
      [
        callPayload("discardWorkout", ["sessionId": .string(appId)]),
        callPayload("readRecords", ["type": "workout"]),
      ])
    #expect(frames.count == 2)
    guard frames.count == 2 else { return }
    #expect(
      frames[1].payload == StandardMethodCodec().encodeSuccessEnvelope(.list([.string(appId)])))
  }
}

/// Playback applies the header's app identity and each used exchange's `at`.
@Suite struct PlaybackSetupTests {
  init() { Composition.install() }
  @Test func theHeadersAppAndTimesReachTheModel() throws {
    let scratch = try ScratchDirectory()
    let copy = try scratch.write(
      "w.jsonl", try scratch.read(DeviceReplayTests.example("device-workout.jsonl")))
    let input =
      messageFrame(
        1, "acme_health",
        callPayload(
          "requestPermissions",
          ["read": ["mindfulSession", "workout"], "write": ["mindfulSession", "workout"]]))
      + messageFrame(2, "hkbridge/control", callPayload("advanceClock", ["ms": 0]))
    let result = try BinaryRunner.run(
      ["serve", "--playback", copy, "--record-mode", "new"], input: input)
    #expect(result.status == 0)
    let frames = splitFrames(result.stdout)
    #expect(frames.count == 3)
    guard frames.count == 3 else { return }
    let hello = try StandardMessageCodec().decode(frames[0].payload ?? [])
    #expect(hello["device"]?["bundleId"] == .string("com.acme.run"))
    #expect(
      hello["channels"] == [
        "acme_health", "acme_health/observe", "acme_health/anchored", "acme_health/statistics",
        "hkbridge/control",
      ])
    #expect(frames[1].payload == hex("00 01"))
    // The model's clock is line 2's "at", 1732531260113 = 0x0193_62E9_0AD1.
    #expect(frames[2].payload == hex("00 0d 01 07 03 6e6f77 04 d10ae96293010000"))
  }
}
