import FlutterCodec
import Foundation
import HKBridgeCLI
import Testing

@testable import Harness

/// Recordings shaped like a device's (protocol/matchers.md "Binding", protocol/transcripts.md
/// "Device time" and "App identity"): random upper-case ids sent back later, `at` on every line,
/// the app's bundle id, a custom channel.
@Suite struct DeviceReplayTests {
  init() { Composition.install() }
  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")

  static func example(_ name: String) -> String {
    examples.appendingPathComponent(name).path
  }

  static func replay(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
    let result = try BinaryRunner.run(["replay"] + arguments, input: [])
    return (result.status, String(decoding: result.stdout, as: UTF8.self), result.stderr)
  }

  @Test(arguments: ["device-workout.jsonl", "device-health.jsonl", "device-recording.jsonl"])
  func aDeviceRecordingReplaysClean(name: String) throws {
    let result = try Self.replay([Self.example(name)])
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(result.out.hasSuffix(" passed, 0 failed\n"))
  }

  /// One changed reply value (its hex dropped, so the value is what is compared) fails, exit 1.
  @Test(arguments: [
    ("device-workout.jsonl", 7, "\"duration\": 1800.0", "\"duration\": 1500.0"),
    ("device-health.jsonl", 8, "\"value\": 1200.0", "\"value\": 1300.0"),
    ("device-workout.jsonl", 9, "{\"ok\": {\"$int64\": 1}}", "{\"ok\": {\"$int64\": 0}}"),
  ])
  func aCopyWithOneChangedReplyFails(name: String, line: Int, from: String, to: String) throws {
    let scratch = try ScratchDirectory()
    var lines = try scratch.read(Self.example(name)).split(separator: "\n").map(String.init)
    #expect(lines[line - 1].contains(from))
    lines[line - 1] = lines[line - 1].replacing(from, with: to)
      .replacing(#/, "replyHex": "[0-9a-f]*"/#, with: "")
    let path = try scratch.write(name, lines.joined(separator: "\n") + "\n")
    let result = try Self.replay([path])
    #expect(result.status == 1, "\(result.out)\(result.err)")
    #expect(result.out.contains("FAIL \(path):\(line)\n"))
  }

  static let header =
    #"{"hkbridge": {"channels": ["acme"], "bundleId": "com.acme.run", "match": {"reply.ok.uuid": "uuid", "reply.ok[*].uuid": "uuid"}}}"#
  static let permit =
    #"{"channel": "acme", "call": {"method": "requestPermissions", "args": {"read": ["mindfulSession"], "write": ["mindfulSession"]}}, "reply": {"ok": true}}"#

  static func write(_ id: String) -> String {
    #"{"channel": "acme", "call": {"method": "writeRecord", "args": {"type": "mindfulSession", "start": 1704067200000, "end": 1704067260000}}, "reply": {"ok": {"uuid": "\#(id)", "hkType": "HKCategoryTypeIdentifierMindfulSession"}}}"#
  }

  /// A bound id compares equal to its bound value later; another actual id at the same
  /// recorded id (bound twice) fails naming the line that bound it.
  @Test func aBoundIdMustComeBackAsItsBoundValue() throws {
    let scratch = try ScratchDirectory()
    let id = "6F9619FF-8B86-4011-B42D-00C04FC964FF"
    let path = try scratch.write(
      "t.jsonl",
      [Self.header, Self.permit, Self.write(id), Self.write(id)].joined(separator: "\n") + "\n")
    let result = try Self.replay([path])
    #expect(result.status == 1)
    #expect(
      result.out.contains(
        #"at reply.ok.uuid: expected "00000000-0000-4000-8000-000000000001" (bound to "6F9619FF-8B86-4011-B42D-00C04FC964FF" at line 3), got "00000000-0000-4000-8000-000000000002""#
      ), "\(result.out)")
  }

