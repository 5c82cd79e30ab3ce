import Flutter
import FlutterCodec
import Foundation
import Testing

/// The module's codec against the project's own `FlutterCodec`, in both directions.
@Suite struct CrossCheckTests {
  let reference = StandardMessageCodec()

  @Test func swiftValuesDecodeAsTheReferenceExpects() throws {
    let value: [Any?] = [
      1, Int32(-2), 2.5, true, nil, "s", Data([7]), ["k": [Int64(1) << 40]] as [String: Any],
      FlutterStandardTypedData(float64: Data(count: 8)),
    ]
    let encoded = try #require(messageCodec.encode(value))
    let decoded = try reference.decode([UInt8](encoded))
    let expected = ChannelValue.list([
      .int64(1), .int32(-2), .float64(2.5), .bool(true), .null, .string("s"), .uint8List([7]),
      .object([("k", .list([.int64(1 << 40)]))]), .float64List([0]),
    ])
    #expect(reference.encode(decoded) == reference.encode(expected))
  }

  @Test func referenceBytesRoundTripThroughTheModule() {
    let values: [ChannelValue] = [
      // One entry per map: an NSDictionary has its own order.
      .list([.object([("a", .int32(1))]), .list([.string("x"), .null, .float64(-0.5)])]),
      .int32List([1, 2, 3]), .int64(-(1 << 40)), .float32List([1.5]), .uint8List([]),
      .string(String(repeating: "é", count: 200)),
    ]
    for value in values {
      let encoded = Data(reference.encode(value))
      let decoded = messageCodec.decode(encoded)
      #expect(
        messageCodec.encode(decoded) == encoded,
        "\(hexText(encoded)) → \(hexText(messageCodec.encode(decoded)))")
    }
  }

  @Test func envelopesAgree() throws {
    let referenceMethod = StandardMethodCodec()
    let error = Flutter.FlutterError(code: "E", message: "m", details: ["d": 1])
    let envelope = try referenceMethod.decodeEnvelope(
      [UInt8](methodCodec.encodeErrorEnvelope(error)))
    let expected = FlutterCodec.FlutterError(
      code: "E", message: "m", details: .object([("d", .int64(1))]))
    #expect(envelope == .error(expected))
    let call = try referenceMethod.decodeMethodCall(
      [UInt8](methodCodec.encode(FlutterMethodCall(methodName: "go", arguments: [Int32(1)]))))
    #expect(call == MethodCall("go", .list([.int32(1)])))
  }
}
