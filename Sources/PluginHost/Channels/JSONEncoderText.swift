/// Text as Foundation's `JSONEncoder` (and `JSONSerialization`) writes it on iOS, for the
/// profiles whose hosts reply JSON strings.
package enum JSONEncoderText {
  /// A JSON string literal with the encoder's escapes: `\"`, `\\`, `\/` (slashes are escaped
  /// unless `.withoutEscapingSlashes`), the short control escapes and `\u00XX` for the other
  /// control characters; everything else as it is.
  package static func quoted(_ text: String) -> String {
    // Most texts (identifiers, units, dates) have nothing to escape: quoted whole.
    if !text.utf8.contains(where: needsEscape) { return "\"" + text + "\"" }
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "/": out += "\\/"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// Whether a byte of UTF-8 text is written escaped: `"`, `\\`, `/` and the control characters
  /// (no byte of a multi-byte sequence is one of them).
  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
      || byte == UInt8(ascii: "/")
  }
}
