import Testing

@testable import FlutterCodec

/// Null, bool, int32, int64 and float64 values of a map read by the map's loop
/// (`ByteReader.readPlainScalar`): pinned bytes at every float padding, the value at the very
/// end of the message, and every truncation refused with the checked path's error and offset.
@Suite struct PlainScalarTests {
  @Test func eachKindInAMap() {
    expectPinned(
      .map([
        ChannelMapEntry("n", .null), ChannelMapEntry("t", true), ChannelMapEntry("f", false),
        ChannelMapEntry("i", .int32(-2)), ChannelMapEntry("l", .int64(1 << 40)),
      ]),
      "0d 05 0701 6e 00 0701 74 01 0701 66 02 0701 69 03 feffffff 0701 6c 04 0000000000010000")
  }

  /// A float64 value after keys of 0–7 bytes: its tag at offsets 4–11, so every padding 0–7.
  @Test(arguments: 0...7) func floatAtEveryPadding(keyLength: Int) throws {
    let key = String(repeating: "k", count: keyLength)
    let tagAt = 4 + keyLength
    let padding = (8 - (tagAt + 1) % 8) % 8
    let bytes =
      [0x0d, 0x01, 0x07, UInt8(keyLength)] + Array(key.utf8) + [0x06]
      + [UInt8](repeating: 0, count: padding) + hex("000000000000f83f")
    #expect(bytes.count % 8 == 0)
    #expect(try plainCodec.decode(bytes) == .map([ChannelMapEntry(.string(key), 1.5)]))
    #expect(plainCodec.encode(.map([ChannelMapEntry(.string(key), 1.5)])) == bytes)
  }

  /// Values cut short, and the offset the checked path names (as it always did): an int32 with 2
  /// of its 4 bytes, an int64 with 7 of 8, a float64 with its padding and 7 of 8, a float64 cut
  /// inside its padding.
  static let truncations: [(String, Int)] = [
    ("0d 01 0701 61 03 0100", 6),
    ("0d 01 0701 61 04 01000000000000", 6),
    ("0d 01 0701 61 06 0000 00000000000000", 8),
    ("0d 01 0701 61 06 00", 6),
  ]

  @Test(arguments: truncations) func truncatedValuesAreTheCheckedPathsErrors(
    bytes: String, offset: Int
  ) {
    expectError(.truncated, at: offset, decoding: hex(bytes))
  }

  /// The value's last byte is the message's last byte: nothing past it is read.
  @Test func valuesAtTheEnd() throws {
    #expect(try plainCodec.decode(hex("0d 01 0701 61 03 07000000")) == ["a": .int32(7)])
    #expect(
      try plainCodec.decode(hex("0d 01 0701 61 04 0800000000000000")) == ["a": .int64(8)])
    #expect(try plainCodec.decode(hex("0d 01 0701 61 01")) == ["a": true])
  }
}
