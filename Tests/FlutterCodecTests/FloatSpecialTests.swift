import Testing

@testable import FlutterCodec

/// Special floats travel bit for bit. Every bit pattern below is written out by hand from
/// IEEE 754: sign bit, exponent all ones for NaN and infinities, quiet bit the top fraction bit.
@Suite struct FloatSpecialTests {
  /// (bit pattern, its 8 bytes little-endian).
  static let doubles: [(UInt64, String)] = [
    (0x7ff8_0000_0000_0000, "000000000000f87f"),  // canonical quiet NaN
    (0xfff8_0000_0000_0000, "000000000000f8ff"),  // negative quiet NaN
    (0x7ff0_0000_0000_0001, "010000000000f07f"),  // signalling NaN
    (0x7ff8_dead_0000_beef, "efbe0000addef87f"),  // NaN with a payload
    (0x8000_0000_0000_0000, "0000000000000080"),  // -0.0
    (0x0000_0000_0000_0000, "0000000000000000"),  // +0.0
    (0x7ff0_0000_0000_0000, "000000000000f07f"),  // +infinity
    (0xfff0_0000_0000_0000, "000000000000f0ff"),  // -infinity
    (0x0000_0000_0000_0001, "0100000000000000"),  // smallest subnormal
  ]

  static let floats: [(UInt32, String)] = [
    (0x7fc0_0000, "0000c07f"),  // quiet NaN
    (0x7f80_0001, "0100807f"),  // signalling NaN
    (0xffc0_1234, "3412c0ff"),  // negative NaN with a payload
    (0x8000_0000, "00000080"),  // -0.0
    (0x7f80_0000, "0000807f"),  // +infinity
    (0xff80_0000, "000080ff"),  // -infinity
  ]

  @Test(arguments: doubles)
  func float64KeepsItsBits(bits: UInt64, bytes: String) throws {
    let value = ChannelValue.float64(Double(bitPattern: bits))
    let encoded = hex("06 00000000000000" + bytes)
    #expect(plainCodec.encode(value) == encoded)
    #expect(float64Bits(try plainCodec.decode(encoded)) == [bits])
  }

  @Test func float64ListKeepsEveryBit() throws {
    let bits = Self.doubles.map(\.0)
    let value = ChannelValue.float64List(bits.map(Double.init(bitPattern:)))
    let encoded = hex("0b 09 000000000000" + Self.doubles.map(\.1).joined())
    #expect(plainCodec.encode(value) == encoded)
    #expect(float64Bits(try plainCodec.decode(encoded)) == bits)
  }

  @Test func float32ListKeepsEveryBit() throws {
    let bits = Self.floats.map(\.0)
    let value = ChannelValue.float32List(bits.map(Float.init(bitPattern:)))
    let encoded = hex("0e 06 0000" + Self.floats.map(\.1).joined())
    #expect(plainCodec.encode(value) == encoded)
    guard case .float32List(let decoded) = try plainCodec.decode(encoded) else {
      Issue.record("not a Float32List")
      return
    }
    #expect(decoded.map(\.bitPattern) == bits)
  }

  @Test func equalityIsBitExactExceptThatNaNsAreEqual() {
    #expect(ChannelValue.float64(-0.0) != .float64(0.0))
    #expect(ChannelValue.float64(.nan) == .float64(.nan))
    #expect(ChannelValue.float64(.nan) == .float64(Double(bitPattern: 0xfff8_0000_0000_0001)))
    #expect(ChannelValue.float64(.infinity) != .float64(-.infinity))
    #expect(ChannelValue.float64List([.nan, -0.0]) == .float64List([.nan, -0.0]))
    #expect(ChannelValue.float64List([0.0]) != .float64List([-0.0]))
    #expect(ChannelValue.float32List([.nan]) == .float32List([.signalingNaN]))
    #expect(ChannelValue.float32List([-0.0]) != .float32List([0.0]))
    #expect(ChannelValue.float64List([1]) != .float64List([1, 1]))
    // Equal values hash alike.
    #expect(ChannelValue.float64(.nan).hashValue == ChannelValue.float64(-.nan).hashValue)
  }
}
