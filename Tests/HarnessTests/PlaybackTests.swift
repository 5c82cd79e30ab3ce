import FlutterCodec
import Foundation
import HKBridgeCLI
import Harness
import Testing

/// `serve --record` writes a header; `serve --playback` answers from a recording; setLatency is
/// seen by a client in real time.
@Suite struct PlaybackTests {
  init() { Composition.install() }
  static let channel = "my_health_channel"

  /// A session on a custom channel: permission, write, read, and a call the model refuses.
  static var session: [UInt8] {
    messageFrame(
      1, channel,
      callPayload("requestPermissions", ["read": ["height"], "write": ["height"]]))
      + messageFrame(
        2, channel,
        callPayload(
          "writeRecord", ["type": "height", "value": 1.8, "start": .int(1_704_067_000_000)]))
      + messageFrame(3, channel, callPayload("readRecords", ["type": "height"]))
      + messageFrame(4, channel, callPayload("noSuchMethod"))
  }

  @Test func aRecordedSessionPlaysBackByteForByte() throws {
    let scratch = try ScratchDirectory()
    let recording = scratch.url.appendingPathComponent("rec.jsonl").path
    let live = try BinaryRunner.run(
      ["serve", "--channel", Self.channel, "--os", "16.4", "--record", recording],
      input: Self.session)
    #expect(live.status == 0)
    // The recording starts with its header, and replays as it was made.
    let text = try scratch.read(recording)
    #expect(
      text.hasPrefix(
        #"{"hkbridge": {"version": "0.1.0", "channels": ["my_health_channel"], "device": "iPhone", "osVersion": "16.4"}}"#
          + "\n"))
    let replayed = try BinaryRunner.run(["replay", recording], input: [])
    #expect(String(decoding: replayed.stdout, as: UTF8.self).hasSuffix(" 0 failed\n"))
    #expect(replayed.status == 0)
    // Playback gives the client the same reply frames, without the model (another OS even).
    let played = try BinaryRunner.run(
      ["serve", "--channel", Self.channel, "--playback", recording], input: Self.session)
    #expect(played.status == 0)
    #expect(splitFrames(played.stdout).dropFirst() == splitFrames(live.stdout).dropFirst())
    // Out of order, calls are still matched by method and arguments.
    let reversed =
      messageFrame(3, Self.channel, callPayload("readRecords", ["type": "height"]))
      + messageFrame(4, Self.channel, callPayload("noSuchMethod"))
    let out = try BinaryRunner.run(
      ["serve", "--channel", Self.channel, "--playback", recording], input: reversed)
    let liveFrames = Array(splitFrames(live.stdout).dropFirst())
    #expect(Array(splitFrames(out.stdout).dropFirst()) == [liveFrames[2], liveFrames[3]])
  }

  /// Pigeon traffic (message channels) plays back as recorded, and a new message appended in
  /// `new` mode is written as a message line.
  @Test func pigeonMessagesPlayBack() throws {
    let scratch = try ScratchDirectory()
    let recording = scratch.url.appendingPathComponent("pigeon.jsonl").path
    let channel = "dev.flutter.pigeon.connect_kit.ConnectKitHostApi.getPlatformVersion"
    let session = messageFrame(1, channel, nil)
    let live = try BinaryRunner.run(
      ["serve", "--profile", "connect_kit", "--record", recording], input: session)
    #expect(live.status == 0)
    let played = try BinaryRunner.run(
      ["serve", "--profile", "connect_kit", "--playback", recording], input: session)
    #expect(played.status == 0)
    #expect(splitFrames(played.stdout).dropFirst() == splitFrames(live.stdout).dropFirst())
    let other = "dev.flutter.pigeon.connect_kit.ConnectKitHostApi.isSdkAvailable"
    let added = try BinaryRunner.run(
      [
        "serve", "--profile", "connect_kit", "--playback", recording, "--record-mode", "new",
      ], input: messageFrame(2, other, nil))
    #expect(added.status == 0)
    let text = try scratch.read(recording)
    let last = text.split(separator: "\n").last.map(String.init) ?? ""
    #expect(last.hasPrefix(#"{"channel": "\#(other)", "message": null, "reply": {"message": "#))
  }

  @Test func aMissNamesTheNearestCallAndNewModeAppends() throws {
    let scratch = try ScratchDirectory()
    let recording = scratch.url.appendingPathComponent("rec.jsonl").path
    _ = try BinaryRunner.run(
      ["serve", "--channel", Self.channel, "--record", recording], input: Self.session)
    let miss = messageFrame(9, Self.channel, callPayload("readRecords", ["type": "steps"]))
    let played = try BinaryRunner.run(
      ["serve", "--channel", Self.channel, "--playback", recording], input: miss)
    let reply = try #require(splitFrames(played.stdout).last)
    guard
      case .error(let error) = try StandardMethodCodec().decodeEnvelope(try #require(reply.payload))
    else {
      Issue.record("expected an error envelope")
      return
    }
    #expect(error.code == "PLAYBACK_MISS")
    #expect(
      error.message
        == "no recorded exchange on my_health_channel answers call readRecords {\"type\": \"steps\"}; "
        + "nearest: \(recording):4 (readRecords), first difference call.args.type: expected "
        + "\"height\", got \"steps\"")
    #expect(error.details["nearest"]?["line"] == .int32(4))
    #expect(played.stderr.contains("PLAYBACK_MISS: no recorded exchange"))
    // --record-mode new: the model answers, and the exchange is appended.
    let before = try scratch.read(recording)
    let added = try BinaryRunner.run(
      ["serve", "--channel", Self.channel, "--playback", recording, "--record-mode", "new"],
      input: miss)
    #expect(added.status == 0)
    let after = try scratch.read(recording)
    #expect(after.hasPrefix(before))
    #expect(
      after.dropFirst(before.count).contains(
        #""call": {"method": "readRecords", "args": {"type": "steps"}}"#))
    #expect(try BinaryRunner.run(["serve", "--record-mode", "sometimes"], input: []).status == 2)
  }

  /// Matchers on call.args let a recorded call answer a call with other (made-up) values.
  @Test func playbackHonoursCallMatchers() throws {
    let scratch = try ScratchDirectory()
    let recording = try scratch.write(
      "m.jsonl",
      #"{"hkbridge": {"channels": ["my_health_channel"], "match": {"call.args.start": "int"}}}"#
        + "\n"
        + #"{"channel": "my_health_channel", "call": {"method": "writeRecord", "args": {"type": "height", "start": 1732531262417}}, "reply": {"ok": {"uuid": "9B1DEB4D-3B7D-4BAD-9BDD-2B0D7B3DCB6D"}}}"#
        + "\n")
    let call = messageFrame(
      1, Self.channel,
      callPayload("writeRecord", ["type": "height", "start": .int(1_700_000_000_000)]))
    let played = try BinaryRunner.run(
      ["serve", "--channel", Self.channel, "--playback", recording], input: call)
    let reply = try #require(splitFrames(played.stdout).last?.payload)
    #expect(
      try StandardMethodCodec().decodeEnvelope(reply)
        == .success(["uuid": "9B1DEB4D-3B7D-4BAD-9BDD-2B0D7B3DCB6D"]))
  }

  /// A reply made before a delayed one reaches the client before the delay.
  /// The same in text mode: the lines answered before a delayed one are written first.
  @Test func latencyInTextModeWritesEarlierLinesFirst() throws {
    let process = Process()
    process.executableURL = BinaryRunner.executableURL
    process.arguments = ["serve", "--jsonl"]
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    let batch =
      [
        #"{"channel": "hkbridge/control", "call": {"method": "setLatency", "args": {"method": "isAvailable", "ms": 400}}}"#,
        #"{"call": {"method": "getPlatformVersion"}}"#,
        #"{"call": {"method": "isAvailable"}}"#,
      ].joined(separator: "\n") + "\n"
    let start = Date()
    stdin.fileHandleForWriting.write(Data(batch.utf8))
    func lines(_ bytes: [UInt8]) -> Int { bytes.filter { $0 == UInt8(ascii: "\n") }.count }
    // HELLO and the first two answers arrive before the 400 ms delay ends.
    var received: [UInt8] = []
    while lines(received) < 3 { received += [UInt8](stdout.fileHandleForReading.availableData) }
    let early = Date().timeIntervalSince(start)
    while lines(received) < 4 { received += [UInt8](stdout.fileHandleForReading.availableData) }
    let late = Date().timeIntervalSince(start)
    try stdin.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(early < 0.35)
    #expect(late >= 0.4)
    #expect(String(decoding: received, as: UTF8.self).contains(#""method": "isAvailable""#))
  }

  @Test func latencyIsSeenInRealTimeAfterEarlierReplies() throws {
    let process = Process()
    process.executableURL = BinaryRunner.executableURL
    process.arguments = ["serve"]
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    let control = "hkbridge/control"
    let batch =
      messageFrame(1, control, callPayload("setLatency", ["method": "isAvailable", "ms": 400]))
      + messageFrame(2, "healthkit_permissions", callPayload("getPlatformVersion"))
      + messageFrame(3, "healthkit_permissions", callPayload("isAvailable"))
    let start = Date()
    stdin.fileHandleForWriting.write(Data(batch))
    // HELLO and the first two replies arrive before the 400 ms delay ends.
    var received: [UInt8] = []
    while splitFrames(received).count < 3 {
      received += [UInt8](stdout.fileHandleForReading.availableData)
    }
    let early = Date().timeIntervalSince(start)
    while splitFrames(received).count < 4 {
      received += [UInt8](stdout.fileHandleForReading.availableData)
    }
    let late = Date().timeIntervalSince(start)
    try stdin.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(early < 0.35)
    #expect(late >= 0.4)
    #expect(splitFrames(received).map(\.id) == [0, 1, 2, 3])
  }
}

