import ChannelJSON
import FlutterCodec
import Foundation
import HKBridgeCLI
import Testing

@testable import Harness

/// What replay skips or reads apart to be fast gives what the plain path gives: hex strings read
/// apart from jansson, the consistency check by encoding first, `-j` threads.
@Suite struct ReplaySpeedTests {
  init() { Composition.install() }
  static let hex = "070b6973417661696c61626c6500"

  func lifted(_ line: String) throws -> ChannelValue {
    var text = line
    return try text.withUTF8 { try TranscriptHexLift.parse($0, wrapperDepth: 3) }
  }

  func liftedKeys(_ line: String) -> [String]? {
    var text = line
    return text.withUTF8 { buffer in
      TranscriptHexLift.scan(buffer)?.strings.filter { $0.text.count >= TranscriptHexLift.shortest }
        .map(\.key)
    }
  }

  @Test func onlyTopLevelPlainStringsAreLifted() {
    let line =
      "{\"channel\": \"c\", \"call\": {\"method\": \"m\", \"args\": {\"replyHex\": \"\(Self.hex)\"}}, "
      + "\"callHex\": \"\(Self.hex)\", \"note\": \"a \\\" quote, \\\"replyHex\\\": \", "
      + "\"replyHex\": \"0001\", \"messageHex\": null, \"eventHex\": \"\(Self.hex)\"}"
    // The channel and replyHex are too short to be worth it; the note has escapes; messageHex is
    // null, not a string.
    #expect(liftedKeys(line) == ["callHex", "eventHex"])
    #expect(liftedKeys("[\"callHex\", \"\(Self.hex)\"]") == nil)
    #expect(liftedKeys("{\"callHex\": \"\(Self.hex)\"} x") == nil)
    #expect(liftedKeys("{\"call\\u0048ex\": \"\(Self.hex)\"}") == nil)
  }

  @Test(arguments: [
    "{\"channel\": \"c\", \"call\": {\"method\": \"isAvailable\"}, \"callHex\": \"\(hex)\", "
      + "\"reply\": {\"ok\": [1, 2.5, {\"$int64\": 3}, true, null]}, \"replyHex\": \"\(hex)\"}",
    "  {\"callHex\" :\"\(hex.uppercased())\" , \"x\": [{\"a\": \"}]\"}, -1.5e3]}\r",
    "{\"replyHex\": \"\(hex)\"}",
    "{\"channel\": \"healthkit_permissions\", \"note\": \"a note, é ü 日本 and / slashes\", "
      + "\"call\": {\"method\": \"m\"}, \"reply\": {\"notImplemented\": true}}",
  ])
  func liftedLinesReadAsJanssonReadsThem(_ line: String) throws {
    #expect(liftedKeys(line)?.isEmpty == false)
    #expect(try lifted(line) == ChannelJSON.parse(line, wrapperDepth: 3))
  }

  @Test(arguments: [
    "{\"callHex\": \"\(hex)\", \"x\": }",
    "{\"callHex\": \"\(hex)\", \"callHex\": \"\(hex)\"}",
    "{\"callHex\": \"\(hex)\" \"x\": 1}",
  ])
  func badLinesFailWithJanssonsMessageForTheWholeLine(_ line: String) throws {
    #expect(throws: (any Error).self) { try ChannelJSON.parse(line, wrapperDepth: 3) }
    var expected: ChannelJSONError?
    do { _ = try ChannelJSON.parse(line, wrapperDepth: 3) } catch { expected = error }
    var actual: ChannelJSONError?
    do { _ = try lifted(line) } catch { actual = error as? ChannelJSONError }
    #expect(actual != nil && actual == expected)
  }

  /// The keys of the values read from their hex in `line`.
  func decodedKeys(_ line: String) -> [String]? {
    var text = line
    return text.withUTF8 { buffer in
      TranscriptHexLift.scan(buffer).map { TranscriptHexLift.decodedValues(buffer, $0).map(\.key) }
    }
  }

  /// The line `serve --record` writes for a call and its reply bytes.
  static func recordedLine(_ call: MethodCall, reply: [UInt8]) -> String {
    let codec = StandardMethodCodec(messageCodec: StandardMessageCodec(allowsExtensions: true))
    return TranscriptWriter.line(
      .exchange(
        TranscriptRecorder.exchange(
          channel: "c", payload: codec.encodeMethodCall(call), reply: reply,
          methodChannels: ["c"])))
  }

  static let record = ChannelValue.object([
    ("uuid", .string("A1")), ("value", .float64(72.5)), ("start", .int64(1_700_000_000_000)),
    ("tags", .list([.string("é"), .null, .bool(true)])),
    ("odd", .map([ChannelMapEntry(.int32(1), .string("x"))])),
  ])