  /// Two recorded ids answered with one id by the emulator: the second cannot bind.
  @Test func oneActualIdCannotStandForTwoRecordedIds() {
    var bindings = IdentityBindings()
    #expect(bindings.bind("6F9619FF-8B86-4011-B42D-00C04FC964FF", to: "a", line: 2) == nil)
    let problem = bindings.bind("7F9619FF-8B86-4011-B42D-00C04FC964FF", to: "A", line: 5)
    #expect(
      problem?.contains("bound to \"6F9619FF-8B86-4011-B42D-00C04FC964FF\" at line 2") == true)
    #expect(bindings.binding(of: "7F9619FF-8B86-4011-B42D-00C04FC964FF") == nil)
  }

  /// A bound id is replaced at any depth (map values, list elements), not in keys; lower case
  /// stays lower case; the call's hex is re-encoded from the substituted call.
  @Test func boundIdsAreSubstitutedAndTheHexReencoded() {
    var bindings = IdentityBindings()
    _ = bindings.bind(
      "6F9619FF-8B86-4011-B42D-00C04FC964FF", to: "00000000-0000-4000-8000-000000000001", line: 2)
    let args: ChannelValue = .object([
      ("uuids", .list([.string("6f9619ff-8b86-4011-b42d-00c04fc964ff")])),
      ("nested", .object([("id", .string("6F9619FF-8B86-4011-B42D-00C04FC964FF"))])),
      ("6F9619FF-8B86-4011-B42D-00C04FC964FF", .string("other")),
    ])
    let call = MethodCall("deleteRecords", args)
    let exchange = TranscriptExchange(
      channel: "acme", request: .call(call),
      requestBytes: .bytes(StandardMethodCodec().encodeMethodCall(call)))
    let sent = Replayer.sent(exchange, bindings: bindings, rewriteBytes: false)
    let expected = MethodCall(
      "deleteRecords",
      .object([
        ("uuids", .list([.string("00000000-0000-4000-8000-000000000001")])),
        ("nested", .object([("id", .string("00000000-0000-4000-8000-000000000001"))])),
        ("6F9619FF-8B86-4011-B42D-00C04FC964FF", .string("other")),
      ]))
    #expect(sent.request == .call(expected))
    #expect(sent.payload == StandardMethodCodec().encodeMethodCall(expected))
    // Nothing bound in it: sent exactly as recorded.
    let other = TranscriptExchange(
      channel: "acme", request: .call(MethodCall("isAvailable", .null)),
      requestBytes: .bytes(hex("07 0b 69 73 41 76 61 69 6c 61 62 6c 65 00")))
    #expect(Replayer.sent(other, bindings: bindings, rewriteBytes: false) == other)
  }

  /// `at` earlier than the clock: a transcript error naming file:line (exit 2), before anything
  /// when the times go back or a control call moved the clock past it.
  @Test func anEarlierTimeIsATranscriptError() throws {
    let scratch = try ScratchDirectory()
    let goesBack = try scratch.write(
      "back.jsonl",
      #"""
      {"channel": "healthkit_permissions", "call": {"method": "isAvailable"}, "reply": {"ok": true}, "at": 1732531262417}
      {"channel": "healthkit_permissions", "call": {"method": "isAvailable"}, "reply": {"ok": true}, "at": 1732531262416}

      """#)
    let back = try Self.replay([goesBack])
    #expect(back.status == 2)
    #expect(
      back.err.contains(
        "\(goesBack):2: \"at\" 1732531262416 is earlier than the emulator's clock 1732531262417"))
    let beforeStart = try scratch.write(
      "start.jsonl",
      #"""
      {"channel": "healthkit_permissions", "call": {"method": "isAvailable"}, "reply": {"ok": true}, "at": 1600000000000}

      """#)
    let start = try Self.replay([beforeStart])
    #expect(start.status == 2)
    #expect(
      start.err.contains(
        "\(beforeStart):1: \"at\" 1600000000000 is earlier than the emulator's clock 1704067200000")
    )
    let moved = try scratch.write(
      "moved.jsonl",
      #"""
      {"channel": "hkbridge/control", "call": {"method": "advanceClock", "args": {"ms": 60000}}, "reply": {"ok": {"now": {"$int64": 1704067260000}}}}
      {"channel": "healthkit_permissions", "call": {"method": "isAvailable"}, "reply": {"ok": true}, "at": 1704067200001}

      """#)
    let run = try Self.replay([moved])
    #expect(run.status == 2)
    #expect(
      run.err.contains(
        "\(moved):2: \"at\" 1704067200001 is earlier than the emulator's clock 1704067260000"))
  }

  /// `at` moves the clock: a workout's duration is the time between its calls.
  @Test func atMovesTheClock() throws {
    let scratch = try ScratchDirectory()
    let path = try scratch.write(
      "clock.jsonl",
      #"""
      {"channel": "hkbridge/control", "call": {"method": "snapshot"}, "reply": {"ok": null}, "match": {"reply.ok": "ignore"}, "at": 1732531262417}
      {"channel": "hkbridge/control", "call": {"method": "advanceClock", "args": {"ms": 0}}, "reply": {"ok": {"now": {"$int64": 1732531262417}}}, "at": 1732531262417}
      {"channel": "hkbridge/control", "call": {"method": "advanceClock", "args": {"ms": 0}}, "reply": {"ok": {"now": {"$int64": 1732531300000}}}, "at": 1732531300000}

      """#)
    let result = try Self.replay([path])
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(result.out == "3 passed, 0 failed\n")
  }

  /// The header's bundleId makes the emulated app that app: its samples carry it.
  @Test func theHeaderBundleIdIsTheAppsSource() throws {
    let scratch = try ScratchDirectory()
    let read =
      #"{"channel": "acme", "call": {"method": "readRecords", "args": {"type": "mindfulSession"}}, "reply": {"ok": [{"uuid": "6F9619FF-8B86-4011-B42D-00C04FC964FF", "type": "mindfulSession", "hkType": "HKCategoryTypeIdentifierMindfulSession", "start": 1704067200000, "end": 1704067260000, "value": "notApplicable", "metadata": {}, "source": {"bundleId": "com.acme.run"}}]}}"#
    let lines = [
      Self.header, Self.permit, Self.write("6F9619FF-8B86-4011-B42D-00C04FC964FF"), read,
    ]
    let path = try scratch.write("id.jsonl", lines.joined(separator: "\n") + "\n")
    let result = try Self.replay([path])
    #expect(result.status == 0, "\(result.out)\(result.err)")
    let other = try scratch.write(
      "other.jsonl",
      lines.joined(separator: "\n").replacing("com.acme.run\"]", with: "com.acme.other\"]")
        .replacing(#""bundleId": "com.acme.run", "#, with: "") + "\n")
    #expect(try Self.replay([other]).status == 1)
  }

  /// Defect 6: a header-only recording (what serve --record writes for no input) replays as
  /// 0 passed, exit 0; a file with nothing at all is still an empty transcript.
  @Test func aHeaderOnlyRecordingReplays() throws {
    let scratch = try ScratchDirectory()
    let recording = scratch.url.appendingPathComponent("run.jsonl").path
    let served = try BinaryRunner.run(["serve", "--record", recording], input: [])
    #expect(served.status == 0)
    let result = try Self.replay([recording])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "0 passed, 0 failed\n")
    let empty = try scratch.write("empty.jsonl", "{\"note\": \"nothing\"}\n")
    let refused = try Self.replay([empty])
    #expect(refused.status == 2)
    #expect(refused.err.contains("empty transcript"))
  }
}
