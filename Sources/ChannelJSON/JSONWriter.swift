import FlutterCodec

/// The canonical typed JSON printer (protocol/typed-json.md): one line, `", "` and `": "` separators,
/// non-ASCII text as UTF-8, control characters escaped.
enum JSONWriter {
  /// `value`'s canonical text appended to `out`.
  static func append(_ value: ChannelValue, to out: inout String) {
    var text = JSONText()
    append(value, to: &text)
    out += text.string
  }

  /// A JSON string literal appended to `out` (see the UTF-8 version below).
  static func appendString(_ string: String, to out: inout String) {
    var text = JSONText()
    appendString(string, to: &text)
    out += text.string
  }

  static func append(_ value: ChannelValue, to out: inout JSONText) {
    switch value {
    case .null: out += "null"
    case .bool(true): out += "true"
    case .bool(false): out += "false"
    case .int32(let v): out.appendDecimal(Int64(v))
    case .int64(let v):
      if Int32(exactly: v) != nil {
        appendTagged(.int64, to: &out) { $0.appendDecimal(v) }
      } else {
        out.appendDecimal(v)
      }
    case .largeInt(let hex):
      appendTagged(.largeInt, to: &out) { appendString(hex, to: &$0) }
    case .float64(let d):
      if d.isFinite {
        out.append(FloatText.double(d))
      } else {
        appendTagged(.float64, to: &out) { appendString(specialName(d), to: &$0) }
      }
    case .string(let s):
      appendString(s, to: &out)
    case .uint8List(let bytes):
      appendTagged(.uint8List, to: &out) { appendString(Base64.encode(bytes), to: &$0) }
    case .int32List(let l):
      appendTagged(.int32List, to: &out) { appendArray(l, to: &$0) { String($0) } }
    case .int64List(let l):
      appendTagged(.int64List, to: &out) { appendArray(l, to: &$0) { String($0) } }
    case .float32List(let l):
      appendTagged(.float32List, to: &out) {
        appendArray(l, to: &$0) { $0.isFinite ? FloatText.float($0) : quoted(specialName($0)) }
      }
    case .float64List(let l):
      appendTagged(.float64List, to: &out) {
        appendArray(l, to: &$0) { $0.isFinite ? FloatText.double($0) : quoted(specialName($0)) }
      }
    case .list(let items):
      out += "["
      for (index, item) in items.enumerated() {
        if index > 0 { out += ", " }
        append(item, to: &out)
        out.flushIfFull()
      }
      out += "]"
    case .map(let entries):
      appendMap(entries, to: &out)
    case .ext(let tag, let inner):
      appendTagged(.ext, to: &out) {
        $0.append("{\"tag\": \(tag), \"value\": ")
        append(inner, to: &$0)
        $0 += "}"
      }
    }
  }

  private static func appendMap(_ entries: [ChannelMapEntry], to out: inout JSONText) {
    if isPlainObject(entries) {
      out += "{"
      for (index, entry) in entries.enumerated() {
        if index > 0 { out += ", " }
        if case .string(let key) = entry.key { appendString(key, to: &out) }
        out += ": "
        append(entry.value, to: &out)
        out.flushIfFull()
      }
      out += "}"
      return
    }
    appendTagged(.map, to: &out) {
      $0 += "["
      for (index, entry) in entries.enumerated() {
        if index > 0 { $0 += ", " }
        $0 += "["
        append(entry.key, to: &$0)
        $0 += ", "
        append(entry.value, to: &$0)
        $0 += "]"
        $0.flushIfFull()
      }
      $0 += "]"
    }
  }

  /// Whether the map can be written as a plain JSON object that reads back as the same map:
  /// every key a string without NUL (jansson refuses NUL in keys), no key repeated byte for byte,
  /// and not a single key that is a `$` tag name.
  private static func isPlainObject(_ entries: [ChannelMapEntry]) -> Bool {
    for entry in entries {
      guard case .string(let key) = entry.key,
        !(key.utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? key.utf8.contains(0))
      else { return false }
    }
    if entries.count == 1, case .string(let key) = entries[0].key, TypedTag(rawValue: key) != nil {
      return false
    }
    if entries.count > 16 {
      var seen = Set<String>()
      for entry in entries {
        guard case .string(let key) = entry.key else { return false }
        // Byte for byte: a Set of Strings would call canonically equivalent keys one.
        if !seen.insert(key).inserted, repeatsBytes(key, in: entries) { return false }
      }
    } else if entries.count > 1 {
      // A record's few keys: compared in pairs, without making a set (keys of different
      // lengths, most pairs, without reading their bytes).
      for later in 1..<entries.count {
        guard case .string(let laterKey) = entries[later].key else { return false }
        let count = laterKey.utf8.count
        for earlier in 0..<later {
          guard case .string(let earlierKey) = entries[earlier].key else { return false }
          if earlierKey.utf8.count == count && earlierKey.utf8.elementsEqual(laterKey.utf8) {
            return false
          }
        }
      }
    }
    return true
  }

