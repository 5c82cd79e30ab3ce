/// Text as Foundation's `JSONEncoder` (and `JSONSerialization`) writes it on iOS, for the
/// profiles whose hosts reply JSON strings.
package enum JSONEncoderText {
  /// A JSON string literal with the encoder's escapes: `\"`, `\\`, `\/` (slashes are escaped
  /// unless `.withoutEscapingSlashes`), the short control escapes and `\u00XX` for the other
  /// control characters; everything else as it is.
  package static func quoted(_ text: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + 2)
    appendQuoted(text, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// ``quoted(_:)``'s UTF-8 bytes appended to `out`.
  package static func appendQuoted(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Most texts (identifiers, units, dates) have nothing to escape: their bytes as they are.
    let plain =
      text.utf8.withContiguousStorageIfAvailable { bytes in
        if bytes.contains(where: needsEscape) { return false }
        out.append(contentsOf: bytes)
        return true
      } ?? false
    if !plain {
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": append("\\\"", to: &out)
        case "\\": append("\\\\", to: &out)
        case "/": append("\\/", to: &out)
        case "\n": append("\\n", to: &out)
        case "\r": append("\\r", to: &out)
        case "\t": append("\\t", to: &out)
        case "\u{08}": append("\\b", to: &out)
        case "\u{0C}": append("\\f", to: &out)
        case _ where scalar.value < 0x20:
          let hex = String(scalar.value, radix: 16)
          append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex, to: &out)
        default: UTF8.encode(scalar) { out.append($0) }
        }
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  private static func append(_ text: String, to out: inout [UInt8]) {
    out.append(contentsOf: text.utf8)
  }

  /// Whether a byte of UTF-8 text is written escaped: `"`, `\\`, `/` and the control characters
  /// (no byte of a multi-byte sequence is one of them).
  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
      || byte == UInt8(ascii: "/")
  }
}
