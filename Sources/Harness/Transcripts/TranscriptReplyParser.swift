import FlutterCodec

/// A line's `reply` (or an event's `event`): `{"ok": v}`, `{"error": {...}}`, `{"message": v}`,
/// `{"notImplemented": true}` or `{"undecodable": "why"}`.
extension TranscriptReader {
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
    if let unknown = fields.keys.lazy.filter({ !allowed.contains($0) }).min() {
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
}
