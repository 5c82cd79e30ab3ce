import ChannelJSON
import FlutterCodec

/// A transcript (protocol/transcripts.md): JSON Lines of notes and exchanges, kept line by line so that
/// `replay --update` can rewrite a file keeping its notes, blank lines and order.
public struct Transcript: Sendable {
  /// The file it was read from (for messages: `file:line`).
  public var path: String
  public var lines: [TranscriptLine]
  /// The file's last bytes when they were not a whole line (an append cut short;
  /// ``TranscriptReader/tornFinalLine(_:)``): not read, and written back as they were by
  /// `--update`, so that rewriting a file loses nothing of it.
  public var tornTail: [UInt8]?

  public init(path: String, lines: [TranscriptLine]) {
    self.path = path
    self.lines = lines
  }

  /// The `{"hkbridge": {...}}` header line, when the file has one.
  public var header: TranscriptHeader? {
    for line in lines {
      if case .header(let header)? = line.entry { return header }
    }
    return nil
  }

  /// The events, with their line numbers, in order.
  public var events: [(line: Int, event: TranscriptEvent)] {
    lines.compactMap { line in
      if case .event(let event)? = line.entry { return (line.number, event) }
      return nil
    }
  }

  /// The exchanges, with their line numbers, in order.
  public var exchanges: [(line: Int, exchange: TranscriptExchange)] {
    lines.compactMap { line in
      if case .exchange(let exchange)? = line.entry { return (line.number, exchange) }
      return nil
    }
  }
}

/// One line of a transcript file.
public struct TranscriptLine: Sendable {
  /// 1-based line number.
  public var number: Int
  /// The line as it was read (without its line break).
  public var text: String
  /// `nil` for a blank line.
  public var entry: TranscriptEntry? {
    didSet { valuesFromBytes = false }
  }
  /// The line break that ended the line in the file: `"\n"`, `"\r\n"`, or `""` for a last line
  /// without one; `--update` writes it back so that a file keeps its line endings.
  public var ending: String
  /// Whether the reader took the exchange's `call` and `reply` from its `callHex` and `replyHex`
  /// (their texts were exactly what the bytes print as): they agree with the bytes unless a map
  /// repeats a key (``TranscriptConsistency/problem(_:valuesFromBytes:)``).
  var valuesFromBytes = false

  public init(number: Int, text: String, entry: TranscriptEntry?, ending: String = "\n") {
    self.number = number
    self.text = text
    self.entry = entry
    self.ending = ending
  }
}

public enum TranscriptEntry: Sendable, Hashable {
  /// `{"note": "..."}`: free text, ignored by replay, kept by `--update`.
  case note(String)
  case exchange(TranscriptExchange)
  /// `{"channel": …, "event": …}`: an event the host sent (protocol/events.md#transcripts).
  case event(TranscriptEvent)
  /// `{"hkbridge": {...}}`: how the transcript was made (only as its first non-blank line).
  case header(TranscriptHeader)
}

/// One message sent to the emulator and the reply it got.
public struct TranscriptExchange: Sendable, Hashable {
  public var channel: String
  public var request: TranscriptRequest
  /// `callHex` / `messageHex`: when present, the exact bytes sent (verbatim, even if malformed).
  public var requestBytes: RecordedBytes?
  /// The expected reply (optional only in `serve --scenario` files).
  public var reply: TranscriptReply?
  /// `replyHex`: the exact reply bytes, or a null reply.
  public var replyBytes: RecordedBytes?
  /// An optional `note` on the exchange line itself.
  public var note: String?
  /// `"match"`: matchers for paths of this exchange (see ``ValueMatchers``).
  public var matchers: ValueMatchers?
  /// `"at"`: the client's clock in ms since 1970 when it sent the request
  /// (protocol/transcripts.md, "Device time").
  public var at: Int?

  public init(
    channel: String, request: TranscriptRequest, requestBytes: RecordedBytes? = nil,
    reply: TranscriptReply? = nil, replyBytes: RecordedBytes? = nil, note: String? = nil,
    matchers: ValueMatchers? = nil
  ) {
    self.channel = channel
    self.request = request
    self.requestBytes = requestBytes
    self.reply = reply
    self.replyBytes = replyBytes
    self.note = note
    self.matchers = matchers
  }

  /// The method name for reports: the call's method, `(malformed call)`, or `(message)`.
  public var methodLabel: String {
    switch request {
    case .call(let call?): return call.method
    case .call(nil): return "(malformed call)"
    case .message: return "(message)"
    }
  }

  /// Whether the request is a method call (its reply is an envelope) rather than a plain message.
  public var isMethodCall: Bool {
    if case .call = request { return true }
    return false
  }

  /// The payload to send: `callHex`/`messageHex` verbatim when present, else the encoded request.
  public var payload: [UInt8]? {
    switch requestBytes {
    case .nullPayload?: return nil
    case .bytes(let bytes)?: return bytes
    case nil:
      switch request {
      case .call(let call?): return StandardMethodCodec().encodeMethodCall(call)
      case .call(nil): return nil
      case .message(let value): return StandardMessageCodec().encode(value)
      }
    }
  }
}

/// What was sent: a method call or a plain message.
public enum TranscriptRequest: Sendable, Hashable {
  /// `"call": {"method", "args"}`; `nil` (`"call": null`) when `callHex` holds bytes that are
  /// not a method call, or a null payload.
  case call(MethodCall?)
  /// `"message": value` (BasicMessageChannel).
  case message(ChannelValue)
}

/// The exact bytes of a payload, or a null payload (JSON `null` in `callHex`/`replyHex`).
public enum RecordedBytes: Sendable, Hashable {
  case nullPayload
  case bytes([UInt8])

  public init(_ bytes: [UInt8]?) {
    self = bytes.map(RecordedBytes.bytes) ?? .nullPayload
  }

  /// `nil` for a null payload.
  public var bytes: [UInt8]? {
    if case .bytes(let b) = self { return b }
    return nil
  }

  /// The JSON form: a lowercase hex string, or `null`.
  public var channelValue: ChannelValue {
    switch self {
    case .nullPayload: return .null
    case .bytes(let b): return .string(Hex.encode(b))
    }
  }
}
