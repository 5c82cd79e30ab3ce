import FlutterCodec
import PluginHost

/// The messages ``FrameServer`` starts and answers later (a native plugin's channels,
/// protocol/native.md): each reply leaves when the plugin's code gives it, with its message's
/// id, so replies may leave out of request order; the messages to Dart the code sends meanwhile
/// leave in the order it sent them. A message whose reply does not come within
/// ``replyTimeoutMs`` is named once on stderr; serving goes on.
extension FrameServer {
  /// One message answered later, waiting for its reply.
  struct WaitingMessage {
    var id: UInt32
    var channel: String
    var payload: [UInt8]?
    /// When its reply is overdue (monotonic ms).
    var deadline: Int
    /// Whether the diagnostic was written.
    var overdue = false
  }

  /// 10 s: far more than any answer from an emulated store takes, short enough for a test run.
  public static let defaultReplyTimeoutMs = 10_000

  /// Messages answered later still waiting for their reply.
  public var waitingCount: Int { waiting.count }

  /// The handler's answered-later path, for the serve loop to poll.
  public var laterReplies: LaterReplying? { later }

  func startLater(_ later: LaterReplying, id: UInt32, channel: String, payload: [UInt8]?) {
    let token = nextWaitingToken
    nextWaitingToken += 1
    waiting[token] = WaitingMessage(
      id: id, channel: channel, payload: payload,
      deadline: MonotonicClock.nowMs() + replyTimeoutMs)
    later.start(channel: channel, payload: payload) { [weak self] reply in
      self?.finishLater(token, reply: reply)
    }
    // The handler runs now, before the next frame is served (as the main queue runs it on iOS
    // before the next platform message).
    pumpLater()
  }

  private func finishLater(_ token: Int, reply: [UInt8]?) {
    guard let message = waiting.removeValue(forKey: token) else { return }
    logger.debug(
      CallSummary.line(
        id: message.id, channel: message.channel, payload: message.payload, reply: reply))
    countServed()
    pending.appendFrame(kind: .reply, id: message.id, channel: message.channel, payload: reply)
    recording?.served(
      channel: message.channel, payload: message.payload, reply: reply, handler: handler)
    recordHeldEvents()
    if message.overdue {
      logger.warning(
        "the reply to message \(message.id) on \(message.channel) came after all, late")
    }
  }

  /// Runs the answered-later work that is ready: replies become REPLY frames, messages to Dart
  /// HOST_MESSAGE frames (events are recorded; a call to Dart gets its HOST_REPLY back).
  public func pumpLater() {
    guard let later else { return }
    later.pump { message, onReply in
      if onReply == nil && recording != nil { heldEvents.append(message) }
      let id = sendHostMessage(channel: message.channel, payload: message.payload) { reply in
        onReply?(reply)
      }
      logger.debug(
        "HOST_MESSAGE \(id) on \(message.channel): "
          + (message.payload.map { "\($0.count) bytes" } ?? "null"))
    }
  }

  /// Records the events a native plugin's code sent since the last exchange. They are recorded
  /// after the exchange whose reply follows them (an event sent in `onListen` after the
  /// `listen` exchange), where `replay` looks for the events a call caused; the serve loop
  /// records what is left at the end.
  public func recordHeldEvents() {
    guard !heldEvents.isEmpty else { return }
    recording?.events(heldEvents)
    heldEvents.removeAll()
  }

  /// Writes one diagnostic for each message whose reply is overdue; returns the ms until the
  /// next deadline (`nil`: nothing is waiting that is not overdue already).
  public func checkOverdue() -> Int? {
    let now = MonotonicClock.nowMs()
    var next: Int?
    for (token, message) in waiting where !message.overdue {
      if message.deadline <= now {
        waiting[token]?.overdue = true
        Logger.writeStderr(
          "hkbridge serve: no reply to message \(message.id) on \(message.channel) "
            + "(\(Self.methodName(message.payload))) after \(replyTimeoutMs) ms: the plugin's "
            + "code has not called result; serving goes on\n")
      } else {
        next = min(next ?? Int.max, message.deadline - now)
      }
    }
    return next
  }

  /// The method a payload calls, or what it is when it is no method call.
  public static func methodName(_ payload: [UInt8]?) -> String {
    guard let payload else { return "a null message" }
    if let call = try? StandardMethodCodec(
      messageCodec: StandardMessageCodec(allowsExtensions: true)
    )
    .decodeMethodCall(payload) {
      return "method \(call.method)"
    }
    return "a message of \(payload.count) bytes"
  }
}
