import FlutterCodec
import Foundation
import HKBridgeCLI
import Harness
import Testing

@Suite struct TranscriptReaderTests {
  init() { Composition.install() }
  func parse(_ text: String, requireReply: Bool = true) throws(TranscriptError) -> Transcript {
    try TranscriptReader.parse(text, path: "t.jsonl", requireReply: requireReply)
  }

  func error(_ text: String) -> TranscriptError? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func readsNotesExchangesAndBlankLines() throws {
    let text = """
      {"note": "hello"}

      {"channel": "c", "call": {"method": "m", "args": {"a": 1.0}}, "reply": {"ok": {"$int64": 5}}, "replyHex": "00040500000000000000"}
      {"channel": "b", "message": [1, "x"], "reply": {"message": null}, "messageHex": "0c020301000000070178", "replyHex": null}\r
      """
    let transcript = try parse(text)
    #expect(transcript.lines.count == 4)
    #expect(transcript.lines[0].entry == .note("hello"))
    #expect(transcript.lines[1].entry == nil)
    let exchanges = transcript.exchanges
    #expect(exchanges.map(\.line) == [3, 4])
    #expect(
      exchanges[0].exchange
        == TranscriptExchange(
          channel: "c", request: .call(MethodCall("m", ["a": 1.0])), reply: .ok(.int64(5)),
          replyBytes: .bytes(hex("00040500000000000000"))))
    #expect(
      exchanges[1].exchange
        == TranscriptExchange(
          channel: "b", request: .message([1, "x"]),
          requestBytes: .bytes(hex("0c020301000000070178")), reply: .message(nil),
          replyBytes: .nullPayload))
  }

  @Test func errorRepliesAndDefaults() throws {
    let text = """
      {"channel": "c", "call": {"method": "m"}, "reply": {"error": {"code": "E"}}}
      {"channel": "c", "call": {"method": "m"}, "reply": {"error": {"code": "E", "message": "x", "details": {"k": 1}, "stacktrace": "s"}}}
      {"channel": "c", "call": {"method": "m"}, "reply": {"notImplemented": true}, "note": "why"}
      """
    let exchanges = try parse(text).exchanges.map(\.exchange)
    #expect(exchanges[0].request == .call(MethodCall("m", nil)))
    #expect(exchanges[0].reply == .error(FlutterError(code: "E")))
    #expect(
      exchanges[1].reply
        == .error(FlutterError(code: "E", message: "x", details: ["k": 1], stacktrace: "s")))
    #expect(exchanges[2].reply == .notImplemented)
    #expect(exchanges[2].note == "why")
  }

  @Test func malformedInputIsANullCallWithCallHex() throws {
    let exchange = try #require(
      parse(
        #"{"channel": "c", "call": null, "callHex": "07ff", "reply": {"notImplemented": true}}"#
      )
      .exchanges.first?.exchange)
    #expect(exchange.request == .call(nil))
    #expect(exchange.payload == [0x07, 0xFF])
    let null = try #require(
      parse(#"{"channel": "c", "call": null, "callHex": null, "reply": {"notImplemented": true}}"#)
        .exchanges.first?.exchange)
    #expect(null.payload == nil)
  }

  @Test func payloadIsTheEncodedRequestWithoutHex() throws {
    let exchange = try #require(
      parse(
        #"{"channel": "c", "call": {"method": "isAvailable", "args": null}, "reply": {"ok": true}}"#
      )
      .exchanges.first?.exchange)
    // 07 0b "isAvailable" 00
    #expect(exchange.payload == hex("070b 6973417661696c61626c65 00"))
  }

  @Test func everyLineErrorNamesFileAndLine() {
    let cases: [(String, String)] = [
      ("{\"note\": 1}", "\"note\" must be a string"),
      ("[1]", "a transcript line must be a JSON object"),
      ("{nope", "not a typed-JSON line"),
      (#"{"call": {"method": "m"}, "reply": {"ok": 1}}"#, "missing \"channel\""),
      (
        #"{"channel": 1, "call": {"method": "m"}, "reply": {"ok": 1}}"#,
        "\"channel\" must be a string"
      ),
      (#"{"channel": "c", "reply": {"ok": 1}}"#, "missing \"call\" or \"message\""),
      (#"{"channel": "c", "call": {"method": "m"}, "message": 1, "reply": {"ok": 1}}"#, "both"),
      (#"{"channel": "c", "call": {"method": "m"}}"#, "missing \"reply\""),
      (
        #"{"channel": "c", "call": {"method": "m"}, "reply": {"ok": 1}, "extra": 1}"#,
        "unknown key \"extra\""
      ),
      (
        #"{"channel": "c", "call": {"method": 5}, "reply": {"ok": 1}}"#,
        "\"method\" must be a string"
      ),
      (#"{"channel": "c", "call": {"args": 5}, "reply": {"ok": 1}}"#, "missing \"method\""),
      (
        #"{"channel": "c", "call": {"method": "m", "x": 1}, "reply": {"ok": 1}}"#,
        "unknown key \"x\" in \"call\""
      ),
      (#"{"channel": "c", "call": null, "reply": {"ok": 1}}"#, "null call needs the bytes"),
      (
        #"{"channel": "c", "call": {"method": "m"}, "callHex": "0", "reply": {"ok": 1}}"#,
        "odd number of hex digits"
      ),
      (
        #"{"channel": "c", "call": {"method": "m"}, "callHex": "zz", "reply": {"ok": 1}}"#,
        "not a hex digit"
      ),
      (
        #"{"channel": "c", "call": {"method": "m"}, "callHex": 1, "reply": {"ok": 1}}"#,
        "must be a hex string or null"
      ),
      (
        #"{"channel": "c", "call": {"method": "m"}, "messageHex": "00", "reply": {"ok": 1}}"#,
        "\"messageHex\" goes with \"message\""
      ),
      (
        #"{"channel": "c", "message": 1, "callHex": "00", "reply": {"message": 1}}"#,
        "\"callHex\" goes with \"call\""
      ),
      (
        #"{"channel": "c", "call": {"method": "m"}, "reply": {"ok": 1, "error": {}}}"#,
        "exactly one key"
      ),
      (
        #"{"channel": "c", "call": {"method": "m"}, "reply": {"fine": 1}}"#,
        "unknown reply \"fine\""
      ),
      (
        #"{"channel": "c", "call": {"method": "m"}, "reply": {"notImplemented": false}}"#,
        "must be true"
      ),
      (
        #"{"channel": "c", "call": {"method": "m"}, "reply": {"error": {"message": "x"}}}"#,
        "\"code\" must be a string"
      ),
      (
        #"{"channel": "c", "call": {"method": "m"}, "reply": {"error": {"code": "E", "message": 1}}}"#,
        "\"message\" must be a string or null"
      ),
      (
        #"{"channel": "c", "call": {"method": "m"}, "reply": {"error": {"code": "E", "why": 1}}}"#,
        "unknown key \"why\" in the error"
      ),
      (#"{"channel": "c", "call": {"method": "m"}, "reply": {"message": 1}}"#, "a call's reply"),
      (#"{"channel": "c", "message": 1, "reply": {"ok": 1}}"#, "a plain message's reply"),
      (
        #"{"channel": "c", "call": {"method": "m"}, "reply": {"ok": 1}, "replyHex": "0x00"}"#,
        "not a hex digit"
      ),
    ]
    for (line, expected) in cases {
      let failure = error("{\"note\": \"first\"}\n" + line)
      #expect(failure?.file == "t.jsonl", "\(line)")
      #expect(failure?.line == 2, "\(line)")
      #expect(
        failure?.message.contains(expected) == true, "\(line): \(failure?.message ?? "no error")")
      #expect(failure?.description.hasPrefix("t.jsonl:2: ") == true)
    }
  }

  @Test func duplicateKeysAreRefused() {
    let failure = error(
      #"{"channel": "a", "channel": "b", "call": {"method": "m"}, "reply": {"ok": 1}}"#)
    #expect(
      failure?.message.contains("duplicate object key") == true, "\(String(describing: failure))")
  }

  @Test func scenarioLinesMayLeaveOutTheReply() throws {
    let transcript = try parse(#"{"channel": "c", "call": {"method": "m"}}"#, requireReply: false)
    #expect(transcript.exchanges.first?.exchange.reply == nil)
  }

  @Test func crlfLineBreaksSplitLines() throws {
    // "\r\n" is a single Character in Swift; every CRLF must still end a line.
    let text =
      "{\"note\": \"a\"}\r\n\r\n"
      + "{\"channel\": \"c\", \"call\": {\"method\": \"m\"}, \"reply\": {\"ok\": 1}}\r\n"
      + "{\"note\": \"b\"}\r\n"
    let transcript = try parse(text)
    #expect(transcript.lines.count == 4)
    #expect(transcript.lines.map(\.text)[0] == #"{"note": "a"}"#)
    #expect(transcript.lines[1].entry == nil)
    #expect(transcript.exchanges.map(\.line) == [3])
    #expect(transcript.lines[3].entry == .note("b"))
  }

  @Test func invalidUTF8NamesItsLine() throws {
    let scratch = try ScratchDirectory()
    let path = scratch.url.appendingPathComponent("bad-utf8.jsonl").path
    var bytes = Array("{\"note\": \"a\"}\n\n{\"note\": \"".utf8)
    bytes += [0xC3, 0x28]
    bytes += Array("\"}\n".utf8)
    try FileIO.replaceFile(path, with: bytes)
    do {
      _ = try TranscriptReader.read(path: path)
      Issue.record("expected an error")
    } catch {
      #expect(error.line == 3)
      #expect(error.description == "\(path):3: the line is not valid UTF-8 text")
    }
  }

  @Test func missingFileIsAnErrorWithoutLine() {
    do {
      _ = try TranscriptReader.read(path: "/nonexistent/x.jsonl")
      Issue.record("expected an error")
    } catch {
      #expect(error.line == 0)
      #expect(error.description.hasPrefix("/nonexistent/x.jsonl: cannot open"))
    }
  }
}

@Suite struct TranscriptWriterTests {
  init() { Composition.install() }
  @Test func keysComeInTheCanonicalOrder() {
    let exchange = TranscriptExchange(
      channel: "c", request: .call(MethodCall("m", ["a": 1])), requestBytes: .bytes([0x07]),
      reply: .error(FlutterError(code: "E", message: nil, details: ["k": 2.5])),
      replyBytes: .nullPayload, note: "n")
    #expect(
      TranscriptWriter.line(.exchange(exchange))
        == #"{"channel": "c", "call": {"method": "m", "args": {"a": 1}}, "reply": {"error": {"code": "E", "message": null, "details": {"k": 2.5}}}, "callHex": "07", "replyHex": null, "note": "n"}"#
    )
    let message = TranscriptExchange(
      channel: "b", request: .message(nil), requestBytes: .nullPayload, reply: .message(nil),
      replyBytes: .bytes([0]))
    #expect(
      TranscriptWriter.line(.exchange(message))
        == #"{"channel": "b", "message": null, "reply": {"message": null}, "messageHex": null, "replyHex": "00"}"#
    )
    #expect(TranscriptWriter.line(.note("x")) == #"{"note": "x"}"#)
  }

  @Test func writtenLinesReadBackTheSame() throws {
    let exchanges = [
      TranscriptExchange(
        channel: "c", request: .call(nil), requestBytes: .bytes([1, 2]), reply: .notImplemented,
        replyBytes: .nullPayload),
      TranscriptExchange(
        channel: "c", request: .call(MethodCall("m", [.int64(1), .float64(.nan)])),
        reply: .ok(.uint8List([1, 2, 3])), replyBytes: .bytes([0, 8])),
      TranscriptExchange(
        channel: "c", request: .call(MethodCall("m")),
        reply: .error(FlutterError(code: "E", message: "m", details: nil, stacktrace: nil)),
        replyBytes: .bytes([])),
      TranscriptExchange(
        channel: "d", request: .message(["$int64": 1]), reply: .undecodable("why")),
    ]
    let text = exchanges.map { TranscriptWriter.line(.exchange($0)) }.joined(separator: "\n")
    let back = try TranscriptReader.parse(text, path: "w", requireReply: true).exchanges.map(
      \.exchange)
    #expect(back == exchanges)
  }
}
