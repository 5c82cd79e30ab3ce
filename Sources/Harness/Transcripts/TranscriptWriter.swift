import ChannelJSON
import FlutterCodec

/// Writes transcript lines in the canonical key order: channel, call|message, reply,
/// callHex|messageHex, replyHex, at, match, note.
public enum TranscriptWriter {
  public static func line(_ entry: TranscriptEntry) -> String {
    ChannelJSON.print(value(of: entry))
  }

  /// ``line(_:)``'s text as UTF-8 bytes with a newline after it: what `serve --jsonl` writes,
  /// without a `String` of a long line in between.
  public static func lineUTF8(_ entry: TranscriptEntry) -> [UInt8] {
    var bytes = ChannelJSON.printUTF8(value(of: entry))
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }

  /// ``lineUTF8(_:)`` handed to `flush` in pieces of about `pieceBytes` while it is printed
  /// (each piece emptied by `flush`; the line's last piece, with its newline, is returned): a
  /// long exchange's line is never held whole, and its hex is written from its bytes, never
  /// made a `String`. The same bytes as ``lineUTF8(_:)``.
  public static func lineUTF8(
    _ exchange: TranscriptExchange, pieceBytes: Int, flush: @escaping (inout [UInt8]) -> Void
  ) -> [UInt8] {
    // Fields after the hex ones (at, match, note) would have to follow them: printed whole.
    guard exchange.at == nil, exchange.matchers == nil, exchange.note == nil else {
      return lineUTF8(.exchange(exchange))
    }
    var head = exchange
    head.requestBytes = nil
    head.replyBytes = nil
    // `{"channel": …, "call": …, "reply": …}` without its `}`, then the hex fields.
    var out = ChannelJSON.printUTF8(value(of: head), pieceBytes: pieceBytes, flush: flush)
    out.removeLast()
    func appendHex(_ key: String, _ bytes: RecordedBytes?) {
      guard let bytes else { return }
      out.append(contentsOf: ", \"\(key)\": ".utf8)
      guard let data = bytes.bytes else {
        out.append(contentsOf: "null".utf8)
        return
      }
      out.append(UInt8(ascii: "\""))
      var start = 0
      while start < data.count {
        let end = min(data.count, start + pieceBytes / 2)
        Hex.append(data[start..<end], to: &out)
        start = end
        if out.count >= pieceBytes { flush(&out) }
      }
      out.append(UInt8(ascii: "\""))
    }
    appendHex(exchange.isMethodCall ? "callHex" : "messageHex", exchange.requestBytes)
    appendHex("replyHex", exchange.replyBytes)
    out.append(contentsOf: "}\n".utf8)
    return out
  }

  /// The typed-JSON value of any line.
  public static func value(of entry: TranscriptEntry) -> ChannelValue {
    switch entry {
    case .note(let text): return .object([("note", .string(text))])
    case .exchange(let exchange): return value(of: exchange)
    case .header(let header): return header.channelValue
    case .event(let event): return value(of: event)
    }
  }

  /// The typed-JSON map of an event line: channel, event, eventHex, match, note.
  public static func value(of event: TranscriptEvent) -> ChannelValue {
    var fields: [(String, ChannelValue)] = [
      ("channel", .string(event.channel)), ("event", event.event.channelValue),
    ]
    if let bytes = event.eventBytes { fields.append(("eventHex", bytes.channelValue)) }
    if let matchers = event.matchers { fields.append(("match", matchers.channelValue)) }
    if let note = event.note { fields.append(("note", .string(note))) }
    return .object(fields)
  }

  /// The typed-JSON map of an exchange line.
  public static func value(of exchange: TranscriptExchange) -> ChannelValue {
    var fields: [(String, ChannelValue)] = [("channel", .string(exchange.channel))]
    switch exchange.request {
    case .call(let call?):
      fields.append(
        ("call", .object([("method", .string(call.method)), ("args", call.arguments)])))
    case .call(nil): fields.append(("call", .null))
    case .message(let value): fields.append(("message", value))
    }
    if let reply = exchange.reply { fields.append(("reply", reply.channelValue)) }
    if let bytes = exchange.requestBytes {
      fields.append((exchange.isMethodCall ? "callHex" : "messageHex", bytes.channelValue))
    }
    if let bytes = exchange.replyBytes { fields.append(("replyHex", bytes.channelValue)) }
    if let at = exchange.at {
      // A plain JSON integer (int64 above int32's range), never {"$int64": …}.
      fields.append(("at", Int32(exactly: at).map(ChannelValue.int32) ?? .int64(Int64(at))))
    }
    if let matchers = exchange.matchers { fields.append(("match", matchers.channelValue)) }
    if let note = exchange.note { fields.append(("note", .string(note))) }
    return .object(fields)
  }

  /// The whole file: every line's text (blank lines kept), each with the line break it was read
  /// with (so CRLF files stay CRLF and a file without a final newline stays so; an unchanged
  /// transcript is written back byte for byte).
  public static func text(of transcript: Transcript) -> String {
    var out = ""
    for line in transcript.lines {
      out += line.text
      out += line.ending
    }
    return out
  }
}

extension TranscriptWriter {
  /// A reply as typed JSON, for messages.
  public static func replyText(_ reply: TranscriptReply) -> String {
    ChannelJSON.print(reply.channelValue)
  }
}
