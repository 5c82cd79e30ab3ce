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
    var scanner = JSONTextScanner(bytes: line)
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
}
