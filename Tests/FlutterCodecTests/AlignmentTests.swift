import Testing

@testable import FlutterCodec

/// Alignment is measured from the first byte of the whole message. Each case puts a string of n
/// ASCII letters ("a", "ab", …) in front of the value inside a two-element list, so the value's
/// tag lands at offset 4 + n:
///
///     0c 02 | 07 n <n letters> | <value>
///
/// The padding counts below are worked out by hand from that offset.
@Suite struct AlignmentTests {
  static func prefix(_ n: Int) -> String {
    "0c02 07 0\(n) "
      + [
        "", "61", "6162", "616263", "61626364", "6162636465", "616263646566",
        "61626364656667",
      ][n]
  }

  static func listWith(_ n: Int, _ value: ChannelValue) -> ChannelValue {
    .list([.string(String("abcdefg".prefix(n))), value])
  }

  /// float64 1.0: tag at 4 + n, payload must start at a multiple of 8, so padding is
  /// (8 - (5 + n) % 8) % 8 = 3, 2, 1, 0, 7, 6, 5, 4 for n = 0…7.
  static let float64Cases: [(Int, String)] = [
    (0, "06 000000 000000000000f03f"),
    (1, "06 0000 000000000000f03f"),
    (2, "06 00 000000000000f03f"),
    (3, "06 000000000000f03f"),
    (4, "06 00000000000000 000000000000f03f"),
    (5, "06 000000000000 000000000000f03f"),
    (6, "06 0000000000 000000000000f03f"),
    (7, "06 00000000 000000000000f03f"),
  ]

  @Test(arguments: float64Cases)
  func float64AtEveryOffset(n: Int, tail: String) {
    expectPinned(Self.listWith(n, .float64(1.0)), Self.prefix(n) + tail)
  }

  /// Typed lists: tag at 4 + n, one-byte size at 5 + n, elements from the next multiple of the
  /// element size after 6 + n. Padding to 4: 2, 1, 0, 3, 2, 1, 0, 3; to 8: 2, 1, 0, 7, 6, 5, 4, 3.
  static let pad4 = ["0000", "00", "", "000000", "0000", "00", "", "000000"]
  static let pad8 = [
    "0000", "00", "", "00000000000000", "000000000000", "0000000000", "00000000", "000000",
  ]

  @Test(arguments: 0..<8)
  func typedListsAtEveryOffset(n: Int) {
    let p = Self.prefix(n)
    // Int32List [1, -1].
    expectPinned(
      Self.listWith(n, .int32List([1, -1])), p + "09 02" + Self.pad4[n] + "01000000 ffffffff")
    // Float32List [1.5]; 1.5f = 0x3fc00000.
    expectPinned(Self.listWith(n, .float32List([1.5])), p + "0e 01" + Self.pad4[n] + "0000c03f")
    // Int64List [1].
    expectPinned(
      Self.listWith(n, .int64List([1])), p + "0a 01" + Self.pad8[n] + "0100000000000000")
    // Float64List [-2.0]; -2.0 = 0xc000000000000000.
    expectPinned(
      Self.listWith(n, .float64List([-2.0])), p + "0b 01" + Self.pad8[n] + "00000000000000c0")
    // Empty lists are padded just the same.
    expectPinned(Self.listWith(n, .int32List([])), p + "09 00" + Self.pad4[n])
    expectPinned(Self.listWith(n, .float32List([])), p + "0e 00" + Self.pad4[n])
    expectPinned(Self.listWith(n, .int64List([])), p + "0a 00" + Self.pad8[n])
    expectPinned(Self.listWith(n, .float64List([])), p + "0b 00" + Self.pad8[n])
    // Uint8List never pads.
    expectPinned(Self.listWith(n, .uint8List([9])), p + "08 01 09")
  }

