import Flutter
import Foundation
import Testing

/// The standard method codec: calls, success and error envelopes, byte for byte.
@Suite struct MethodCodecTests {
  @Test func methodCalls() {
    #expect(
      methodCodec.encode(FlutterMethodCall(methodName: "m", arguments: nil)) == bytes("07 01 6d 00")
    )
    let call = FlutterMethodCall(methodName: "m", arguments: Int32(1))
    #expect(methodCodec.encode(call) == bytes("07 01 6d 03 01000000"))
    let decoded = methodCodec.decodeMethodCall(bytes("07 01 6d 0d 01 07 01 6b 01"))
    #expect(decoded.method == "m")
    #expect((decoded.arguments as? [String: Any])?["k"] as? Bool == true)
    #expect(decoded == FlutterMethodCall(methodName: "m", arguments: ["k": true]))
  }

  @Test func successEnvelopes() {
    #expect(methodCodec.encodeSuccessEnvelope(1) == bytes("00 04 0100000000000000"))
    #expect(methodCodec.encodeSuccessEnvelope(nil) == bytes("00 00"))
    #expect(methodCodec.encodeSuccessEnvelope(1.0) == bytes("00 06 000000000000 000000000000f03f"))
    #expect(methodCodec.decodeEnvelope(bytes("00 07 02 6f6b")) as? String == "ok")
    #expect(methodCodec.decodeEnvelope(bytes("00 00")) == nil)
  }

  @Test func errorEnvelopes() {
    let bare = FlutterError(code: "E", message: nil, details: nil)
    #expect(methodCodec.encodeErrorEnvelope(bare) == bytes("01 07 01 45 00 00"))
    let full = FlutterError(code: "E", message: "m", details: Int32(2))
    #expect(methodCodec.encodeErrorEnvelope(full) == bytes("01 07 01 45 07 01 6d 03 02000000"))
    let decoded =
      methodCodec.decodeEnvelope(bytes("01 07 01 45 07 01 6d 03 02000000")) as? FlutterError
    #expect(decoded?.code == "E")
    #expect(decoded?.message == "m")
    #expect(decoded?.details as? Int == 2)
    #expect(decoded == full)
    #expect(decoded != bare)
  }

  @Test func corruptedEnvelopeIsNilAndReported() {
    ReportedLines.collect()
    #expect(methodCodec.decodeEnvelope(bytes("02 00 00 00 00 00 00")) == nil)
    #expect(ReportedLines.contains("Corrupted standard envelope (7 bytes)"))
    let call = methodCodec.decodeMethodCall(bytes("03 01000000 00 00 00 00"))
    #expect(call.method == "")
    #expect(ReportedLines.contains("Corrupted standard method call (9 bytes)"))
  }
}

/// The JSON, string and binary codecs.
@Suite struct OtherCodecTests {
  let json = FlutterJSONMessageCodec.sharedInstance()
  let jsonMethod = FlutterJSONMethodCodec.sharedInstance()

  @Test func jsonMessages() {
    #expect(json.encode(["a": 1]) == Data(#"{"a":1}"#.utf8))
    #expect(json.encode("x") == Data(#""x""#.utf8))
    #expect(json.encode(true) == Data("true".utf8))
    #expect(json.encode([1, nil] as [Int?]) == Data("[1,null]".utf8))
    #expect(json.encode(nil) == nil)
    #expect(json.decode(Data("12".utf8)) as? Int == 12)
    #expect((json.decode(Data(#"{"a":[1,"b"]}"#.utf8)) as? [String: Any])?["a"] as? [Any] != nil)
    #expect(json.decode(Data()) == nil)
  }

  @Test func jsonMethodCalls() {
    let encoded = jsonMethod.encode(FlutterMethodCall(methodName: "m", arguments: nil))
    let object = try? JSONSerialization.jsonObject(with: encoded) as? [String: Any]
    #expect(object?["method"] as? String == "m")
    #expect(object?["args"] is NSNull)
    let call = jsonMethod.decodeMethodCall(Data(#"{"method":"go","args":{"n":2}}"#.utf8))
    #expect(call.method == "go")
    #expect((call.arguments as? [String: Any])?["n"] as? Int == 2)
    #expect(jsonMethod.encodeSuccessEnvelope("ok") == Data(#"["ok"]"#.utf8))
    #expect(
      jsonMethod.encodeErrorEnvelope(FlutterError(code: "E", message: nil, details: nil))
        == Data(#"["E",null,null]"#.utf8))
    #expect(jsonMethod.decodeEnvelope(Data("[null]".utf8)) == nil)
    let error = jsonMethod.decodeEnvelope(Data(#"["E","m",3]"#.utf8)) as? FlutterError
    #expect(error == FlutterError(code: "E", message: "m", details: 3))
  }

  @Test func stringAndBinary() {
    let string = FlutterStringCodec.sharedInstance()
    #expect(string.encode("hé") == bytes("68c3a9"))
    #expect(string.decode(bytes("68c3a9")) as? String == "hé")
    #expect(string.encode(nil) == nil)
    let binary = FlutterBinaryCodec.sharedInstance()
    #expect(binary.encode(Data([1, 2])) == Data([1, 2]))
    #expect(binary.decode(Data([3])) as? Data == Data([3]))
  }

  @Test func sharedInstancesAreShared() {
    #expect(
      FlutterStandardMessageCodec.sharedInstance() === FlutterStandardMessageCodec.sharedInstance())
    #expect(FlutterJSONMethodCodec.sharedInstance() === FlutterJSONMethodCodec.sharedInstance())
  }
}
