import ChannelJSON
import FlutterCodec
import Testing

@testable import Harness

/// Lines as `--record` writes them, read without jansson reading the whole line, give the entry
/// the whole-line reading gives; every other line is left to it.
@Suite struct TranscriptDirectLineTests {
  /// The line read here, or `nil` when it is left to the whole-line reading.
  func direct(_ line: String) -> TranscriptDirectLine.Read? {
    var text = line
    return text.withUTF8 { TranscriptDirectLine.read($0) }
  }

  /// The line read whole by jansson, as before.
  func whole(_ line: String) throws -> TranscriptEntry {
    var text = line
    return try text.withUTF8 { buffer in
      do throws(TranscriptReader.LineError) {
        return try TranscriptReader.parseLine(buffer, requireReply: true)
      } catch {
        Issue.record("\(error.message)")
        throw error
      }
    }
  }

  static let messageCodec = StandardMessageCodec(allowsExtensions: true)
  static let record = ReplaySpeedTests.record

  /// What `serve --record` writes for a plain message and its reply.
  static func recordedMessageLine(_ message: ChannelValue, reply: ChannelValue) -> String {
    TranscriptWriter.line(
      .exchange(
        TranscriptRecorder.exchange(
          channel: "m", payload: messageCodec.encode(message),
          reply: messageCodec.encode(reply), methodChannels: [])))
  }

  static var recordedLines: [String] {
    let codec = StandardMethodCodec()
    let call = ReplaySpeedTests.recordedLine(
      MethodCall("readRecords", .object([("limit", .int32(2))])),
      reply: codec.encodeSuccessEnvelope(.list([record, record])))
    let error = ReplaySpeedTests.recordedLine(
      MethodCall("m", .null),
      reply: codec.encodeErrorEnvelope(FlutterError(code: "E", message: nil, details: record)))
    return [call, error, recordedMessageLine(.list([record]), reply: .string("ok"))]
  }

  @Test func recordedLinesReadAsTheWholeLineReads() throws {
    for line in Self.recordedLines {
      #expect(line.contains("Hex\": \""))
      let read = try #require(direct(line))
      #expect(read.valuesFromBytes)
      #expect(read.entry == (try whole(line)))
    }
  }

  @Test(arguments: [
    // A call without callHex (jansson reads the call's text alone), a note on the line.
    "{\"channel\": \"c\", \"call\": {\"method\": \"m\", \"args\": {\"a\": [1, 2.5, {\"$int64\": 3}]}}, "
      + "\"reply\": {\"ok\": true}, \"replyHex\": \"0001\", \"note\": \"é, / and 日本\"}",
    // A message without messageHex; members in another order, other spacing around them.
    " {\"reply\": {\"message\": null}, \"message\": [\"x\"],\"channel\":\"m\", \"replyHex\": \"00\"}\r",
    "{\"channel\": \"c\", \"call\": {\"method\": \"m\"}, \"reply\": {\"error\": {\"code\": \"E\", "
      + "\"message\": null, \"details\": null}}, \"replyHex\": \"010701450000\"}",
  ])
  func handWrittenLinesInTheRecordedShapeReadTheSame(_ line: String) throws {
    let read = try #require(direct(line))
    #expect(read.entry == (try whole(line)))
    #expect(read.valuesFromBytes)
  }

  @Test func aNoteAloneIsANote() throws {
    let read = try #require(direct("{\"note\": \"a note\"}"))
    #expect(read.entry == .note("a note"))
    #expect(!read.valuesFromBytes)
  }

  static let good =
    "{\"channel\": \"c\", \"call\": {\"method\": \"m\"}, \"reply\": {\"ok\": true}, "
    + "\"replyHex\": \"0001\"}"