  @Test func float64InsideMaps() {
    // {"k": 1.0}: 0d 01 07 01 6b, tag 06 at 5, payload at 8 after 2 bytes of padding.
    expectPinned(["k": 1.0], "0d01 07016b 06 0000 000000000000f03f")
    // {2.5: null}: tag 06 at 2, payload at 8 after 5 bytes; 2.5 = 0x4004000000000000.
    expectPinned([2.5: nil], "0d01 06 0000000000 0000000000000440 00")
    // Two floats in a row: first tag at 2, padding 3…7, payload 8…15; second tag at 16,
    // padding 17…23, payload at 24.
    expectPinned(
      [1.0, 1.0], "0c02 06 0000000000 000000000000f03f 06 00000000000000 000000000000f03f")
  }

  @Test func methodCallAlignsFromTheMethodNameTag() throws {
    // "m": 07 01 6d at 0…2, float tag at 3, payload at 8 after 4 bytes of padding.
    let call = MethodCall("m", .float64(1.0))
    let bytes = hex("07016d 06 00000000 000000000000f03f")
    #expect(methodCodec.encodeMethodCall(call) == bytes)
    #expect(try methodCodec.decodeMethodCall(bytes) == call)
    // "ab": 07 02 61 62 at 0…3, Int64List tag at 4, size at 5, elements at 8 after 2 bytes.
    let call2 = MethodCall("ab", .int64List([-1]))
    let bytes2 = hex("07026162 0a 01 0000 ffffffffffffffff")
    #expect(methodCodec.encodeMethodCall(call2) == bytes2)
    #expect(try methodCodec.decodeMethodCall(bytes2) == call2)
  }

  @Test func envelopeAlignsFromTheFlagByte() throws {
    // Flag 00 at 0, float tag at 1, payload at 8 after 6 bytes.
    let bytes = hex("00 06 000000000000 000000000000f03f")
    #expect(methodCodec.encodeSuccessEnvelope(.float64(1.0)) == bytes)
    #expect(try methodCodec.decodeEnvelope(bytes) == .success(.float64(1.0)))
    // Error: 01, code "E" (07 01 45) at 1…3, message null at 4, details Float32List: tag at 5,
    // size at 6, elements at 8 after 1 byte of padding.
    let error = FlutterError(code: "E", details: .float32List([1.0]))
    let errorBytes = hex("01 070145 00 0e 01 00 0000803f")
    #expect(methodCodec.encodeErrorEnvelope(error) == errorBytes)
    #expect(try methodCodec.decodeEnvelope(errorBytes) == .error(error))
  }

  @Test func slicesAlignFromTheirOwnFirstByte() throws {
    // The same float64 message inside a larger buffer at offset 3: alignment counts from the
    // slice, not from the array it lives in.
    let message = hex("06 00000000000000 000000000000f03f")
    let buffer = hex("aabbcc") + message + hex("dd")
    #expect(try plainCodec.decode(buffer[3..<19]) == .float64(1.0))
    let call = hex("07016d 06 00000000 000000000000f03f")
    let callBuffer = hex("ee") + call
    #expect(try methodCodec.decodeMethodCall(callBuffer[1...]) == MethodCall("m", 1.0))
    let envelope = hex("00 06 000000000000 000000000000f03f")
    let envelopeBuffer = hex("ffff") + envelope
    #expect(try methodCodec.decodeEnvelope(envelopeBuffer[2...]) == .success(1.0))
  }

  @Test func paddingContentIsNotChecked() throws {
    // Readers skip padding without looking at it (as Flutter's do); re-encoding writes zeros.
    let bytes = hex("06 ffffffffffffff 000000000000f03f")
    #expect(try plainCodec.decode(bytes) == .float64(1.0))
    #expect(try plainCodec.decode(hex("09 01 abcd 07000000")) == .int32List([7]))
    #expect(
      plainCodec.encode(try plainCodec.decode(bytes)) == hex("06 00000000000000 000000000000f03f"))
  }
}
