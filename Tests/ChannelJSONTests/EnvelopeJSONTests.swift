import ChannelJSON
import FlutterCodec
import Testing

@Suite("Typed JSON shapes of calls and envelopes")
struct EnvelopeJSONTests {
  @Test("a call prints as {method, args} and reads back")
  func call() throws {
    let call = MethodCall("readRecords", ["type": "steps"])
    let text = ChannelJSON.print(ChannelJSON.value(of: call))
    #expect(text == #"{"method": "readRecords", "args": {"type": "steps"}}"#)
    #expect(try ChannelJSON.methodCall(from: ChannelJSON.parse(text)) == call)
    #expect(
      try ChannelJSON.methodCall(from: ["method": "isAvailable"]) == MethodCall("isAvailable"))
  }

  @Test("envelopes print as {ok} or {error}, with stacktrace only when sent")
  func envelopes() throws {
    let ok = Envelope.success(true)
    #expect(ChannelJSON.print(ChannelJSON.value(of: ok)) == #"{"ok": true}"#)
    let error = Envelope.error(
      FlutterError(code: "NOT_FOUND", message: nil, details: ["hkErrorCode": 4]))
    let errorText = ChannelJSON.print(ChannelJSON.value(of: error))
    #expect(
      errorText
        == #"{"error": {"code": "NOT_FOUND", "message": null, "details": {"hkErrorCode": 4}}}"#)
    let android = Envelope.error(
      FlutterError(code: "E", message: "m", details: nil, stacktrace: "at x"))
    let androidText = ChannelJSON.print(ChannelJSON.value(of: android))
    #expect(
      androidText
        == #"{"error": {"code": "E", "message": "m", "details": null, "stacktrace": "at x"}}"#)
    for (envelope, text) in [(ok, #"{"ok": true}"#), (error, errorText), (android, androidText)] {
      #expect(try ChannelJSON.envelope(from: ChannelJSON.parse(text)) == envelope)
    }
  }

  @Test(
    "malformed shapes name the path",
    arguments: [
      (#"{"method": 1}"#, "$.method"), (#"{"args": 1}"#, "$.method"), ("[1]", "$"),
      (#"{"method": "m", "extra": 1}"#, "$"),
    ])
  func badCalls(text: String, path: String) throws {
    let value = try ChannelJSON.parse(text)
    do {
      _ = try ChannelJSON.methodCall(from: value)
      Issue.record("expected an error")
    } catch {
      #expect(error.path == path)
      #expect(error.kind == .wrongType)
    }
  }

  @Test(
    "malformed envelopes name the path",
    arguments: [
      (#"{}"#, "$"), (#"{"ok": 1, "error": {}}"#, "$"), (#"{"error": 5}"#, "$.error"),
      (#"{"error": {"message": "m"}}"#, "$.error.code"),
      (#"{"error": {"code": "C", "message": 5}}"#, "$.error.message"),
      (#"{"error": {"code": "C", "stacktrace": []}}"#, "$.error.stacktrace"),
      (#"{"error": {"code": "C", "why": 1}}"#, "$.error"),
    ])
  func badEnvelopes(text: String, path: String) throws {
    let value = try ChannelJSON.parse(text)
    do {
      _ = try ChannelJSON.envelope(from: value)
      Issue.record("expected an error")
    } catch {
      #expect(error.path == path)
    }
  }
}
