import ChannelJSON
import FlutterCodec

/// Checks that an exchange's values and hex say the same thing (`call`/`callHex`,
/// `message`/`messageHex`, `reply`/`replyHex`), so that a hand edit of one side is caught in
/// every match mode (protocol/transcripts.md, "Consistency").
public enum TranscriptConsistency {
  /// What disagrees, naming the first differing path; `nil` when both sides agree.
  public static func problem(_ exchange: TranscriptExchange) -> String? {
    requestProblem(exchange) ?? replyProblem(exchange)
  }

  /// ``problem(_:)`` for an exchange line; `valuesFromBytes`: the reader took its `reply` from
  /// its `replyHex`, and its `call` or `message` from its `callHex` or `messageHex` when it has
  /// one (TranscriptDirectLine.swift). Each side is then the other's decoding, so the checks
  /// below would compare a value with itself and find nothing (a map that repeats a key too: it
  /// is read as Dart reads it on both sides, the last value winning).
  public static func problem(_ exchange: TranscriptExchange, valuesFromBytes: Bool) -> String? {
    guard valuesFromBytes, exchange.reply != nil else { return problem(exchange) }
    if exchange.requestBytes == nil { return nil }
    switch exchange.request {
    case .call(_?), .message: return nil
    default: return problem(exchange)
    }
  }

  /// What disagrees between `call`/`message` and `callHex`/`messageHex`, or `nil`.
  public static func requestProblem(_ exchange: TranscriptExchange) -> String? {
    let messageCodec = StandardMessageCodec(allowsExtensions: true)
    if let requestBytes = exchange.requestBytes {
      switch (exchange.request, requestBytes) {
      case (.call(nil), _): break
      case (.call(let call?), .nullPayload):
        return "\"call\" is \(call.method) but \"callHex\" is null (a null payload)"
      case (.call(let call?), .bytes(let bytes)):
        let codec = StandardMethodCodec(messageCodec: messageCodec)
        if codec.encodeMethodCall(call) == bytes { break }
        guard let decoded = try? codec.decodeMethodCall(bytes) else {
          return "\"callHex\" is not a method call, but \"call\" gives one (write \"call\": null)"
        }
        if decoded.method != call.method {
          return disagreement(
            "call", "callHex",
            ValueDifference(
              path: "call.method", expected: .string(call.method),
              actual: .string(decoded.method)))
        }
        let diff = ValueDiff.compare(
          call.arguments, decoded.arguments, root: [.key("call"), .key("args")], exact: true,
          limit: 1)
        if let first = diff.differences.first { return disagreement("call", "callHex", first) }
      case (.message(let value), .nullPayload):
        if !value.isNull { return "\"messageHex\" is null but \"message\" is not" }
      case (.message(let value), .bytes(let bytes)):
        if messageCodec.encode(value) == bytes { break }
        guard let decoded = try? messageCodec.decode(bytes) else {
          // `"message": null` with bytes that are not one message: a malformed message, sent
          // as recorded (as `"call": null` with callHex is a malformed call).
          if value.isNull { break }
          return "\"messageHex\" is not one standard message (write \"message\": null)"
        }
        let diff = ValueDiff.compare(value, decoded, root: [.key("message")], exact: true, limit: 1)
        if let first = diff.differences.first {
          return disagreement("message", "messageHex", first)
        }
      }
    }
    return nil
  }

  /// What disagrees between `reply` and `replyHex`, or `nil`.
  public static func replyProblem(_ exchange: TranscriptExchange) -> String? {
    if let reply = exchange.reply, let replyBytes = exchange.replyBytes {
      if case .bytes(let bytes) = replyBytes,
        encoded(reply, isMethodCall: exchange.isMethodCall) == bytes
      {
        return nil
      }
      let decoded = TranscriptReply.decode(replyBytes.bytes, isMethodCall: exchange.isMethodCall)
      switch (reply, decoded) {
      case (.notImplemented, .message(.null)), (.message(.null), .notImplemented): return nil
      default: break
      }
      let diff = ValueDiff.compare(
        reply.channelValue, decoded.channelValue, root: [.key("reply")], exact: true, limit: 1)
      if let first = diff.differences.first { return disagreement("reply", "replyHex", first) }
    }
    return nil
  }

  /// What disagrees between an event line's `event` and `eventHex`, or `nil`.
  public static func problem(_ event: TranscriptEvent) -> String? {
    guard let bytes = event.eventBytes else { return nil }
    let decoded = TranscriptEvent.decode(bytes.bytes)
    let diff = ValueDiff.compare(
      event.event.channelValue, decoded.channelValue, root: [.key("event")], exact: true, limit: 1)
    return diff.differences.first.map { disagreement("event", "eventHex", $0) }
  }

  /// A reply's bytes as the emulator writes them (nil for replies that have no bytes of their
  /// own).
  static func encoded(_ reply: TranscriptReply, isMethodCall: Bool) -> [UInt8]? {
    let codec = StandardMethodCodec()
    switch reply {
    case .ok(let value) where isMethodCall:
      return codec.encodeSuccessEnvelope(value)
    case .error(let error) where isMethodCall:
      // A stacktrace that is not a string does not decode: the full check says so.
      switch error.stacktrace {
      case nil, .null?, .string?: break
      default: return nil
      }
      return codec.encodeErrorEnvelope(error)
    case .message(let value) where !isMethodCall:
      return StandardMessageCodec().encode(value)
    default: return nil
    }
  }

  static func disagreement(_ value: String, _ hex: String, _ d: ValueDifference) -> String {
    let said = d.expected.map { ChannelJSON.print($0) } ?? "(absent)"
    let bytes = d.actual.map { ChannelJSON.print($0) } ?? "(absent)"
    return "\"\(value)\" and \"\(hex)\" disagree at \(d.path): \"\(value)\" has \(said), "
      + "\"\(hex)\" decodes to \(bytes) (fix one side, or run replay --update to rewrite both)"
  }

  /// The exchange with `callHex`/`messageHex` rewritten from its `call`/`message` (the side
  /// people edit), for `--update`; a `"call": null` line keeps its bytes.
  static func requestBytesFromValue(_ exchange: TranscriptExchange) -> TranscriptExchange {
    guard exchange.requestBytes != nil else { return exchange }
    if case .call(nil) = exchange.request { return exchange }
    var updated = exchange
    updated.requestBytes = nil
    updated.requestBytes = RecordedBytes(updated.payload)
    return updated
  }
}