  /// Whether two keys of `entries` have the bytes of `key` (a `Set` of `String`s found two
  /// keys equal: they may be canonically equivalent texts with other bytes).
  private static func repeatsBytes(_ key: String, in entries: [ChannelMapEntry]) -> Bool {
    var found = 0
    for entry in entries {
      if case .string(let other) = entry.key, other.utf8.elementsEqual(key.utf8) { found += 1 }
    }
    return found > 1
  }

  private static func appendTagged(
    _ tag: TypedTag, to out: inout JSONText, _ body: (inout JSONText) -> Void
  ) {
    out += "{\""
    out.append(tag.rawValue)
    out += "\": "
    body(&out)
    out += "}"
  }

  private static func appendArray<T>(
    _ elements: [T], to out: inout JSONText, _ text: (T) -> String
  ) {
    out += "["
    for (index, element) in elements.enumerated() {
      if index > 0 { out += ", " }
      out.append(text(element))
      out.flushIfFull()
    }
    out += "]"
  }

  static func specialName<F: BinaryFloatingPoint>(_ value: F) -> String {
    if value.isNaN { return "NaN" }
    return value < 0 ? "-Infinity" : "Infinity"
  }

  private static func quoted(_ text: String) -> String { "\"" + text + "\"" }

  /// A JSON string literal: `"` and `\` escaped, control characters (U+0000–U+001F, U+007F–U+009F)
  /// as `\n`, `\t`, … or `\u00xx`; everything else as its UTF-8.
  static func appendString(_ string: String, to out: inout JSONText) {
    out += "\""
    // Fast path: nothing to escape (0xC2 leads every UTF-8 C1 control character), the bytes
    // appended as they are.
    let plain =
      string.utf8.withContiguousStorageIfAvailable { bytes in
        if bytes.contains(where: { byte in
          byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2
        }) {
          return false
        }
        out.bytes.append(contentsOf: bytes)
        return true
      } ?? false
    if plain {
      out += "\""
      return
    }
    for scalar in string.unicodeScalars {
      switch scalar.value {
      case 0x22: out += "\\\""
      case 0x5C: out += "\\\\"
      case 0x08: out += "\\b"
      case 0x0C: out += "\\f"
      case 0x0A: out += "\\n"
      case 0x0D: out += "\\r"
      case 0x09: out += "\\t"
      case 0x00..<0x20, 0x7F..<0xA0:
        let digits = Array("0123456789abcdef".unicodeScalars)
        out += "\\u00"
        out.append(digits[Int(scalar.value >> 4)])
        out.append(digits[Int(scalar.value & 15)])
      default:
        out.append(scalar)
      }
    }
    out += "\""
  }
}

/// The printer's output: UTF-8 bytes, appended to without the checks and growth steps of a
/// `String` (the printer's text is valid UTF-8 by construction).
struct JSONText {
  var bytes: [UInt8] = []
  /// Where a long text goes while it is printed (`nil`: kept whole in ``bytes``): the bytes so
  /// far are handed over, and dropped, once they reach ``flushBytes`` (checked between a list's
  /// or a map's elements), so that printing a long value holds a few KiB of its text at a time.
  var flush: ((inout [UInt8]) -> Void)?
  var flushBytes = Int.max

  @inline(__always)
  mutating func flushIfFull() {
    if bytes.count >= flushBytes, let flush { flush(&bytes) }
  }

  var string: String { String(decoding: bytes, as: UTF8.self) }

  /// A text made on the way (a number, a tag's name).
  mutating func append(_ piece: String) {
    var piece = piece
    piece.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// A literal's bytes (the printer's punctuation and words), without a `String` made or asked
  /// for its UTF-8.
  static func += (text: inout JSONText, piece: StaticString) {
    text.bytes.append(
      contentsOf: UnsafeBufferPointer(start: piece.utf8Start, count: piece.utf8CodeUnitCount))
  }

  mutating func append(_ scalar: Unicode.Scalar) {
    UTF8.encode(scalar) { bytes.append($0) }
  }

  /// `value` in decimal, as `String(value)` writes it, without making the string.
  mutating func appendDecimal(_ value: Int64) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        count += 1
        buffer[buffer.count - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      bytes.append(contentsOf: buffer[(buffer.count - count)...])
    }
  }
}
