import ChannelJSON
import FlutterCodec

/// Reads transcripts: one typed-JSON object a line, blank lines ignored, notes kept.
public enum TranscriptReader {
  /// The keys an exchange line may have.
  static let exchangeKeys: Set<String> = [
    "channel", "call", "message", "reply", "callHex", "messageHex", "replyHex", "at", "match",
    "note",
  ]

  /// The values `at` may take: ms since 1970, up to the end of year 9999 (the emulator's clock).
  static let atRange = 0...253_402_300_799_999

  /// Objects that wrap a line's channel values (the line, `reply`, `error` around `details`):
  /// they do not count against the codec's nesting limit, so whatever `serve --record` writes
  /// reads back.
  static let wrapperDepth = 3

  /// The most bytes a transcript file may hold (`replay`, `--playback` and scenarios alike): a
  /// bigger file, or one that never ends (`/dev/zero`), is refused rather than read on.
  public static let maximumFileBytes = 256 << 20

  /// Reads and parses a transcript file.
  public static func read(path: String, requireReply: Bool = true) throws(TranscriptError)
    -> Transcript
  {
    var bytes: [UInt8]
    do {
      bytes = try FileIO.readFile(path, limit: maximumFileBytes)
    } catch {
      throw TranscriptError(file: path, line: 0, message: error.message)
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw TranscriptError(
        file: path, line: 1,
        message:
          "the file starts with a byte-order mark (EF BB BF): save it as UTF-8 without a BOM")
    }
    if let torn = tornFinalLine(bytes) {
      // A line cut short (a crash during an append, or a writer still at work): whole lines
      // only are read.
      Logger.writeStderr(
        "hkbridge: warning: \(path): ignoring its last line, cut short (\(torn.count) bytes, no "
          + "newline, not a whole line): an append was interrupted or is under way\n")
      bytes.removeLast(torn.count)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      let bad = lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0
      throw TranscriptError(
        file: path, line: bad + 1, message: "the line is not valid UTF-8 text")
    }
    return try parse(text, path: path, requireReply: requireReply)
  }

  /// The bytes after the last newline when they are not a whole line (not UTF-8 text, or not
  /// one typed-JSON value), else `nil`: a final line without a newline that reads is kept.
  public static func tornFinalLine(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
    guard let last = bytes.last, last != UInt8(ascii: "\n") else { return nil }
    let start = (bytes.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
    let tail = bytes[start...]
    var text = tail
    if text.last == UInt8(ascii: "\r") { text = text.dropLast() }
    if text.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return nil }
    guard (try? ChannelJSON.parse(utf8: Array(text), wrapperDepth: wrapperDepth)) != nil else {
      return tail
    }
    return nil
  }