  @Test func aRecordedCallAndReplyAreReadFromTheirHex() throws {
    let codec = StandardMethodCodec()
    let line = Self.recordedLine(
      MethodCall("readRecords", .object([("limit", .int32(2))])),
      reply: codec.encodeSuccessEnvelope(.list([Self.record, Self.record])))
    #expect(decodedKeys(line) == ["call", "reply"])
    #expect(try lifted(line) == ChannelJSON.parse(line, wrapperDepth: 3))
    let error = Self.recordedLine(
      MethodCall("m", .null),
      reply: codec.encodeErrorEnvelope(FlutterError(code: "E", message: "m", details: Self.record)))
    #expect(decodedKeys(error) == ["call", "reply"])
    #expect(try lifted(error) == ChannelJSON.parse(error, wrapperDepth: 3))
  }

  @Test func aValueEditedByHandIsReadFromItsTextNotItsHex() throws {
    let line = Self.recordedLine(
      MethodCall("m", .list([.int32(1)])),
      reply: StandardMethodCodec().encodeSuccessEnvelope(.bool(true)))
    let edited = line.replacing("{\"ok\": true}", with: "{\"ok\": false}")
      .replacing("\"args\": [1]", with: "\"args\": [1.0]")
    #expect(edited != line)
    #expect(decodedKeys(edited) == [])
    let value = try lifted(edited)
    #expect(value == (try ChannelJSON.parse(edited, wrapperDepth: 3)))
    #expect(value["reply"] == .object([("ok", .bool(false))]))
  }

  @Test func aReplyWithANaNIsLeftToJansson() throws {
    // A NaN with a payload: jansson reads "NaN" as the canonical NaN, not these bits.
    let bits: UInt64 = 0x7FF8_0000_0000_0001
    let reply = StandardMethodCodec().encodeSuccessEnvelope(.float64(Double(bitPattern: bits)))
    let line = Self.recordedLine(MethodCall("m", .null), reply: reply)
    #expect(line.contains("NaN"))
    #expect(decodedKeys(line) == ["call"])
    #expect(try lifted(line) == ChannelJSON.parse(line, wrapperDepth: 3))
  }

  @Test func aMapThatRepeatsAKeyAgreesWithItsOwnBytesOnly() {
    let value = ChannelValue.map([
      ChannelMapEntry(.int32(1), .string("a")), ChannelMapEntry(.int32(1), .string("b")),
    ])
    let exchange = TranscriptExchange(
      channel: "c", request: .message(value),
      requestBytes: .bytes(StandardMessageCodec().encode(value)))
    // Dart's map keeps the last value, on both sides: the value and its own bytes agree.
    #expect(TranscriptConsistency.requestProblem(exchange) == nil)
    // Bytes whose last value for the key is another disagree.
    let other = ChannelValue.map([
      ChannelMapEntry(.int32(1), .string("b")), ChannelMapEntry(.int32(1), .string("a")),
    ])
    let edited = TranscriptExchange(
      channel: "c", request: .message(value),
      requestBytes: .bytes(StandardMessageCodec().encode(other)))
    #expect(
      TranscriptConsistency.requestProblem(edited)?.contains("disagree at message[1]") == true)
    let plain = TranscriptExchange(
      channel: "c", request: .message(.list([.int32(1)])),
      requestBytes: .bytes(StandardMessageCodec().encode(.list([.int32(1)]))))
    #expect(TranscriptConsistency.requestProblem(plain) == nil)
  }

  @Test func aReplyWhoseBytesDisagreeIsStillCaught() {
    let exchange = TranscriptExchange(
      channel: "c", request: .call(MethodCall("m", .null)),
      requestBytes: .bytes(StandardMethodCodec().encodeMethodCall(MethodCall("m", .null))),
      reply: .ok(.bool(true)), replyBytes: .bytes([0x00, 0x02]))
    #expect(TranscriptConsistency.replyProblem(exchange)?.contains("disagree") == true)
  }

  @Test func threadsGiveTheSameReportInFileOrder() {
    let paths = GoldenTests.files.map { GoldenTests.directory.appendingPathComponent($0).path }
    func report(jobs: Int, json: Bool) -> (Int32, String) {
      var out = ""
      let status = ReplayRun.run(
        paths: paths + [paths[0]], mode: nil, update: false, json: json, setup: ReplaySetup(),
        jobs: jobs, makeConfiguredHandler: Emulator.make, output: { out += $0 },
        errors: { out += $0 })
      return (status, out)
    }
    for json in [false, true] {
      let one = report(jobs: 1, json: json)
      let two = report(jobs: 2, json: json)
      #expect(one.0 == 0 && two.0 == one.0)
      #expect(two.1 == one.1)
    }
  }
}
