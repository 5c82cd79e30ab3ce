/// Strings of up to 15 UTF-8 bytes made and read as the standard library holds them inline: two
/// words, the bytes in order from the first word's lowest byte, the second word's top byte a
/// discriminator (`0xE0 | count` for ASCII, `0xA0 | count` otherwise: immortal, small). Making a
/// string this way is two loads and a mask, where `String(decoding:as:)` or
/// `String(unsafeUninitializedCapacity:)` take 60–170 instructions; reading one is two stores.
///
/// This is the layout of Swift's 64-bit little-endian platforms (x86_64 and arm64); anywhere else
/// `isAvailable` is false and the codec takes the standard library's own paths. Tests compare
/// every length 0–15 with the strings the standard library makes (`SmallStringBitsTests`).
enum SmallStringBits {
  #if (arch(x86_64) || arch(arm64)) && _endian(little)
    static let isAvailable = true
  #else
    static let isAvailable = false
  #endif

  /// The ASCII string of `count` (0–15) bytes held in `low` (bytes 0–7) and `high` (bytes 8–14);
  /// every byte past `count` must be zero and every byte below 0x80.
  @inline(__always)
  static func asciiString(low: UInt64, high: UInt64, count: Int) -> String {
    // Moved out of the two words rather than bit-cast: a cast value is copied, and the copy is
    // retained (a call into the runtime that finds nothing to count), where a move takes it as is.
    var words = (low, high | (UInt64(0xE0 | count) &<< 56))
    return withUnsafeMutablePointer(to: &words) {
      $0.withMemoryRebound(to: String.self, capacity: 1) { $0.move() }
    }
  }

  /// The two words of a string's representation.
  @inline(__always)
  static func words(_ string: String) -> (UInt64, UInt64) {
    unsafeBitCast(string, to: (UInt64, UInt64).self)
  }

  /// The byte count of a string held inline, or `nil` for any other string.
  @inline(__always)
  static func inlineCount(_ words: (UInt64, UInt64)) -> Int? {
    let top = words.1 &>> 56
    // Immortal (0x80) and small (0x20), not foreign (0x10); 0x40 is ASCII, either way.
    return top & 0xB0 == 0xA0 ? Int(top & 0x0F) : nil
  }

  /// Bytes `0..<count` of `word` kept, the rest zero (none for `count` ≤ 0, all for ≥ 8).
  @inline(__always)
  static func keep(_ word: UInt64, bytes count: Int) -> UInt64 {
    if count >= 8 { return word }
    if count <= 0 { return 0 }
    return word & ((1 &<< UInt64(truncatingIfNeeded: count &* 8)) &- 1)
  }

  /// The first `count` (0–15) of the 16 bytes in `low` and `high` kept, the rest zero, without
  /// branches.
  @inline(__always)
  static func masked(_ low: UInt64, _ high: UInt64, count: Int) -> (UInt64, UInt64) {
    let bits = UInt64(truncatingIfNeeded: count &* 8)
    // Shifts by 64 or more are taken modulo 64 by `&<<`, hence the selections.
    let lowMask: UInt64 = bits >= 64 ? ~0 : (1 &<< bits) &- 1
    let highMask: UInt64 = bits >= 64 ? (1 &<< (bits &- 64)) &- 1 : 0
    return (low & lowMask, high & highMask)
  }

  /// Every byte of `word` below 0x80.
  @inline(__always)
  static func isASCII(_ word: UInt64) -> Bool {
    word & 0x8080_8080_8080_8080 == 0
  }
}