  /// Parses transcript text; `path` names it in errors. Scenarios pass `requireReply: false`.
  public static func parse(_ text: String, path: String, requireReply: Bool = true)
    throws(TranscriptError) -> Transcript
  {
    var lines: [TranscriptLine] = []
    // Split on the scalar U+000A: as Characters, "\r\n" is one grapheme that is not "\n".
    var rawLines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      .map { String(Substring($0)) }
    // The last piece is what follows the final line break ("" when the file ends with one).
    let lastHasBreak = rawLines.last == ""
    if lastHasBreak { rawLines.removeLast() }
    var seenEntry = false
    for (index, raw) in rawLines.enumerated() {
      let number = index + 1
      let crlf = raw.hasSuffix("\r")
      let line = crlf ? String(raw.dropLast()) : raw
      let isLast = index == rawLines.count - 1
      let ending = isLast && !lastHasBreak ? (crlf ? "\r" : "") : (crlf ? "\r\n" : "\n")
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
        lines.append(TranscriptLine(number: number, text: line, entry: nil, ending: ending))
        continue
      }
      do throws(LineError) {
        let entry = try parseLine(line, requireReply: requireReply)
        if case .header = entry, seenEntry {
          throw LineError(
            "a {\"hkbridge\": {...}} header can only be the first line of a transcript")
        }
        seenEntry = true
        lines.append(TranscriptLine(number: number, text: line, entry: entry, ending: ending))
      } catch {
        throw TranscriptError(file: path, line: number, message: error.message)
      }
    }
    return Transcript(path: path, lines: lines)
  }

  struct LineError: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }

  /// One non-blank line.
  static func parseLine(_ line: String, requireReply: Bool) throws(LineError) -> TranscriptEntry {
    let value: ChannelValue
    do {
      value = try ChannelJSON.parse(line, wrapperDepth: wrapperDepth)
    } catch {
      throw LineError("not a typed-JSON line: \(error.description)")
    }
    let fields = try stringKeyedFields(value, what: "a transcript line")
    if fields.count == 1, let note = fields["note"] {
      guard case .string(let text) = note else {
        throw LineError("\"note\" must be a string, not \(note.typeName)")
      }
      return .note(text)
    }
    if fields.count == 1, let header = fields["hkbridge"] {
      switch TranscriptHeader.parse(header) {
      case .success(let h): return .header(h)
      case .failure(let e): throw LineError(e.message)
      }
    }
    if fields["event"] != nil { return .event(try parseEvent(fields)) }
    return .exchange(try parseExchange(fields, requireReply: requireReply))
  }

  /// The keys an event line may have.
  static let eventKeys: Set<String> = ["channel", "event", "eventHex", "match", "note"]

  /// `{"channel", "event": {"ok": v} | {"error": {...}} | {"end": true}, "eventHex"?, "match"?,
  /// "note"?}` (protocol/events.md#transcripts).
  static func parseEvent(_ fields: [String: ChannelValue]) throws(LineError) -> TranscriptEvent {
    if let unknown = fields.keys.sorted().first(where: { !eventKeys.contains($0) }) {
      throw LineError(
        "unknown key \"\(unknown)\": an event line has channel, event, eventHex, match, note")
    }
    guard case .string(let channel)? = fields["channel"] else {
      throw LineError("an event line names its \"channel\" (a string)")
    }
    let eventFields = try stringKeyedFields(fields["event"] ?? .null, what: "\"event\"")
    let event: TranscriptReply
    if eventFields.count == 1, let end = eventFields["end"] {
      guard case .bool(true) = end else { throw LineError("\"end\" must be true") }
      event = .end
    } else {
      event = try parseReply(fields["event"] ?? .null)
      switch event {
      case .ok, .error: break
      default:
        throw LineError(
          "an \"event\" is {\"ok\": v}, {\"error\": {...}} or {\"end\": true}")
      }
    }
    var result = TranscriptEvent(
      channel: channel, event: event,
      eventBytes: try recordedBytes(fields["eventHex"], key: "eventHex"))
    if let noteValue = fields["note"] {
      guard case .string(let text) = noteValue else {
        throw LineError("\"note\" must be a string, not \(noteValue.typeName)")
      }
      result.note = text
    }
    if let matchValue = fields["match"] {
      switch ValueMatchers.parse(matchValue) {
      case .success(let m): result.matchers = m
      case .failure(let e): throw LineError(e.message)
      }
    }
    return result
  }

  static func parseExchange(_ fields: [String: ChannelValue], requireReply: Bool)
    throws(LineError) -> TranscriptExchange
  {
    if let unknown = fields.keys.sorted().first(where: { !exchangeKeys.contains($0) }) {
      throw LineError(
        "unknown key \"\(unknown)\": an exchange line has channel, call or message, reply, "
          + "callHex or messageHex, replyHex, at, match, note")
    }
    guard let channelValue = fields["channel"] else {
      throw LineError("missing \"channel\": an exchange line names its channel (a string)")
    }
    guard case .string(let channel) = channelValue else {
      throw LineError("\"channel\" must be a string, not \(channelValue.typeName)")
    }
    guard channel.utf8.count <= Int(UInt16.max) else {
      throw LineError("\"channel\" is longer than 65535 UTF-8 bytes")
    }
    let request: TranscriptRequest
    let requestBytes: RecordedBytes?
    switch (fields["call"], fields["message"]) {
    case (nil, nil):
      throw LineError("missing \"call\" or \"message\": an exchange line sends one of them")
    case (_?, _?):
      throw LineError("both \"call\" and \"message\": an exchange line sends only one of them")
    case (let call?, nil):
      if fields["messageHex"] != nil {
        throw LineError("\"messageHex\" goes with \"message\"; a call's bytes are \"callHex\"")
      }
      requestBytes = try recordedBytes(fields["callHex"], key: "callHex")
      if case .null = call {
        guard requestBytes != nil else {
          throw LineError(
            "\"call\" is null but there is no \"callHex\": a null call needs the bytes to send "
              + "(hex, or null for a null payload)")
        }
        request = .call(nil)
      } else {
        request = .call(try parseCall(call))
      }
    case (nil, let message?):
      if fields["callHex"] != nil {
        throw LineError("\"callHex\" goes with \"call\"; a message's bytes are \"messageHex\"")
      }
      requestBytes = try recordedBytes(fields["messageHex"], key: "messageHex")
      request = .message(message)
    }
    var reply: TranscriptReply?
    if let replyValue = fields["reply"] {
      reply = try parseReply(replyValue)
    } else if requireReply {
      throw LineError(
        "missing \"reply\": expected {\"ok\": v}, {\"error\": {...}}, {\"message\": v} or "
          + "{\"notImplemented\": true}")
    }
    if case .call = request, case .message? = reply {
      throw LineError(
        "a call's reply is {\"ok\": v}, {\"error\": {...}} or {\"notImplemented\": true}, not {\"message\": v}"
      )
    }
    if case .message = request {
      switch reply {
      case .ok?, .error?:
        throw LineError(
          "a plain message's reply is {\"message\": v} (or {\"notImplemented\": true}), not an "
            + "envelope")
      default: break
      }
    }
    let replyBytes = try recordedBytes(fields["replyHex"], key: "replyHex")
    var note: String?
    if let noteValue = fields["note"] {
      guard case .string(let text) = noteValue else {
        throw LineError("\"note\" must be a string, not \(noteValue.typeName)")
      }
      note = text
    }
    var matchers: ValueMatchers?
    if let matchValue = fields["match"] {
      switch ValueMatchers.parse(matchValue) {
      case .success(let m): matchers = m
      case .failure(let e): throw LineError(e.message)
      }
    }
    var exchange = TranscriptExchange(
      channel: channel, request: request, requestBytes: requestBytes, reply: reply,
      replyBytes: replyBytes, note: note, matchers: matchers)
    if let atValue = fields["at"] {
      guard let at = atValue.intValue, atRange.contains(at) else {
        throw LineError(
          "\"at\" must be the client's clock in milliseconds since 1970, an integer from "
            + "\(atRange.lowerBound) to \(atRange.upperBound), not \(ChannelJSON.print(atValue))")
      }
      exchange.at = at
    }
    return exchange
  }

  /// `{"method": String, "args"?: value}`.
  static func parseCall(_ value: ChannelValue) throws(LineError) -> MethodCall {
    let fields = try stringKeyedFields(value, what: "\"call\"")
    if let unknown = fields.keys.sorted().first(where: { $0 != "method" && $0 != "args" }) {
      throw LineError("unknown key \"\(unknown)\" in \"call\": expected \"method\" and \"args\"")
    }
    guard let methodValue = fields["method"] else {
      throw LineError("missing \"method\" in \"call\": expected {\"method\": name, \"args\": v}")
    }
    guard case .string(let method) = methodValue else {
      throw LineError("\"call\".\"method\" must be a string, not \(methodValue.typeName)")
    }
    return MethodCall(method, fields["args"] ?? .null)
  }

  /// One of `{"ok": v}`, `{"error": {...}}`, `{"message": v}`, `{"notImplemented": true}`,
  /// `{"undecodable": "why"}`.
  static func parseReply(_ value: ChannelValue) throws(LineError) -> TranscriptReply {
    let fields = try stringKeyedFields(value, what: "\"reply\"")
    guard fields.count == 1, let first = fields.first else {
      throw LineError(
        "\"reply\" must have exactly one key: ok, error, message, notImplemented or undecodable")
    }
    let inner = first.value
    switch first.key {
    case "ok": return .ok(inner)
    case "message": return .message(inner)
    case "notImplemented":
      guard case .bool(true) = inner else {
        throw LineError("\"notImplemented\" must be true")
      }
      return .notImplemented
    case "undecodable":
      guard case .string(let why) = inner else {
        throw LineError("\"undecodable\" must be a string")
      }
      return .undecodable(why)
    case "error": return .error(try parseError(inner))
    default:
      throw LineError(
        "unknown reply \"\(first.key)\": expected ok, error, message, notImplemented or undecodable"
      )
    }
  }

  static func parseError(_ value: ChannelValue) throws(LineError) -> FlutterError {
    let fields = try stringKeyedFields(value, what: "\"reply\".\"error\"")
    let allowed: Set<String> = ["code", "message", "details", "stacktrace"]
    if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
      throw LineError(
        "unknown key \"\(unknown)\" in the error: expected code, message, details, stacktrace")
    }
    guard case .string(let code)? = fields["code"] else {
      throw LineError("the error's \"code\" must be a string")
    }
    var message: String?
    switch fields["message"] {
    case nil, .null?: message = nil
    case .string(let text)?: message = text
    case let other?:
      throw LineError("the error's \"message\" must be a string or null, not \(other.typeName)")
    }
    var stacktrace: ChannelValue?
    switch fields["stacktrace"] {
    case nil: stacktrace = nil
    case .null?, .string?: stacktrace = fields["stacktrace"]
    case let other?:
      throw LineError(
        "the error's \"stacktrace\" must be a string or null, not \(other.typeName)")
    }
    return FlutterError(
      code: code, message: message, details: fields["details"] ?? .null, stacktrace: stacktrace)
  }

  /// `callHex`/`messageHex`/`replyHex`: hex text, or null for a null payload.
  static func recordedBytes(_ value: ChannelValue?, key: String) throws(LineError)
    -> RecordedBytes?
  {
    switch value {
    case nil: return nil
    case .null?: return .nullPayload
    case .string(let text)?:
      switch TranscriptHex.decode(text) {
      case .success(let bytes): return .bytes(bytes)
      case .failure(let error): throw LineError("\"\(key)\": \(error.message)")
      }
    case let other?:
      throw LineError(
        "\"\(key)\" must be a hex string or null (a null payload), not \(other.typeName)")
    }
  }

  /// The fields of an object with string keys, each key once.
  static func stringKeyedFields(_ value: ChannelValue, what: String) throws(LineError)
    -> [String: ChannelValue]
  {
    guard case .map(let entries) = value else {
      throw LineError("\(what) must be a JSON object, not \(value.typeName)")
    }
    var fields: [String: ChannelValue] = [:]
    for entry in entries {
      guard case .string(let key) = entry.key else {
        throw LineError("\(what) must have string keys, not \(entry.key.typeName)")
      }
      if fields[key] != nil {
        throw LineError("\(what) has the key \"\(key)\" twice")
      }
      fields[key] = entry.value
    }
    return fields
  }
}
