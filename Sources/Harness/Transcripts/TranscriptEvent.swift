/// One event the host sent on an event channel (protocol/events.md#transcripts): a success
/// envelope (`{"ok": v}`), an error envelope (`{"error": {...}}`) or the end of the stream
/// (`{"end": true}`), written after the exchange whose call caused it.
public struct TranscriptEvent: Sendable, Hashable {
  public var channel: String
  /// `.ok`, `.error` or `.end`.
  public var event: TranscriptReply
  /// `eventHex`: the exact envelope bytes, or a null message for the end of the stream.
  public var eventBytes: RecordedBytes?
  public var matchers: ValueMatchers?
  public var note: String?

  public init(
    channel: String, event: TranscriptReply, eventBytes: RecordedBytes? = nil,
    matchers: ValueMatchers? = nil, note: String? = nil
  ) {
    self.channel = channel
    self.event = event
    self.eventBytes = eventBytes
    self.matchers = matchers
    self.note = note
  }

  /// The event a host message's bytes mean (`nil`: the end of the stream).
  public static func decode(_ payload: [UInt8]?) -> TranscriptReply {
    guard let payload else { return .end }
    return TranscriptReply.decode(payload, isMethodCall: true)
  }

  /// The event line for a host message, with its bytes.
  public init(channel: String, payload: [UInt8]?) {
    self.init(
      channel: channel, event: Self.decode(payload), eventBytes: RecordedBytes(payload))
  }
}
