import Flutter
import Foundation
import Testing

/// What the standard message codec writes for each kind of Swift value, byte for byte (tags,
/// little-endian payloads, alignment measured from the start of the message).
@Suite struct WriteBytesTests {
  static let scalarCases: [WriteCase] = [
    WriteCase("NSNull", NSNull(), "00"),
    WriteCase("true", true, "01"),
    WriteCase("false", false, "02"),
    WriteCase("Int 5 is int64", 5, "04 0500000000000000"),
    WriteCase("Int -1", -1, "04 ffffffffffffffff"),
    WriteCase("Int64", Int64(1) << 40, "04 0000000000010000"),
    WriteCase("UInt", UInt(7), "04 0700000000000000"),
    WriteCase("UInt64", UInt64(7), "04 0700000000000000"),
    WriteCase("UInt32 is int64", UInt32(7), "04 0700000000000000"),
    WriteCase("Int32", Int32(5), "03 05000000"),
    WriteCase("Int16", Int16(-1), "03 ffffffff"),
    WriteCase("Int8", Int8(-2), "03 feffffff"),
    WriteCase("UInt8", UInt8(255), "03 ff000000"),
    WriteCase("UInt16", UInt16(65535), "03 ffff0000"),
    WriteCase("Double", 1.0, "06 00000000000000 000000000000f03f"),
    WriteCase("Float", Float(0.5), "06 00000000000000 000000000000e03f"),
    WriteCase("CGFloat", CGFloat(2), "06 00000000000000 0000000000000040"),
    WriteCase("Decimal", Decimal(string: "2.5")!, "06 00000000000000 0000000000000440"),
    WriteCase("String", "héllo", "07 06 68c3a96c6c6f"),
    WriteCase("Substring", "xhéllo".dropFirst(), "07 06 68c3a96c6c6f"),
    WriteCase("empty String", "", "07 00"),
    WriteCase("Data", Data([1, 2, 3]), "08 03 010203"),
    WriteCase("NSNumber bool", NSNumber(value: true), "01"),
    WriteCase("NSNumber int32", NSNumber(value: Int32(5)), "03 05000000"),
    WriteCase("NSNumber large int64", NSNumber(value: Int64(1) << 40), "04 0000000000010000"),
    WriteCase("NSNumber double", NSNumber(value: 2.5), "06 00000000000000 0000000000000440"),
    WriteCase("NSNumber float", NSNumber(value: Float(0.5)), "06 00000000000000 000000000000e03f"),
    WriteCase("NSString", NSString(string: "ab"), "07 02 6162"),
    WriteCase("NSData", NSData(bytes: [9] as [UInt8], length: 1), "08 01 09"),
  ]

  @Test(arguments: scalarCases)
  func scalar(_ item: WriteCase) {
    let encoded = messageCodec.encode(item.value)
    #expect(encoded == bytes(item.hex), "\(item.label): \(hexText(encoded))")
  }

  static let typedCases: [(FlutterStandardTypedData, String)] = [
    (FlutterStandardTypedData(bytes: Data([1, 2])), "08 02 0102"),
    (FlutterStandardTypedData(int32: bytes("01000000 ffffffff")), "09 02 0000 01000000 ffffffff"),
    (
      FlutterStandardTypedData(int64: bytes("0100000000000000")),
      "0a 01 000000000000 0100000000000000"
    ),
    (FlutterStandardTypedData(float32: bytes("0000803f")), "0e 01 0000 0000803f"),
    (
      FlutterStandardTypedData(float64: bytes("000000000000f03f")),
      "0b 01 000000000000 000000000000f03f"
    ),
    (FlutterStandardTypedData(float64: Data()), "0b 00 000000000000"),
  ]

  /// A typed list's elements start at a multiple of the element size.
  @Test(arguments: typedCases)
  func typedData(value: FlutterStandardTypedData, hex: String) {
    #expect(messageCodec.encode(value) == bytes(hex), "\(hexText(messageCodec.encode(value)))")
  }

  @Test func typedDataProperties() {
    let int32 = FlutterStandardTypedData(int32: bytes("01000000 ffffffff"))
    #expect(int32.type == .int32 && int32.elementCount == 2 && int32.elementSize == 4)
    let float64 = FlutterStandardTypedData(float64: Data(count: 24))
    #expect(float64.type == .float64 && float64.elementCount == 3 && float64.elementSize == 8)
    #expect(FlutterStandardTypedData(bytes: Data(count: 3)).elementCount == 3)
    #expect(FlutterStandardTypedData(float32: Data(count: 8)).elementSize == 4)
    #expect(FlutterStandardTypedData(int64: Data(count: 8)).type == .int64)
    let rawValues = [FlutterStandardDataType.uInt8, .int32, .int64, .float32, .float64].map(
      \.rawValue)
    #expect(rawValues == [0, 1, 2, 3, 4])
  }

