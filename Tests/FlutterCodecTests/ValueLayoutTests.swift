import Testing

@testable import FlutterCodec

/// The encoder reads values in place (`ValueLayout`) where this build lays them out as it
/// expects; these pin that it does here, that its bytes are the enum path's bytes for every kind
/// of value at every alignment, and the bytes at the boundaries it decides on itself (inline
/// and large strings, size prefixes, float padding, the message's last value).
@Suite struct ValueLayoutTests {
  @Test func layoutIsReadInPlaceOnThisPlatform() {
    #if (arch(x86_64) || arch(arm64)) && _endian(little)
      #expect(ValueLayout.isAvailable)
    #else
      #expect(!ValueLayout.isAvailable)
    #endif
  }

  /// `value`'s bytes written at `start` of a buffer filled with 0xAA (so unwritten padding
  /// shows), through the in-place path or the enum path.
  static func bytes(_ value: ChannelValue, at start: Int, inPlace: Bool) -> [UInt8] {
    withUnsafePointer(to: value) { pointer in
      let raw = UnsafeRawPointer(pointer)
      let end =
        inPlace
        ? EncodedSize.end(ofRaw: raw, at: start) : EncodedSize.end(of: pointer, at: start)
      var buffer = [UInt8](repeating: 0xAA, count: end + RawWriter.slack)
      let written = buffer.withUnsafeMutableBytes { memory in
        var writer = RawWriter(base: memory.baseAddress!, offset: start)
        if inPlace { writer.value(atRaw: raw) } else { writer.value(at: pointer) }
        return writer.offset
      }
      #expect(written == end)
      return Array(buffer[start..<end])
    }
  }

  @Test(arguments: 0..<8) func inPlaceBytesAreTheEnumPathsBytes(start: Int) throws {
    try #require(ValueLayout.isAvailable)
    var generator = ValueGenerator(seed: 0x5EED_0000 + UInt64(start))
    for _ in 0..<300 {
      let value = generator.value()
      let inPlace = Self.bytes(value, at: start, inPlace: true)
      #expect(inPlace == Self.bytes(value, at: start, inPlace: false), "\(value)")
    }
  }

  @Test func scalarsInPlace() {
    expectPinned([nil, true, false], "0c03 00 01 02")
    expectPinned([.int32(-2), .int64(0x1122_3344_5566_7788)], "0c02 03feffffff 048877665544332211")
    expectPinned(.largeInt("ff"), "05 02 6666")
  }

  /// A float64's padding counts from the message's first byte, wherever the float lies.
  @Test func floatPaddingAtEveryOffset() {
    // 1.5 is 0x3ff8000000000000.
    expectPinned([true, 1.5], "0c02 01 06 00000000 000000000000f83f")
    expectPinned([.int32(1), 1.5], "0c02 0301000000 06 000000000000f83f")
    expectPinned(["abcd", 1.5], "0c02 070461626364 06 00000000000000 000000000000f83f")
    #expect(methodCodec.encodeSuccessEnvelope(1.5) == hex("00 06 000000000000 000000000000f83f"))
  }

  /// Strings of 15 bytes are held inline, 16 and more in storage; 253 bytes take a one-byte
  /// size, 254 a three-byte one, 65,536 a five-byte one.
  @Test func stringSizeBoundaries() {
    for (count, size) in [
      (15, "0f"), (16, "10"), (253, "fd"), (254, "fefe00"), (65_535, "feffff"),
      (65_536, "ff00000100"),
    ] {
      let text = String(repeating: "x", count: count)
      let expected = hex("07" + size) + [UInt8](repeating: 0x78, count: count)
      #expect(plainCodec.encode(.string(text)) == expected, "\(count) bytes")
      // Last in a list, and followed by another value.
      #expect(plainCodec.encode([.string(text)]) == hex("0c01") + expected, "\(count) bytes")
      #expect(
        plainCodec.encode([.string(text), nil]) == hex("0c02") + expected + [0], "\(count) bytes")
    }
  }

  /// A string literal's bytes lie in the program, a made string's in its own storage.
  @Test func literalAndMadeLargeStrings() {
    let literal = "HKQuantityTypeIdentifierHeartRate"
    let made = String(decoding: Array(literal.utf8), as: UTF8.self)
    // 33 = 0x21 bytes.
    let expected = hex("07 21") + Array(literal.utf8)
    #expect(plainCodec.encode(.string(literal)) == expected)
    #expect(plainCodec.encode(.string(made)) == expected)
    // Multi-byte text: "é" is c3 a9, inline; 20 of them are 40 bytes in storage.
    expectPinned("é", "07 02 c3a9")
    let long = String(repeating: "é", count: 20)
    #expect(plainCodec.encode(.string(long)) == hex("07 28" + String(repeating: "c3a9", count: 20)))
  }

  /// Typed lists and extension values inside a container read in place go through the enum.
  @Test func typedListsAndExtensionsInsideContainers() {
    expectPinned(
      [.int32List([1]), .ext(tag: 130, value: "a"), .uint8List([9])],
      "0c03 09 01 01000000 82 070161 08 01 09")
    expectPinned(["k": ["v": [1.5]]], "0d01 07016b 0d01 070176 0c01 06 000000 000000000000f83f")
  }
}
