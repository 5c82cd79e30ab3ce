/// Whether a transcript's bytes are UTF-8 text, checked a line at a time and only where a line
/// has a byte past ASCII: ASCII bytes are looked at eight at a time, so a file of ASCII lines
/// (most of a golden) costs a fraction of a byte-by-byte validation. A newline byte is never
/// part of a multi-byte sequence, so lines can be checked apart.
enum TranscriptUTF8 {
  /// The number (from 0) of the first line that is not valid UTF-8, or nil when every line is.
  static func firstInvalidLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    var index = 0
    while let found = firstNonASCII(base, from: index, count: count) {
      let lineStart = (bytes[..<found].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
      let lineEnd = bytes[found...].firstIndex(of: UInt8(ascii: "\n")) ?? count
      let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
      if String(validating: line, as: UTF8.self) == nil {
        return bytes[..<lineStart].reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
      }
      index = lineEnd
    }
    return nil
  }

  /// The index of the first byte at or after `from` that is not ASCII (0x80 or more).
  static func firstNonASCII(_ base: UnsafePointer<UInt8>, from: Int, count: Int) -> Int? {
    var index = from
    let highBits: UInt64 = 0x8080_8080_8080_8080
    while index + 8 <= count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      if word & highBits != 0 { break }
      index += 8
    }
    while index < count {
      if base[index] >= 0x80 { return index }
      index += 1
    }
    return nil
  }
}
