import ChannelJSON
import FlutterCodec
import Foundation
import HKBridgeCLI
import Testing

@testable import Harness

/// `serve --jsonl` (protocol/text-mode.md): one typed-JSON request a line in, one
/// transcript line a request out, HELLO first, bad lines answered with an error line.
@Suite struct JSONLServeTests {
  init() { Composition.install() }
  static func run(_ lines: [String], _ arguments: [String] = []) throws -> (
    [ChannelValue], BinaryRunner.Result
  ) {
    let input = Array(lines.joined(separator: "\n").utf8)
    let result = try BinaryRunner.run(["serve", "--jsonl"] + arguments, input: input)
    let output = String(decoding: result.stdout, as: UTF8.self)
    let values = try output.split(separator: "\n").map { try ChannelJSON.parse(String($0)) }
    return (values, result)
  }

  @Test func aSessionTypedByHandAsTheReadmeShowsIt() throws {
    let scratch = try ScratchDirectory()
    let recording = scratch.url.appendingPathComponent("session.jsonl").path
    let (lines, result) = try Self.run(
      [
        #"{"call": {"method": "requestPermissions", "args": {"read": ["steps"], "write": ["steps"]}}}"#,
        #"{"call": {"method": "writeRecord", "args": {"type": "steps", "start": 1704067200000, "value": 1200, "unit": "count"}}}"#,
        #"{"call": {"method": "readRecords", "args": {"type": "steps"}}}"#,
        #"{"call": {"method": "deleteRecords", "args": {"uuids": ["nope"]}}}"#,
        #"{"call": {"method": "isAvailable"}"#,
      ], ["--record", recording])
    // The last line is not JSON: refused, so serve ends with exit status 2 (issue 22, defect 7).
    #expect(result.status == 2)
    #expect(lines.count == 6)
    guard lines.count == 6 else { return }
    #expect(lines[0]["hello"]?["protocol"] == .int32(1))
    #expect(lines[0]["hello"]?["device"]?["bundleId"] == "com.example.app")
    #expect(lines[1]["channel"] == "healthkit_permissions")
    #expect(lines[1]["reply"] == ["ok": true])
    #expect(lines[1]["replyHex"] == "0001")
    #expect(lines[2]["reply"]?["ok"]?["uuid"] == "00000000-0000-4000-8000-000000000001")
    #expect(lines[3]["reply"]?["ok"]?.listValue?.first?["value"] == .float64(1200))
    #expect(lines[4]["reply"]?["error"]?["code"] == "NOT_FOUND")
    // The unclosed object: jansson names the column after the last byte (34 bytes in).
    #expect(lines[5]["error"]?["line"] == .int32(5))
    #expect(lines[5]["error"]?["column"] == .int32(34))
    #expect(result.stderr.contains("warning: line 5: "))
    // The recording holds the four exchanges and replays clean.
    let replayed = try BinaryRunner.run(["replay", recording], input: [])
    #expect(String(decoding: replayed.stdout, as: UTF8.self) == "4 passed, 0 failed\n")
  }

  /// A Pigeon channel carries plain messages: the answer line is a `message` exchange with the
  /// reply list, as in a recording, never a call with an undecodable reply.
  @Test func aPigeonMessageLineGetsAMessageReply() throws {
    let channel = "dev.flutter.pigeon.connect_kit.ConnectKitHostApi.getPlatformVersion"
    let (lines, result) = try Self.run(
      [#"{"channel": "\#(channel)", "message": null, "messageHex": null}"#],
      ["--profile", "connect_kit"])
    #expect(result.status == 0)
    #expect(lines.count == 2)
    guard lines.count == 2 else { return }
    #expect(lines[1]["message"] == .null)
    #expect(lines[1]["call"] == nil)
    #expect(lines[1]["reply"] == ["message": ["iOS 17.5 (iOS)"]])
    #expect(lines[1]["replyHex"] == "0c01070e694f532031372e352028694f5329")
  }

  @Test func badLinesAreAnsweredAndServingGoesOn() throws {
    let (lines, result) = try Self.run([
      "[1, 2]",
      #"{"cal": {"method": "isAvailable"}}"#,
      "",
      #"{"note": "skipped"}"#,
      #"{"channel": "hkbridge/control", "call": {"method": "advanceClock", "args": {"ms": 5}}}"#
        + "\r",
      #"{"message": "hi", "channel": "nobody"}"#,
    ])
    #expect(result.status == 2)
    #expect(lines.count == 5)
    guard lines.count == 5 else { return }
    #expect(lines[1]["error"]?["line"] == .int32(1))
    #expect(lines[1]["error"]?["message"] == "a request line must be a JSON object, not list")
    #expect(lines[2]["error"]?["line"] == .int32(2))
    #expect(lines[2]["error"]?["column"] == nil)
    #expect(
      (lines[2]["error"]?["message"]?.stringValue ?? "").hasPrefix(#"unknown key "cal""#))
    #expect(lines[3]["reply"] == ["ok": ["now": .int64(1_704_067_200_005)]])
    #expect(lines[4]["reply"] == ["message": nil])
  }

  @Test func aLineLongerThanMaxFrameIsSkipped() throws {
    let (lines, result) = try Self.run(
      [
        #"{"call": {"method": "isAvailable"}}"#,
        #"{"call": {"method": "isAvailable", "args": ""# + String(repeating: "x", count: 100)
          + #""}}"#,
        #"{"call": {"method": "isAvailable"}}"#,
      ], ["--max-frame", "64"])
    #expect(result.status == 2)
    #expect(lines.count == 4)
    guard lines.count == 4 else { return }
    #expect(lines[1]["reply"] == ["ok": true])
    #expect(
      lines[2]["error"]?["message"]
        == "line 2 is longer than --max-frame 64 bytes: it was skipped")
    #expect(lines[3]["reply"] == ["ok": true])
  }

  @Test func binaryModeSaysWhenTheInputLooksLikeText() throws {
    let result = try BinaryRunner.run(
      ["serve"], input: Array(#"{"call": {"method": "isAvailable"}}"#.utf8) + [0x0A])
    #expect(
      result.stderr.contains(
        #"hkbridge serve: warning: the input looks like text ("{"call": {"method": "isA"), "#
          + "not binary frames: for one JSON call a line, use serve --jsonl "
          + "(protocol/text-mode.md)"))
  }

  @Test func binaryFramesGetNoTextHint() throws {
    let result = try BinaryRunner.run(
      ["serve"], input: messageFrame(1, "healthkit_permissions", callPayload("isAvailable")))
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }
}

/// The binary-mode hint looks at the length field only when it would be absurd.
@Suite struct TextInputHintTests {
  init() { Composition.install() }
  static func hint(_ bytes: [UInt8]) -> String? {
    bytes.withUnsafeBytes { Serve.textInputHint($0) }
  }

  @Test func fourPrintableBytesAreText() {
    #expect(Self.hint(Array(#"{"call""#.utf8)) != nil)
    #expect(Self.hint(Array("isAvailable\n".utf8)) != nil)
  }

  @Test func aFrameOf123BytesStartingWithABraceIsNotText() {
    // Length 123 = 7b 00 00 00: its first byte is "{".
    #expect(Self.hint([0x7B, 0x00, 0x00, 0x00, 0x01, 0x00]) == nil)
    #expect(Self.hint([0x7B]) == nil)
  }
}
