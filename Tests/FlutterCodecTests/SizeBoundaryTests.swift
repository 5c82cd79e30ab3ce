import Testing

@testable import FlutterCodec

/// Sizes below 254 take one byte; up to 0xffff they are 254 then a uint16; above, 255 then a
/// uint32. The boundaries are 253 (last one-byte size), 254 (first uint16 size), 65535 (last
/// uint16 size) and 65536 (first uint32 size).
@Suite struct SizeBoundaryTests {
  /// (count, hex of the size prefix).
  static let boundaries: [(Int, String)] = [
    (0, "00"),
    (253, "fd"),
    (254, "fe fe00"),
    (255, "fe ff00"),
    (65_535, "fe ffff"),
    (65_536, "ff 00000100"),
    (70_000, "ff 70110100"),  // 70000 = 0x00011170
  ]

  @Test(arguments: boundaries)
  func stringSizes(count: Int, prefix: String) throws {
    let text = String(repeating: "x", count: count)
    let expected = hex("07" + prefix) + [UInt8](repeating: 0x78, count: count)
    #expect(plainCodec.encode(.string(text)) == expected)
    #expect(try plainCodec.decode(expected) == .string(text))
  }

  @Test(arguments: boundaries)
  func listSizes(count: Int, prefix: String) throws {
    let value = ChannelValue.list(Array(repeating: .null, count: count))
    let expected = hex("0c" + prefix) + [UInt8](repeating: 0, count: count)
    #expect(plainCodec.encode(value) == expected)
    #expect(try plainCodec.decode(expected) == value)
  }

  @Test(arguments: boundaries)
  func uint8ListSizes(count: Int, prefix: String) throws {
    let value = ChannelValue.uint8List(Array(repeating: 0xab, count: count))
    let expected = hex("08" + prefix) + [UInt8](repeating: 0xab, count: count)
    #expect(plainCodec.encode(value) == expected)
    #expect(try plainCodec.decode(expected) == value)
  }

  @Test func mapSizeBoundary() throws {
    // 254 entries int32 i -> null: size prefix fe fe00, then 254 × (03 i 00).
    let entries = (0..<254).map { ChannelMapEntry(.int32(Int32($0)), .null) }
    var expected = hex("0d fe fe00")
    for i in 0..<254 { expected += [3, UInt8(i), 0, 0, 0, 0] }
    #expect(plainCodec.encode(.map(entries)) == expected)
    #expect(try plainCodec.decode(expected) == .map(entries))
  }

  @Test func multiByteUTF8CountsBytesNotCharacters() throws {
    // 127 × U+00E9 is 254 UTF-8 bytes: the uint16 form, though only 127 characters.
    let text = String(repeating: "\u{E9}", count: 127)
    var expected = hex("07 fe fe00")
    for _ in 0..<127 { expected += [0xc3, 0xa9] }
    #expect(plainCodec.encode(.string(text)) == expected)
    #expect(try plainCodec.decode(expected) == .string(text))
  }

  @Test func int32ListSizeBoundaryPadsAfterTheLongSize() throws {
    // 254 elements: tag 0, size fe fe00 at 1…3, elements aligned to 4 start at 4 (no padding).
    let value = ChannelValue.int32List((0..<254).map { Int32($0) })
    var expected = hex("09 fe fe00")
    for i in 0..<254 { expected += [UInt8(i), 0, 0, 0] }
    #expect(plainCodec.encode(value) == expected)
    #expect(try plainCodec.decode(expected) == value)
    // 65536 elements: size ff 00000100 at 1…5, padding 6…7, elements from 8.
    let big = ChannelValue.float64List(Array(repeating: 0, count: 65_536))
    let bigBytes = hex("0b ff 00000100 0000") + [UInt8](repeating: 0, count: 65_536 * 8)
    #expect(plainCodec.encode(big) == bigBytes)
    #expect(try plainCodec.decode(bigBytes) == big)
  }

  @Test func nonMinimalSizesAreAccepted() throws {
    // Flutter's readers accept the long forms for small sizes; hkbridge does too.
    #expect(try plainCodec.decode(hex("07 fe 0100 61")) == "a")
    #expect(try plainCodec.decode(hex("07 ff 01000000 61")) == "a")
    #expect(try plainCodec.decode(hex("0c fe 0000")) == [])
    #expect(try plainCodec.decode(hex("0d ff 01000000 00 01")) == [nil: true])
    // Re-encoding writes the minimal form.
    #expect(plainCodec.encode(try plainCodec.decode(hex("07 fe 0100 61"))) == hex("07 01 61"))
  }
}
