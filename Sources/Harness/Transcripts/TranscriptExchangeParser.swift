import ChannelJSON
import FlutterCodec

/// An exchange line's fields (protocol/transcripts.md): the channel, the call or message with its
/// bytes, the reply, `at`, `match` and `note`, and the rules that tie them together.
extension TranscriptReader {
  /// The keys an exchange line may have.
  static let exchangeKeys: Set<String> = [
    "channel", "call", "message", "reply", "callHex", "messageHex", "replyHex", "at", "match",
    "note",
  ]

  /// The values `at` may take: ms since 1970, up to the end of year 9999 (the emulator's clock).
  static let atRange = 0...253_402_300_799_999

  static func parseExchange(_ fields: [String: ChannelValue], requireReply: Bool)
    throws(LineError) -> TranscriptExchange
  {
    if let unknown = fields.keys.lazy.filter({ !exchangeKeys.contains($0) }).min() {
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
    if let noteValue = fields["note"] { note = try lineNote(noteValue) }
    var matchers: ValueMatchers?
    if let matchValue = fields["match"] { matchers = try lineMatchers(matchValue) }
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
    if let unknown = fields.keys.lazy.filter({ $0 != "method" && $0 != "args" }).min() {
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
}
