import ChannelJSON
import FlutterCodec

/// One transcript line → its entry: a note, the header, an event or an exchange (the exchange's
/// own fields are read in TranscriptExchangeParser.swift).
extension TranscriptReader {
  struct LineError: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }

  /// One non-blank line.
  static func parseLine(_ line: UnsafeBufferPointer<UInt8>, requireReply: Bool) throws(LineError)
    -> TranscriptEntry
  {
    let value: ChannelValue
    do {
      value = try TranscriptHexLift.parse(line, wrapperDepth: wrapperDepth)
    } catch {
      throw LineError("not a typed-JSON line: \(error.description)")
    }
    let fields = try stringKeyedFields(value, what: "a transcript line")
    if fields.count == 1, let note = fields["note"] {
      return .note(try lineNote(note))
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
    if let unknown = fields.keys.lazy.filter({ !eventKeys.contains($0) }).min() {
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
    if let noteValue = fields["note"] { result.note = try lineNote(noteValue) }
    if let matchValue = fields["match"] { result.matchers = try lineMatchers(matchValue) }
    return result
  }
}
