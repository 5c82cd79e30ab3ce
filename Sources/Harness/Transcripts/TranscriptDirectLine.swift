import ChannelJSON
import FlutterCodec

/// The lines `--record` and `--update` write, read without jansson reading the whole line: a
/// note alone, and an exchange whose `reply` text is exactly what its `replyHex` decodes to and
/// prints as, and so is its `call` or `message` text with a `callHex` or `messageHex` (without
/// one, jansson reads the request's text alone). Such a line is valid JSON (its other members are strings without
/// escapes), and the decoded values are the ones jansson would read from it
/// (`parse(print(v)) == v`; a text with a NaN is left to jansson, which reads every NaN as the
/// canonical one). Anything else (another key, a key twice, an escape, a value that is not
/// what its hex prints as, hex that does not decode) returns `nil` and the line is read whole
/// as before, so values and messages are jansson's own.
enum TranscriptDirectLine {
  /// A line read here: its entry, and whether its values were taken from its hex (so they agree
  /// with it, see ``TranscriptConsistency/problem(_:valuesFromBytes:)``): the reply always, the
  /// call or message when it has bytes.
  struct Read {
    var entry: TranscriptEntry
    var valuesFromBytes: Bool
  }

  /// The members an exchange line read here may have; any other key reads the line whole.
  enum Member: Int, CaseIterable {
    case channel, call, message, reply, callHex, messageHex, replyHex, note

    static let names: [[UInt8]] = [
      "channel", "call", "message", "reply", "callHex", "messageHex", "replyHex", "note",
    ].map { Array($0.utf8) }

    /// Members whose value is a string without escapes (the others are JSON values).
    var isPlainString: Bool { self != .call && self != .message && self != .reply }

    init?(_ key: Slice<UnsafeBufferPointer<UInt8>>) {
      guard let index = Self.names.firstIndex(where: { $0.elementsEqual(key) }) else {
        return nil
      }
      self.init(rawValue: index)
    }
  }

  static func read(_ line: UnsafeBufferPointer<UInt8>) -> Read? {
    guard let members = scan(line) else { return nil }
    let text = { (member: Member) -> Slice<UnsafeBufferPointer<UInt8>>? in
      members[member.rawValue].map { line[$0] }
    }
    if let note = text(.note), members.lazy.compactMap({ $0 }).count == 1 {
      return Read(entry: .note(string(note)), valuesFromBytes: false)
    }
    // A call and its bytes, or a plain message and its bytes: never both kinds.
    let isMethodCall = text(.call) != nil
    guard let channelText = text(.channel), channelText.count <= Int(UInt16.max),
      let requestText = isMethodCall ? text(.call) : text(.message),
      text(isMethodCall ? .messageHex : .callHex) == nil,
      text(.call) == nil || text(.message) == nil,
      let replyText = text(.reply), let replyHex = text(.replyHex),
      let replyBytes = TranscriptHex.bytes(UnsafeBufferPointer(rebasing: replyHex))
    else { return nil }
    let decodedReply = TranscriptReply.decode(replyBytes, isMethodCall: isMethodCall)
    if case .undecodable = decodedReply { return nil }
    let replyValue = decodedReply.channelValue
    guard TranscriptHexLift.prints(replyValue, as: replyText) else { return nil }
    let reply: TranscriptReply
    if case .ok = decodedReply {
      reply = decodedReply  // what `parseReply` reads from `{"ok": v}`
    } else {
      guard let parsed = try? TranscriptReader.parseReply(replyValue) else { return nil }
      reply = parsed
    }
    let requestValue: ChannelValue
    var requestBytes: RecordedBytes?
    if let hex = text(isMethodCall ? .callHex : .messageHex) {
      guard let bytes = TranscriptHex.bytes(UnsafeBufferPointer(rebasing: hex)) else { return nil }
      if isMethodCall {
        let codec = StandardMethodCodec(messageCodec: StandardMessageCodec(allowsExtensions: true))
        guard let call = try? codec.decodeMethodCall(bytes) else { return nil }
        requestValue = .object([("method", .string(call.method)), ("args", call.arguments)])
      } else {
        guard let message = try? StandardMessageCodec(allowsExtensions: true).decode(bytes)
        else { return nil }
        requestValue = message
      }
      guard TranscriptHexLift.prints(requestValue, as: requestText) else { return nil }
      requestBytes = .bytes(bytes)
    } else {
      // Without bytes the request is jansson's reading of its text alone: one container less
      // around it than in the whole line.
      guard
        let read = try? ChannelJSON.parse(
          utf8: UnsafeBufferPointer(rebasing: requestText),
          wrapperDepth: TranscriptReader.wrapperDepth - 1)
      else { return nil }
      requestValue = read
    }
    let request: TranscriptRequest
    if isMethodCall {
      guard let call = try? TranscriptReader.parseCall(requestValue) else { return nil }
      request = .call(call)
    } else {
      request = .message(requestValue)
    }
    let exchange = TranscriptExchange(
      channel: string(channelText), request: request, requestBytes: requestBytes,
      reply: reply, replyBytes: .bytes(replyBytes), note: text(.note).map(string))
    return Read(entry: .exchange(exchange), valuesFromBytes: true)
  }

  static func string(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: text), as: UTF8.self)
  }

  /// Where each ``Member``'s value lies in the line (by raw value), when the line is one object
  /// of those members only, each once, strings without escapes where ``Member/isPlainString``.
  static func scan(_ line: UnsafeBufferPointer<UInt8>) -> [Range<Int>?]? {
    var found = [Range<Int>?](repeating: nil, count: Member.allCases.count)
    var scanner = JSONTextScanner(bytes: line)
    scanner.skipSpace()
    guard scanner.take(UInt8(ascii: "{")) else { return nil }
    while true {
      scanner.skipSpace()
      guard let key = plainString(&scanner), let member = Member(line[key]),
        found[member.rawValue] == nil
      else { return nil }
      scanner.skipSpace()
      guard scanner.take(UInt8(ascii: ":")) else { return nil }
      scanner.skipSpace()
      if member.isPlainString {
        guard let text = plainString(&scanner) else { return nil }
        found[member.rawValue] = text
      } else {
        let start = scanner.index
        guard scanner.skipValue() else { return nil }
        found[member.rawValue] = start..<scanner.index
      }
      scanner.skipSpace()
      if scanner.take(UInt8(ascii: ",")) { continue }
      guard scanner.take(UInt8(ascii: "}")) else { return nil }
      return scanner.atEndAfterSpace ? found : nil
    }
  }

  /// ``JSONTextScanner/plainString()`` in one loop over the line's bytes (the hex strings are
  /// most of a golden's bytes).
  static func plainString(_ scanner: inout JSONTextScanner) -> Range<Int>? {
    let bytes = scanner.bytes
    var index = scanner.index
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
    index += 1
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        scanner.index = index + 1
        return start..<index
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      index += 1
    }
    return nil
  }
}
