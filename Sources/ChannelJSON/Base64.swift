/// Standard base64 (RFC 4648 section 4: `A–Z a–z 0–9 + /`, `=` padding), strict both ways.
public enum Base64 {
  private static let alphabet: [UInt8] = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// 255 for bytes outside the alphabet.
  private static let values: [UInt8] = {
    var table = [UInt8](repeating: 255, count: 256)
    for (value, symbol) in alphabet.enumerated() { table[Int(symbol)] = UInt8(value) }
    return table
  }()

  /// The padded base64 text of `bytes`.
  public static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index + 3 <= bytes.count {
      let group =
        UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
      for shift in [18, 12, 6, 0] { out.append(alphabet[Int(group >> UInt32(shift) & 63)]) }
      index += 3
    }
    let rest = bytes.count - index
    if rest > 0 {
      let second = rest == 2 ? UInt32(bytes[index + 1]) : 0
      let group = UInt32(bytes[index]) << 16 | second << 8
      out.append(alphabet[Int(group >> 18 & 63)])
      out.append(alphabet[Int(group >> 12 & 63)])
      out.append(rest == 2 ? alphabet[Int(group >> 6 & 63)] : UInt8(ascii: "="))
      out.append(UInt8(ascii: "="))
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Why a text is not canonical base64.
  public struct DecodingError: Error, Hashable, Sendable {
    /// Offset of the offending character (in UTF-8 bytes).
    public var offset: Int
    public var reason: String
  }

  /// The bytes of padded base64 `text`. Refuses characters outside the alphabet (whitespace
  /// included), a length that is not a multiple of 4, misplaced `=`, and unused bits that are not
  /// zero (so every byte sequence has exactly one accepted spelling).
  public static func decode(_ text: String) throws(DecodingError) -> [UInt8] {
    let symbols = Array(text.utf8)
    if symbols.count % 4 != 0 {
      throw DecodingError(
        offset: symbols.count,
        reason: "a length that is a multiple of 4 (padded with '='), not \(symbols.count)")
    }
    var out: [UInt8] = []
    out.reserveCapacity(symbols.count / 4 * 3)
    var index = 0
    while index < symbols.count {
      let isLast = index + 4 == symbols.count
      var padding = 0
      if isLast {
        if symbols[index + 3] == UInt8(ascii: "=") { padding = 1 }
        if padding == 1 && symbols[index + 2] == UInt8(ascii: "=") { padding = 2 }
      }
      var group: UInt32 = 0
      for position in 0..<4 {
        let offset = index + position
        if position >= 4 - padding {
          group <<= 6
          continue
        }
        let value = values[Int(symbols[offset])]
        if value == 255 {
          throw DecodingError(
            offset: offset,
            reason: symbols[offset] == UInt8(ascii: "=")
              ? "'=' only as padding at the end"
              : "a base64 character (A-Z a-z 0-9 + /), not byte 0x\(hexByte(symbols[offset]))")
        }
        group = group << 6 | UInt32(value)
      }
      let produced = 3 - padding
      let unusedBits = padding * 8
      if unusedBits > 0 && group & ((1 << UInt32(unusedBits)) - 1) != 0 {
        throw DecodingError(
          offset: index + 3 - padding,
          reason: "zero bits before the padding (the canonical spelling)")
      }
      for k in 0..<produced { out.append(UInt8(truncatingIfNeeded: group >> UInt32(16 - 8 * k))) }
      index += 4
    }
    return out
  }

  private static func hexByte(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef".utf8)
    return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
  }
}