  @Test func topLevelNilEncodesToNil() {
    #expect(messageCodec.encode(nil) == nil)
    let none: Int? = nil
    #expect(messageCodec.encode(none as Any) == nil)
  }

  @Test func swiftArrayWithOptionals() {
    let list: [Any?] = [1, "a", nil]
    #expect(messageCodec.encode(list) == bytes("0c 03 04 0100000000000000 07 01 61 00"))
    let optionals: [Int?] = [nil, 1]
    #expect(messageCodec.encode(optionals) == bytes("0c 02 00 04 0100000000000000"))
  }

  @Test func swiftDictionary() {
    let map: [String: Any] = ["k": Int32(1)]
    #expect(messageCodec.encode(map) == bytes("0d 01 07 01 6b 03 01000000"))
    let withNil: [String: Any?] = ["n": nil]
    #expect(messageCodec.encode(withNil) == bytes("0d 01 07 01 6e 00"))
    let intKeys: [Int: String] = [2: "v"]
    #expect(messageCodec.encode(intKeys) == bytes("0d 01 04 0200000000000000 07 01 76"))
  }

  /// A dictionary is written in its own enumeration order, whatever that is in this process.
  @Test func dictionaryInItsOwnOrder() {
    let map: [String: Int32] = ["a": 1, "b": 2, "c": 3, "d": 4]
    var expected = "0d 04"
    for (key, value) in map {
      expected +=
        " 07 01 " + hexText(Data(key.utf8)) + " 03 "
        + hexText(withUnsafeBytes(of: value.littleEndian) { Data($0) })
    }
    #expect(messageCodec.encode(map) == bytes(expected))
  }

  @Test func foundationCollections() {
    let array = NSMutableArray(array: [NSNumber(value: Int32(1)), NSNull(), NSString(string: "x")])
    #expect(messageCodec.encode(array) == bytes("0c 03 03 01000000 00 07 01 78"))
    let dictionary = NSMutableDictionary()
    dictionary[NSString(string: "k")] = NSNumber(value: false)
    #expect(messageCodec.encode(dictionary) == bytes("0d 01 07 01 6b 02"))
  }

  /// Nested values align from the start of the message: the float's payload starts at 8.
  @Test func nestedAlignment() {
    let list: [Any] = ["a", 1.0]
    #expect(messageCodec.encode(list) == bytes("0c 02 07 01 61 06 0000 000000000000f03f"))
  }

  @Test func unsupportedValueIsWrittenAsNullAndReported() {
    ReportedLines.collect()
    struct Opaque {}
    #expect(messageCodec.encode(Opaque()) == bytes("00"))
    #expect(ReportedLines.contains("Opaque"))
    #expect(messageCodec.encode([Date(timeIntervalSince1970: 0)]) == bytes("0c 01 00"))
    #expect(ReportedLines.contains("of type Date"))
    #expect(messageCodec.encode(UInt64.max) == bytes("00"))
  }
}

/// The size prefix: one byte below 254, 254 + UInt16 up to 0xffff, 255 + UInt32 above.
@Suite struct SizeTests {
  static let cases: [(UInt32, String)] = [
    (0, "00"), (253, "fd"), (254, "fe fe00"), (255, "fe ff00"), (0xffff, "fe ffff"),
    (0x1_0000, "ff 00000100"), (0x0102_0304, "ff 04030201"),
  ]

  @Test(arguments: cases)
  func writeAndRead(size: UInt32, hex: String) {
    let data = NSMutableData()
    FlutterStandardWriter(data: data).writeSize(size)
    #expect(data as Data == bytes(hex))
    let reader = FlutterStandardReader(data: bytes(hex))
    #expect(reader.readSize() == size)
    #expect(!reader.hasMore())
  }

  @Test func longStringUsesTheEscape() {
    let text = String(repeating: "a", count: 254)
    let encoded = messageCodec.encode(text)!
    #expect(encoded.prefix(4) == bytes("07 fe fe00"))
    #expect(encoded.count == 4 + 254)
    #expect(messageCodec.decode(encoded) as? String == text)
  }
}

/// Keys and values seen through `AnyHashable` are written as what they hold.
@Suite struct HashableKeyTests {
  @Test func anyHashableKeys() {
    let map: [AnyHashable: Any] = [AnyHashable("k"): AnyHashable(Int32(1))]
    #expect(messageCodec.encode(map) == bytes("0d 01 07 01 6b 03 01000000"))
  }

  @Test func decodedMapWrittenBack() {
    let decoded = messageCodec.decode(bytes("0d 01 07 01 61 03 01000000"))
    #expect(messageCodec.encode(decoded) == bytes("0d 01 07 01 61 03 01000000"))
  }
}
