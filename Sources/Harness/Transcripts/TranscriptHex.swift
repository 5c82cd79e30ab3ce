/// The hex text of a transcript's bytes: pairs of digits (either case) and nothing else, unlike
/// the command line's `Hex.decode`, which also takes whitespace and `0x`. Transcripts are written
/// with `Hex.encode` (lowercase).
enum TranscriptHex {
  /// The bytes of hex text, or a message saying what is wrong with it.
  static func decode(_ text: String) -> Result<[UInt8], HexError> {
    var text = text
    return text.withUTF8 { decode(utf8: $0) }
  }

  /// The bytes of hex text given as UTF-8, or `nil` when it is not hex.
  static func bytes(_ utf8: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    try? decode(utf8: utf8).get()
  }

  static func decode(utf8: UnsafeBufferPointer<UInt8>) -> Result<[UInt8], HexError> {
    guard utf8.count % 2 == 0 else {
      return .failure(HexError(message: "odd number of hex digits (\(utf8.count))"))
    }
    var bytes = [UInt8]()
    bytes.reserveCapacity(utf8.count / 2)
    var index = 0
    while index < utf8.count {
      guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else {
        let bad = nibble(utf8[index]) == nil ? index : index + 1
        return .failure(
          HexError(message: "character \(bad + 1) is not a hex digit (expected 0-9, a-f)"))
      }
      bytes.append(high << 4 | low)
      index += 2
    }
    return .success(bytes)
  }

  @inline(__always)
  private static func nibble(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}

/// Why a text is not hex.
struct HexError: Error, Hashable, Sendable {
  var message: String
}
