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
    var bad: Int?
    // The table read through a pointer taken once: its global's accessor and the array's
    // bounds checks stay out of the loop (a golden's hex is most of its bytes).
    let bytes = digitValues.withUnsafeBufferPointer { table in
      [UInt8](unsafeUninitializedCapacity: utf8.count / 2) { out, written in
        var index = 0
        while index < utf8.count {
          let high = table[Int(utf8[index])]
          let low = table[Int(utf8[index + 1])]
          if high | low > 15 {
            bad = high > 15 ? index : index + 1
            break
          }
          out[index / 2] = high << 4 | low
          index += 2
        }
        written = index / 2
      }
    }
    if let bad {
      return .failure(
        HexError(message: "character \(bad + 1) is not a hex digit (expected 0-9, a-f)"))
    }
    return .success(bytes)
  }

  /// Each byte's value as a hex digit (either case), 0xFF for a byte that is not one.
  private static let digitValues: [UInt8] = (0...255).map { nibble(UInt8($0)) ?? 0xFF }

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
