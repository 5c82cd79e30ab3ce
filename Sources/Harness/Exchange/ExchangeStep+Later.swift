import FlutterCodec
import PluginHost

/// The exchanges started and finished later (a native plugin's channels, protocol/native.md):
/// each reply is recorded and handed on when the plugin's code gives it, so replies may leave
/// out of request order; the messages to Dart the code sends meanwhile are handed on in the
/// order it sent them (events are recorded after the next exchange). A message whose reply
/// does not come within ``ExchangeStep/replyTimeoutMs`` is named once on stderr; serving goes on.
extension ExchangeStep {
  /// One message answered later, waiting for its reply.
  struct Waiting {
    /// The transport's id of the message (a frame's id), for diagnostics.
    var id: UInt32
    var channel: String
    var payload: [UInt8]?
    /// When its reply is overdue (monotonic ms).
    var deadline: Int
    /// Whether the diagnostic was written.
    var overdue = false
  }

  /// Whether `channel`'s messages are answered later (start them with ``start(id:channel:payload:done:)``).
  public func answersLater(channel: String) -> Bool {
    later?.answersLater(channel: channel) ?? false
  }

  /// Messages answered later still waiting for their reply.
  public var waitingCount: Int { waiting.count }

  /// Starts one message answered later; `done` gets its reply (`nil`: a null reply), already
  /// recorded, from inside a ``pump(send:)``. The plugin's handler runs now, before the next
  /// message is served (as the main queue runs it on iOS before the next platform message).
  public func start(
    id: UInt32, channel: String, payload: [UInt8]?,
    send: (HostMessage, (([UInt8]?) -> Void)?) -> Void,
    done: @escaping (_ reply: [UInt8]?, _ late: Bool) -> Void
  ) {
    guard let later else { return }
    let token = nextToken
    nextToken += 1
    waiting[token] = Waiting(
      id: id, channel: channel, payload: payload,
      deadline: MonotonicClock.nowMs() + replyTimeoutMs)
    later.start(channel: channel, payload: payload) { [weak self] reply in
      guard let self, let message = waiting.removeValue(forKey: token) else { return }
      recorder?.served(
        channel: message.channel, payload: message.payload, reply: reply, handler: handler)
      recordHeldEvents()
      done(reply, message.overdue)
    }
    pump(send: send)
  }

  /// Runs the answered-later work that is ready: replies go to their `done`, messages to Dart
  /// to `send` (`onReply` `nil`: an event, held to be recorded after the next exchange).
  public func pump(send: (HostMessage, (([UInt8]?) -> Void)?) -> Void) {
    guard let later else { return }
    later.pump { message, onReply in
      if onReply == nil && recorder != nil { heldEvents.append(message) }
      send(message, onReply)
    }
  }

  /// Records the events a native plugin's code sent since the last exchange. They are recorded
  /// after the exchange whose reply follows them (an event sent in `onListen` after the
  /// `listen` exchange), where `replay` looks for the events a call caused; the serve loop
  /// records what is left at the end.
  public func recordHeldEvents() {
    guard !heldEvents.isEmpty else { return }
    recorder?.events(heldEvents)
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
