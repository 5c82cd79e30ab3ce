#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A warning is one line on stderr: names taken from the messages (a channel or a method named
/// `"a\nb"`) may hold control characters, which are written as escapes instead of breaking the
/// line (protocol/frames.md, "Logging").
public enum WarningLine {
  /// Writes `hkbridge: warning: MESSAGE` and a newline on stderr (fd 2), the message's control
  /// characters escaped; a failed write is ignored (nowhere left to report it).
  public static func write(_ message: String) {
    let line = Array("hkbridge: warning: \(escapingControlCharacters(message))\n".utf8)
    line.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = standardError(base + offset, buffer.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }

  /// `text` with each control character (U+0000–U+001F, U+007F) written as `\n`, `\r`, `\t` or
  /// `\u00XX`, as JSON writes them; any other text is returned as it is.
  public static func escapingControlCharacters(_ text: String) -> String {
    guard text.utf8.contains(where: isControl) else { return text }
    var escaped = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      guard scalar.isASCII, isControl(UInt8(scalar.value)) else {
        escaped.append(scalar)
        continue
      }
      escaped.append(contentsOf: escape(UInt8(scalar.value)).unicodeScalars)
    }
    return String(escaped)
  }

  private static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

  private static func escape(_ byte: UInt8) -> String {
    switch byte {
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x09: return "\\t"
    default:
      let hex = String(byte, radix: 16, uppercase: false)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
  }
}

/// write(2) on stderr (the enum's own `write` hides the C library's inside it).
private func standardError(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
  write(2, bytes, count)
}
