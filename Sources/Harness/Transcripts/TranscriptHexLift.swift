import ChannelJSON
import FlutterCodec

/// A transcript line's recorded bytes (`callHex`, `messageHex`, `replyHex`, `eventHex`) are
/// long strings of hex digits, and most of what jansson reads of a golden line: a scan finds them
/// among the line's top-level keys, jansson reads the line with them emptied (`""`), and their
/// text is put back from the line itself. Anything the scan does not follow (an escape in a
/// key, a line that is not one object, an error jansson finds) reads the whole line as before,
/// so values and messages are jansson's own either way.
enum TranscriptHexLift {
  /// The keys whose string values are hex text.
  static let keys: [[UInt8]] = ["callHex", "messageHex", "replyHex", "eventHex"].map {
    Array($0.utf8)
  }

  /// Shorter hex strings are left to jansson (nothing to save).
  static let shortest = 16

  /// The line's typed-JSON value, hex strings read apart.
  static func parse(_ line: UnsafeBufferPointer<UInt8>, wrapperDepth: Int)
    throws(ChannelJSONError) -> ChannelValue
  {
    if let lifted = scan(line), !lifted.isEmpty,
      let value = parseLifted(line, lifted, wrapperDepth: wrapperDepth)
    {
      return value
    }
    return try ChannelJSON.parse(utf8: line, wrapperDepth: wrapperDepth)
  }

  /// A hex string found: its key (index into ``keys``) and where its text lies in the line.
  struct Lifted {
    var key: Int
    var text: Range<Int>
  }

  /// Reads the line without the lifted strings' text, then puts their text back.
  static func parseLifted(
    _ line: UnsafeBufferPointer<UInt8>, _ lifted: [Lifted], wrapperDepth: Int
  ) -> ChannelValue? {
    var emptied: [UInt8] = []
    emptied.reserveCapacity(line.count)
    var from = 0
    for hex in lifted {
      emptied.append(contentsOf: line[from..<hex.text.lowerBound])
      from = hex.text.upperBound
    }
    emptied.append(contentsOf: line[from...])
    let read = emptied.withUnsafeBufferPointer {
      try? ChannelJSON.parse(utf8: $0, wrapperDepth: wrapperDepth)
    }
    guard case .map(var entries)? = read else { return nil }
    for hex in lifted {
      let key = String(decoding: keys[hex.key], as: UTF8.self)
      guard let index = entries.firstIndex(where: { $0.key == .string(key) }),
        entries[index].value == .string("")
      else { return nil }
      entries[index].value = .string(
        String(decoding: UnsafeBufferPointer(rebasing: line[hex.text]), as: UTF8.self))
    }
    return .map(entries)
  }

  /// The hex strings among the top-level members of the one object the line holds, or `nil`
  /// when the line is not shaped as the scan expects.
  static func scan(_ line: UnsafeBufferPointer<UInt8>) -> [Lifted]? {
    var scanner = Scanner(bytes: line)
    var lifted: [Lifted] = []
    scanner.skipSpace()
    guard scanner.take(UInt8(ascii: "{")) else { return nil }
    scanner.skipSpace()
    if scanner.take(UInt8(ascii: "}")) { return scanner.atEndAfterSpace ? lifted : nil }
    while true {
      guard let key = scanner.plainString() else { return nil }
      scanner.skipSpace()
      guard scanner.take(UInt8(ascii: ":")) else { return nil }
      scanner.skipSpace()
      if let keyIndex = keys.firstIndex(where: { $0.elementsEqual(line[key]) }),
        let text = scanner.hexString()
      {
        if text.count >= shortest { lifted.append(Lifted(key: keyIndex, text: text)) }
      } else {
        guard scanner.skipValue() else { return nil }
      }
      scanner.skipSpace()
      if scanner.take(UInt8(ascii: ",")) {
        scanner.skipSpace()
        continue
      }
      guard scanner.take(UInt8(ascii: "}")) else { return nil }
      return scanner.atEndAfterSpace ? lifted : nil
    }
  }

  /// A cursor over a line's bytes that steps over JSON without reading it.
  struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    var atEndAfterSpace: Bool {
      mutating get {
        skipSpace()
        return index == bytes.count
      }
    }

    mutating func skipSpace() {
      while let byte = current,
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
      {
        index += 1
      }
    }

    mutating func take(_ byte: UInt8) -> Bool {
      guard current == byte else { return false }
      index += 1
      return true
    }

    /// A string without escapes: the range of its text.
    mutating func plainString() -> Range<Int>? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = index
      while let byte = current {
        if byte == UInt8(ascii: "\"") {
          index += 1
          return start..<(index - 1)
        }
        if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
        index += 1
      }
      return nil
    }

    /// A string of hex digits only: the range of its text (the cursor stays put otherwise).
    mutating func hexString() -> Range<Int>? {
      let saved = index
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = index
      while let byte = current, Self.isHexDigit(byte) { index += 1 }
      guard take(UInt8(ascii: "\"")) else {
        index = saved
        return nil
      }
      return start..<(index - 1)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
        UInt8(ascii: "A")...UInt8(ascii: "F"):
        return true
      default: return false
      }
    }

    /// Steps over one value: a string (escapes followed), a container (its strings followed,
    /// brackets counted), or a bare word (number, true, false, null).
    mutating func skipValue() -> Bool {
      guard let first = current else { return false }
      if first == UInt8(ascii: "\"") { return skipString() }
      if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
        var depth = 0
        repeat {
          guard let byte = current else { return false }
          switch byte {
          case UInt8(ascii: "\""):
            guard skipString() else { return false }
          case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
            index += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            index += 1
          default:
            index += 1
          }
        } while depth > 0
        return true
      }
      let start = index
      while let byte = current, !Self.isDelimiter(byte) { index += 1 }
      return index > start
    }

    static func isDelimiter(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
        return true
      default: return false
      }
    }

    mutating func skipString() -> Bool {
      index += 1
      while let byte = current {
        index += 1
        if byte == UInt8(ascii: "\\") {
          index += 1
        } else if byte == UInt8(ascii: "\"") {
          return true
        }
      }
      return false
    }
  }
}
