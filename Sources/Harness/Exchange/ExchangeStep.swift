import FlutterCodec
import PluginHost

/// One exchange, the same for every transport (frames, `--jsonl` lines, `--scenario` steps,
/// `replay`, playback's model): the handler answers the message, the exchange is recorded
/// (`--record`), then the events it caused are drained (recorded after it, handed to the
/// transport to send after its reply; protocol/events.md#when-events-are-sent). A message on a
/// channel answered later (a native plugin's, protocol/native.md) is started here and finished
/// when its reply comes (ExchangeStep+Later.swift).
public final class ExchangeStep {
  /// What one exchange gave: the reply bytes (`nil`: a null reply) and the events it caused,
  /// oldest first.
  public struct Outcome {
    public var reply: [UInt8]?
    public var events: [HostMessage]
  }

  public let handler: MessageHandling
  /// Records every exchange and the events after it (`serve --record`), or `nil`. (Looked at on
  /// every exchange: no run-time exclusivity check, no access to it overlaps another.)
  @exclusivity(unchecked) public var recorder: TranscriptRecorder?
  /// The handler's answered-later path (nil: every channel answers at once).
  public let later: LaterReplying?
  /// How long a reply answered later may take before a diagnostic names it
  /// (`--reply-timeout`).
  public var replyTimeoutMs = ExchangeStep.defaultReplyTimeoutMs
  /// 10 s: far more than any answer from an emulated store takes, short enough for a test run.
  public static let defaultReplyTimeoutMs = 10_000

  /// Messages answered later whose reply has not come, by token (ExchangeStep+Later.swift).
  @exclusivity(unchecked) var waiting: [Int: Waiting] = [:]
  @exclusivity(unchecked) var nextToken = 1
  /// Events a native plugin's code sent, waiting to be recorded after the next exchange.
  @exclusivity(unchecked) var heldEvents: [HostMessage] = []

  public init(handler: MessageHandling, recorder: TranscriptRecorder? = nil) {
    self.handler = handler
    self.recorder = recorder
    later = handler.later
    outbox = handler.hostMessageOutbox
  }

  /// The handler's outbox of events, when it has one (looked at after each exchange).
  private let outbox: EventOutbox?

  /// Whether the handler has events to give: its outbox looked at, else asked.
  @inline(__always)
  private var handlerHasHostMessages: Bool {
    if let outbox { return !outbox.isEmpty }
    return handler.hasHostMessages
  }

  /// One exchange answered now: handled (a channel answered later is waited for, up to the
  /// handler's own timeout), recorded, its events drained.
  public func run(channel: String, payload: [UInt8]?) -> Outcome {
    let reply = handler.handleMessage(channel: channel, payload: payload)
    recorder?.served(channel: channel, payload: payload, reply: reply, handler: handler)
    var outcome = drainEvents()
    outcome.reply = reply
    if let later { outcome.events += eventsSentMeanwhile(later) }
    return outcome
  }

  /// The events a native plugin's code has sent and that wait in its host (answered now, no
  /// serve loop pumps them): they belong to the exchange just answered and are recorded after
  /// it; a call to Dart among them gets a null reply (nobody is listening).
  private func eventsSentMeanwhile(_ later: LaterReplying) -> [HostMessage] {
    later.settle()
    var events: [HostMessage] = []
    later.pump { message, onReply in
      if let onReply { onReply(nil) } else { events.append(message) }
    }
    if !events.isEmpty { recorder?.events(events) }
    return events
  }

  /// The same for a message in place (the frame server's input buffer): the channel's bytes
  /// are routed as they are, or on the handler's `route` for them when the transport has it;
  /// `answer` gets the reply as the handler made it (the transport encodes it where it writes),
  /// before the exchange is recorded; `events` gets the events it caused, oldest first, when
  /// there are any (no list is made or dropped for the others). The name, a copy of the payload
  /// and the reply's bytes are made only for a recording.
  @inline(__always)
  public func run(
    channelUTF8: UnsafeRawBufferPointer, route: MessageRoute? = nil,
    payload: UnsafeRawBufferPointer?, name: () -> String, answer: (MessageReply) -> Void,
    events: ([HostMessage]) -> Void
  ) {
    let reply =
      if let route { handler.reply(on: route, payload: payload) } else {
        handler.reply(channelUTF8: channelUTF8, payload: payload)
      }
    answer(reply)
    if let recorder { record(recorder, name(), payload, reply) }
    if heldEvents.isEmpty && !handlerHasHostMessages { return }
    let drained = drainEvents().events
    if !drained.isEmpty { events(drained) }
  }

  /// Records one exchange answered in place (``run(channelUTF8:route:payload:name:answer:events:)``).
  @inline(never)
  private func record(
    _ recorder: TranscriptRecorder, _ name: String, _ payload: UnsafeRawBufferPointer?,
    _ reply: borrowing MessageReply
  ) {
    recorder.served(
      channel: name, payload: payload.map { Array($0) }, reply: reply.bytes, handler: handler)
  }

  /// Records the events held since the last exchange, then takes the ones the handler made
  /// and records them.
  private func drainEvents() -> Outcome {
    if !heldEvents.isEmpty { recordHeldEvents() }
    let events = handler.takeHostMessages()
    if !events.isEmpty { recorder?.events(events) }
    return Outcome(reply: nil, events: events)
  }
}