/// The exact lines `serve --record` writes (protocol/transcripts.md, "Transcript header"): the Dart
/// recording messenger writes the same for the same session.
@Suite struct RecordFormatTests {
  init() { Composition.install() }
  @Test func theRecordedLinesArePinned() throws {
    let scratch = try ScratchDirectory()
    let recording = scratch.url.appendingPathComponent("rec.jsonl").path
    let session =
      messageFrame(1, "healthkit_permissions", callPayload("isAvailable"))
      + messageFrame(2, "healthkit_permissions", callPayload("noSuchMethod"))
      + messageFrame(3, "healthkit_permissions", nil)
      + messageFrame(4, "some.basic.channel", StandardMessageCodec().encode(.string("hi")))
    let result = try BinaryRunner.run(["serve", "--record", recording], input: session)
    #expect(result.status == 0)
    let lines = try scratch.read(recording).split(separator: "\n").map(String.init)
    #expect(lines.count == 5)
    #expect(
      lines[0]
        == #"{"hkbridge": {"version": "0.1.0", "channels": ["healthkit_permissions"], "device": "iPhone", "osVersion": "17.5"}}"#
    )
    // 07 0b "isAvailable" 00: the call; 00 01: success true.
    #expect(
      lines[1]
        == #"{"channel": "healthkit_permissions", "call": {"method": "isAvailable", "args": null}, "reply": {"ok": true}, "callHex": "070b6973417661696c61626c6500", "replyHex": "0001", "at": 1704067200000}"#
    )
    // A null reply to a call: notImplemented, "replyHex": null.
    #expect(
      lines[2]
        == #"{"channel": "healthkit_permissions", "call": {"method": "noSuchMethod", "args": null}, "reply": {"notImplemented": true}, "callHex": "070c6e6f537563684d6574686f6400", "replyHex": null, "at": 1704067200000}"#
    )
    // A null payload on a method channel: "call": null, "callHex": null.
    #expect(
      lines[3].hasPrefix(
        #"{"channel": "healthkit_permissions", "call": null, "reply": {"error": {"code": "#))
    #expect(lines[3].contains(#""callHex": null, "replyHex": "01"#))
    // A plain message on a channel without a handler: {"message": null}, "replyHex": null.
    #expect(
      lines[4]
        == #"{"channel": "some.basic.channel", "message": "hi", "reply": {"message": null}, "messageHex": "07026869", "replyHex": null, "at": 1704067200000}"#
    )
  }
}
