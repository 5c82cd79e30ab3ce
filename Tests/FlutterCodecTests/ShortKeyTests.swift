import Testing

@testable import FlutterCodec

/// Keys and string values of a map read by the map's loop (`ByteReader.readTaggedShortASCII`):
/// a tag and a size under 16 checked in one load when 18 bytes are left, the byte-wise path
/// nearer the end; both give the strings the standard library makes, and non-ASCII or longer
/// strings are left to the checked path.
@Suite struct ShortKeyTests {
  /// A map whose first key has `count` bytes (`first` repeated, or "é" then "a"s) and whose
  /// second entry's value has `tail` bytes, so that the bytes left after the first key's tag run
  /// from under 18 to well over.
  static func map(count: Int, tail: Int, ascii: Bool) -> ChannelValue {
    let key =
      ascii ? String(repeating: "k", count: count) : "é" + String(repeating: "a", count: count - 2)
    return .map([
      ChannelMapEntry(.string(key), .null),
      ChannelMapEntry("b", .string(String(repeating: "x", count: tail))),
    ])
  }

  @Test(arguments: 0...16) func asciiKeysAtEveryDistanceFromTheEnd(count: Int) throws {
    for tail in 0...20 {
      let value = Self.map(count: count, tail: tail, ascii: true)
      let bytes = plainCodec.encode(value)
      let decoded = try plainCodec.decode(bytes)
      #expect(decoded == value, "count \(count), tail \(tail)")
      #expect(plainCodec.encode(decoded) == bytes)
      if case .map(let entries) = decoded, case .string(let key) = entries[0].key {
        #expect(key == String(repeating: "k", count: count))
        #expect(key.hashValue == String(repeating: "k", count: count).hashValue)
        #expect(key.utf8.count == count)
      } else {
        Issue.record("not a map with a string key: \(decoded)")
      }
    }
  }

  @Test(arguments: 2...16) func nonASCIIKeysTakeTheCheckedPath(count: Int) throws {
    for tail in [0, 20] {
      let value = Self.map(count: count, tail: tail, ascii: false)
      #expect(try plainCodec.decode(plainCodec.encode(value)) == value, "count \(count)")
    }
  }

  /// The one-load check's bytes pinned: a 15-byte key (the longest it reads), then a 16-byte
  /// one (left to the long-string path).
  @Test func pinnedKeys() {
    expectPinned(
      .map([
        ChannelMapEntry("abcdefghijklmno", .int32(1)),
        ChannelMapEntry("abcdefghijklmnop", "q"),
      ]),
      "0d 02 070f 6162636465666768696a6b6c6d6e6f 03 01000000"
        + " 0710 6162636465666768696a6b6c6d6e6f70 0701 71")
  }

  /// A short size past the buffer's end (which the one-load check, needing 18 bytes, never
  /// sees), and invalid UTF-8 in a short key with 19 bytes left: the checked path's errors, at
  /// the size's offset and at the first bad byte.
  @Test func refusals() {
    expectError(.sizeOutOfBounds, at: 3, decoding: hex("0d 01 070f 6100"))
    expectError(
      .invalidUTF8, at: 4, decoding: hex("0d 01 0702 c328 00 000000000000000000000000000000"))
  }
}
