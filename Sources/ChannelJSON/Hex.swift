/// Bytes as hex text: lowercase when written; read with spaces, tabs and newlines anywhere and an
/// optional leading `0x`.
public enum Hex {
  private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

  /// Lowercase hex, two digits a byte, no separators.
  public static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.underestimatedCount * 2)
    append(bytes, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// ``encode(_:)``'s text appended to `out` as UTF-8.
  public static func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes, to out: inout [UInt8]) {
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 15)])
    }
  }

  /// Why a text is not hex bytes.
  public struct DecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Offset of the offending character in the text's UTF-8 bytes.
    public var offset: Int
    public var reason: String
    public var description: String { "offset \(offset): expected \(reason)" }
  }

  /// The bytes of `text`: pairs of hex digits (either case); ASCII whitespace between digits is
  /// ignored, also inside a pair; one leading `0x` or `0X` (after any whitespace) is allowed.
  public static func decode(_ text: String) throws(DecodingError) -> [UInt8] {
    try decode(utf8: Array(text.utf8))
  }

  /// The bytes of hex text given as raw bytes (stdin, say), so that a byte that is not ASCII is
  /// named as it is rather than as the U+FFFD that decoding it as a `String` would make of it.
  public static func decode(utf8: [UInt8]) throws(DecodingError) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(utf8.count / 2)
    var index = 0
    while index < utf8.count && isSpace(utf8[index]) { index += 1 }
    if index + 1 < utf8.count && utf8[index] == UInt8(ascii: "0")
      && (utf8[index + 1] == UInt8(ascii: "x") || utf8[index + 1] == UInt8(ascii: "X"))
    {
      index += 2
    }
    var high: UInt8?
    var highOffset = 0
    while index < utf8.count {
      let symbol = utf8[index]
      if isSpace(symbol) {
        index += 1
        continue
      }
      guard let nibble = value(of: symbol) else {
        throw DecodingError(
          offset: index,
          reason: (0x21...0x7E).contains(symbol)
            ? "a hex digit (0-9, a-f, A-F) or whitespace, not '\(Unicode.Scalar(symbol))'"
            : "a hex digit (0-9, a-f, A-F) or whitespace, not byte 0x\(encode([symbol]))")
      }
      if let h = high {
        out.append(h << 4 | nibble)
        high = nil
      } else {
        high = nibble
        highOffset = index
      }
      index += 1
    }
    if high != nil {
      throw DecodingError(
        offset: highOffset, reason: "an even number of hex digits (a lone digit is left over)")
    }
    return out
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func value(of symbol: UInt8) -> UInt8? {
    switch symbol {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return symbol - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return symbol - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return symbol - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