  @Test(arguments: [
    // Not the recorded shape: another key, a key twice, an escape, no reply bytes.
    good.replacing("\"reply\"", with: "\"at\": 5, \"reply\""),
    good.replacing(
      "\"replyHex\": \"0001\"", with: "\"replyHex\": \"0001\", \"replyHex\": \"0001\""),
    good.replacing("\"channel\": \"c\"", with: "\"channel\": \"\\u0063\""),
    good.replacing("\"channel\"", with: "\"chann\\u0065l\""),
    good.replacing("\"0001\"", with: "null"),
    good.replacing("\"replyHex\": \"0001\"", with: "\"note\": \"n\""),
    good.replacing("\"call\"", with: "\"message\": 1, \"call\""),
    // The reply's text is not what its bytes print as: jansson reads it (and the consistency
    // check then speaks).
    good.replacing("{\"ok\": true}", with: "{\"ok\": false}"),
    good.replacing("{\"ok\": true}", with: "{\"ok\":true}"),
    good.replacing("\"0001\"", with: "\"00zz\""),
    good.replacing("\"0001\"", with: "\"07\""),
    // A NaN with a payload prints as "NaN", which jansson reads as the canonical NaN.
    good.replacing("{\"ok\": true}", with: "{\"ok\": {\"$float64\": \"NaN\"}}")
      .replacing("\"0001\"", with: "\"0006000000000000010000000000f87f\""),
    // A call whose text jansson refuses, and lines that are not one object.
    good.replacing("{\"method\": \"m\"}", with: "{\"method\": \"m\",}"),
    good + " x", "[" + good + "]",
    // Other kinds of lines.
    "{\"hkbridge\": {\"profiles\": [\"health\"]}}",
    "{\"channel\": \"e\", \"event\": {\"end\": true}, \"eventHex\": \"\"}",
    "{\"note\": 5}", "{}",
  ])
  func otherLinesAreLeftToTheWholeLineReading(_ line: String) {
    #expect(direct(line) == nil)
  }

  @Test func aRepeatedMapKeyIsReadAsDartReadsIt() {
    let repeated = ChannelValue.map([
      ChannelMapEntry(.string("k"), .int32(1)), ChannelMapEntry(.string("k"), .int32(2)),
    ])
    let bytes = StandardMethodCodec().encodeSuccessEnvelope(repeated)
    let exchange = TranscriptExchange(
      channel: "c", request: .call(MethodCall("m", .null)), reply: .ok(repeated),
      replyBytes: .bytes(bytes))
    // The full check reads the map as Dart does, the last "k" winning on both sides: the value
    // and its own bytes agree (a recording with a repeated key replays).
    #expect(TranscriptConsistency.problem(exchange, valuesFromBytes: true) == nil)
    #expect(TranscriptConsistency.problem(exchange) == nil)
    // The call's arguments too, with a null key given twice.
    let nullTwice = ChannelValue.map([
      ChannelMapEntry(.null, .null), ChannelMapEntry(.null, .int32(1)),
    ])
    let call = MethodCall("isAvailable", nullTwice)
    let sent = TranscriptExchange(
      channel: "c", request: .call(call),
      requestBytes: .bytes(StandardMethodCodec().encodeMethodCall(call)), reply: .ok(.bool(true)),
      replyBytes: .bytes([0x00, 0x01]))
    #expect(TranscriptConsistency.problem(sent) == nil)
    // A side that says another value for the repeated key still disagrees.
    let edited = TranscriptExchange(
      channel: "c", request: .call(call), requestBytes: sent.requestBytes,
      reply: .ok(.map([ChannelMapEntry(.string("k"), .int32(1))])), replyBytes: .bytes(bytes))
    #expect(
      TranscriptConsistency.problem(edited)?.hasPrefix(
        "\"reply\" and \"replyHex\" disagree at reply.ok.k: \"reply\" has 1, \"replyHex\" decodes to 2"
      )
        == true)
    let plain = TranscriptExchange(
      channel: "c", request: .message(.list([.string("k"), .string("k")])),
      requestBytes: .bytes(Self.messageCodec.encode(.list([.string("k"), .string("k")]))),
      reply: .message(.null), replyBytes: .bytes([0x00]))
    #expect(TranscriptConsistency.problem(plain, valuesFromBytes: true) == nil)
  }

  @Test func aLineWhoseEntryChangesNoLongerCountsAsReadFromItsBytes() {
    var line = TranscriptLine(number: 1, text: "", entry: .note("n"))
    line.valuesFromBytes = true
    line.entry = .note("m")
    #expect(!line.valuesFromBytes)
  }

  @Test func hexDigitsInEitherCaseAndTheFirstBadDigitNamed() throws {
    #expect(try TranscriptHex.decode("00aFf0Ab").get() == [0x00, 0xAF, 0xF0, 0xAB])
    #expect(try TranscriptHex.decode("").get() == [])
    #expect(
      TranscriptHex.decode("00g0")
        == .failure(
          HexError(message: "character 3 is not a hex digit (expected 0-9, a-f)")))
    #expect(
      TranscriptHex.decode("000 ")
        == .failure(
          HexError(message: "character 4 is not a hex digit (expected 0-9, a-f)")))
    #expect(
      TranscriptHex.decode("012") == .failure(HexError(message: "odd number of hex digits (3)")))
  }
}
