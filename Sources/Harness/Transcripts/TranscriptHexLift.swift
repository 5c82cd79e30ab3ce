import ChannelJSON
import FlutterCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A transcript line's recorded bytes (`callHex`, `messageHex`, `replyHex`, `eventHex`) are
/// long strings of hex digits, and most of what jansson reads of a golden line: a scan finds them
/// among the line's top-level keys, jansson reads the line with them emptied (`""`), and their
/// text is put back from the line itself. An exchange's `call` and `reply` are read apart too
/// when their text is exactly what their hex's decoding prints as (as `--record` and `--update`
/// write them): jansson reads `null` in their place and the decoded value is put back, which is
/// the value jansson would have read (`parse(print(v)) == v`; a text with a NaN is left to
/// jansson, which reads every NaN as the canonical one). Anything the scan does not follow (an
/// escape in a key, a line that is not one object, an error jansson finds) reads the whole line
/// as before, so values and messages are jansson's own either way.
enum TranscriptHexLift {
  /// The keys whose values may be read from their hex.
  static let valueKeys: [[UInt8]] = ["call", "reply", "message"].map { Array($0.utf8) }

  /// Shorter strings are left to jansson (nothing to save).
  static let shortest = 16

  /// The line's typed-JSON value, plain strings (and the values hex strings print as) read
  /// apart.
  static func parse(_ line: UnsafeBufferPointer<UInt8>, wrapperDepth: Int)
    throws(ChannelJSONError) -> ChannelValue
  {
    if let scanned = scan(line) {
      var lifted = scanned.strings.filter { $0.text.count >= shortest }
      lifted += decodedValues(line, scanned)
      if !lifted.isEmpty {
        lifted.sort { $0.text.lowerBound < $1.text.lowerBound }
        if let value = parseLifted(line, lifted, wrapperDepth: wrapperDepth) { return value }
      }
    }
    return try ChannelJSON.parse(utf8: line, wrapperDepth: wrapperDepth)
  }

  /// A member read apart: its key, where its value's text lies in the line, and the value
  /// (`nil` for a string without escapes, whose value is its text).
  struct Lifted {
    var key: String
    var text: Range<Int>
    var value: ChannelValue?
  }

  /// What the scan finds among the line's top-level members: the strings without escapes (hex,
  /// notes, the channel, …), and where the values of ``valueKeys`` lie.
  struct Scan {
    var strings: [Lifted] = []
    var values: [String: Range<Int>] = [:]
  }

  /// An exchange's `call` and `reply` whose text is what their hex's decoding prints as.
  static func decodedValues(_ line: UnsafeBufferPointer<UInt8>, _ scanned: Scan) -> [Lifted] {
    guard scanned.values["message"] == nil, let callText = scanned.values["call"] else {
      return []
    }
    var out: [Lifted] = []
    let codec = StandardMethodCodec(messageCodec: StandardMessageCodec(allowsExtensions: true))
    if let hex = scanned.strings.first(where: { $0.key == "callHex" }),
      let bytes = TranscriptHex.bytes(UnsafeBufferPointer(rebasing: line[hex.text])),
      let call = try? codec.decodeMethodCall(bytes)
    {
      let value = ChannelValue.object([("method", .string(call.method)), ("args", call.arguments)])
      if prints(value, as: line[callText]) {
        out.append(Lifted(key: "call", text: callText, value: value))
      }
    }
    if let replyText = scanned.values["reply"],
      let hex = scanned.strings.first(where: { $0.key == "replyHex" }),
      let bytes = TranscriptHex.bytes(UnsafeBufferPointer(rebasing: line[hex.text]))
    {
      let reply = TranscriptReply.decode(bytes, isMethodCall: true)
      if case .undecodable = reply {
      } else if prints(reply.channelValue, as: line[replyText]) {
        out.append(Lifted(key: "reply", text: replyText, value: reply.channelValue))
      }
    }
    return out
  }

  /// Whether `value`'s canonical text is `text`, byte for byte, without a NaN.
  static func prints(_ value: ChannelValue, as text: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    let printed = ChannelJSON.printUTF8(value, reservingCapacity: text.count + 1)
    guard printed.count == text.count else { return false }
    if text.isEmpty { return true }
    return printed.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress, let other = text.base.baseAddress,
        memcmp(base, other + text.startIndex, bytes.count) == 0
      else { return false }
      var from = 0
      while let found = memchr(base + from, Int32(UInt8(ascii: "N")), bytes.count - from) {
        let index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
        if index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "a")
          && bytes[index + 2] == UInt8(ascii: "N")
        {
          return false
        }
        from = index + 1
      }
      return true
    }
  }

  /// Reads the line without the lifted members' text, then puts their values back.
  static func parseLifted(
    _ line: UnsafeBufferPointer<UInt8>, _ lifted: [Lifted], wrapperDepth: Int
  ) -> ChannelValue? {
    var emptied: [UInt8] = []
    emptied.reserveCapacity(line.count)
    var from = 0
    for member in lifted {
      emptied.append(contentsOf: line[from..<member.text.lowerBound])
      if member.value != nil { emptied.append(contentsOf: "null".utf8) }
      from = member.text.upperBound
    }
    emptied.append(contentsOf: line[from...])
    let read = emptied.withUnsafeBufferPointer {
      try? ChannelJSON.parse(utf8: $0, wrapperDepth: wrapperDepth)
    }
    guard case .map(var entries)? = read else { return nil }
    for member in lifted {
      let placeholder: ChannelValue = member.value == nil ? .string("") : .null
      guard let index = entries.firstIndex(where: { $0.key == .string(member.key) }),
        entries[index].value == placeholder
      else { return nil }
      entries[index].value =
        member.value
        ?? .string(
          String(decoding: UnsafeBufferPointer(rebasing: line[member.text]), as: UTF8.self))
    }
    return .map(entries)
  }

  /// The strings without escapes among the top-level members of the one object the line holds,
  /// and where the values of ``valueKeys`` lie; `nil` when the line is not shaped as the scan expects.
  static func scan(_ line: UnsafeBufferPointer<UInt8>) -> Scan? {
    var scanner = JSONTextScanner(bytes: line)
    var found = Scan()
    scanner.skipSpace()
    guard scanner.take(UInt8(ascii: "{")) else { return nil }
    scanner.skipSpace()
    if scanner.take(UInt8(ascii: "}")) { return scanner.atEndAfterSpace ? found : nil }
    while true {
      guard let key = scanner.plainString() else { return nil }
      scanner.skipSpace()
      guard scanner.take(UInt8(ascii: ":")) else { return nil }
      scanner.skipSpace()
      let start = scanner.index
      if let text = scanner.plainString() {
        let name = String(decoding: UnsafeBufferPointer(rebasing: line[key]), as: UTF8.self)
        found.strings.append(Lifted(key: name, text: text, value: nil))
      } else {
        scanner.index = start
        guard scanner.skipValue() else { return nil }
        if let keyIndex = valueKeys.firstIndex(where: { $0.elementsEqual(line[key]) }) {
          found.values[String(decoding: valueKeys[keyIndex], as: UTF8.self)] =
            start..<scanner.index
        }
      }
      scanner.skipSpace()
      if scanner.take(UInt8(ascii: ",")) {
        scanner.skipSpace()
        continue
      }
      guard scanner.take(UInt8(ascii: "}")) else { return nil }
      return scanner.atEndAfterSpace ? found : nil
    }
  }
}
