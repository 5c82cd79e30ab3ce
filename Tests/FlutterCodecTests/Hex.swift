/// Test helpers: hex literals for pinned bytes.

/// The bytes of a hex string; spaces, newlines and `|` separators are ignored.
func hex(_ text: String) -> [UInt8] {
  var out: [UInt8] = []
  var high: UInt8?
  for c in text.unicodeScalars {
    let nibble: UInt8
    switch c {
    case "0"..."9": nibble = UInt8(c.value - 48)
    case "a"..."f": nibble = UInt8(c.value - 87)
    case "A"..."F": nibble = UInt8(c.value - 55)
    case " ", "\n", "|", "_": continue
    default: preconditionFailure("not a hex digit: \(c)")
    }
    if let h = high {
      out.append(h << 4 | nibble)
      high = nil
    } else {
      high = nibble
    }
  }
  precondition(high == nil, "odd number of hex digits in \(text)")
  return out
}

/// Lowercase hex of bytes, for readable failure messages.
func hexString(_ bytes: [UInt8]) -> String {
  let digits = Array("0123456789abcdef")
  var s = ""
  for b in bytes {
    s.append(digits[Int(b >> 4)])
    s.append(digits[Int(b & 15)])
  }
  return s
}
