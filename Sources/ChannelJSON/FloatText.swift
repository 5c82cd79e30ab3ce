/// Finite floats as the canonical typed JSON prints them: the shortest digits that read back to
/// the same value, always with a `.` or an exponent, the exponent without `+` or leading zeros
/// (`1.0`, `3.14`, `-0.0`, `1e300`, `2.5e-7`, `5e-324`).
enum FloatText {
  /// The shortest text of a finite float64 that parses back to the same bits.
  static func double(_ value: Double) -> String {
    normalizeExponent(value.description)
  }

  /// The shortest text of a finite float32 that reads back to the same bits when parsed as a
  /// float64 and then rounded to float32 (the way `$float32List` elements are read).
  static func float(_ value: Float) -> String {
    let shortest = normalizeExponent(value.description)
    if let wide = Double(shortest), Float(wide).bitPattern == value.bitPattern {
      return shortest
    }
    // Rounding twice (decimal to float64 to float32) could move a value that sits right at a
    // float32 midpoint; the float64 text of the exact value avoids that.
    return double(Double(value))
  }

  /// Swift writes `1e+300` and `1e-05`; the canonical form is `1e300` and `1e-5`.
  static func normalizeExponent(_ text: String) -> String {
    guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
    var exponent = Substring(text[text.index(after: e)...])
    var sign = ""
    if exponent.first == "+" {
      exponent = exponent.dropFirst()
    } else if exponent.first == "-" {
      sign = "-"
      exponent = exponent.dropFirst()
    }
    while exponent.count > 1 && exponent.first == "0" { exponent = exponent.dropFirst() }
    return text[..<e] + "e" + sign + exponent
  }
}
