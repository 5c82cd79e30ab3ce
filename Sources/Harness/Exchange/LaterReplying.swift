import PluginHost

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A handler some of whose channels are answered later, by code that runs on the serving
/// thread's main queue and may reply from any thread (a native plugin's channels,
/// protocol/native.md). ``FrameServer`` starts those messages and goes on serving; each reply
/// leaves when it comes, with its message's id.
public protocol LaterReplying: AnyObject {
  /// Whether messages on `channel` are answered through ``start(channel:payload:done:)``.
  func answersLater(channel: String) -> Bool
  /// Starts one message. `done` runs once, with the reply (`nil`: a null reply), from inside a
  /// ``pump(_:)`` on the serving thread; never from inside `start`.
  func start(channel: String, payload: [UInt8]?, done: @escaping ([UInt8]?) -> Void)
  /// A descriptor that becomes readable when ``pump(_:)`` has work: the server polls it beside
  /// its input.
  var wakeDescriptor: Int32 { get }
  /// Runs the work that is ready; what it produced goes out in the order produced: replies
  /// through their `done`, messages to Dart through `send` (`onReply` `nil`: an event, nobody
  /// waits for its reply).
  func pump(_ send: (_ message: HostMessage, _ onReply: (([UInt8]?) -> Void)?) -> Void)
  /// Returns when the work a call answered at once set off in the background has run (a
  /// module's handlers: HealthKit's), so that what it sends belongs to that call. Called by the
  /// exchange step after each call answered one at a time (`--jsonl`, `--scenario`, `replay`,
  /// playback's model), never on the frame path, whose serve loop sends such messages when
  /// they come.
  func settle()
}

extension LaterReplying {
  /// Starts one message and pumps until its reply comes or `timeoutMs` passes; the events sent
  /// meanwhile go to `sent`; a message sent with a reply callback (`invokeMethod`) gets a null
  /// reply (nobody is listening) and is not an event. `nil` when the reply did not come in time.
  public func answerNow(
    channel: String, payload: [UInt8]?, timeoutMs: Int,
    sent: (HostMessage) -> Void
  ) -> [UInt8]?? {
    var reply: [UInt8]??
    start(channel: channel, payload: payload) { reply = .some($0) }
    let deadline = MonotonicClock.nowMs() + timeoutMs
    while true {
      pump { message, onReply in
        if let onReply { onReply(nil) } else { sent(message) }
      }
      if let reply { return reply }
      let left = deadline - MonotonicClock.nowMs()
      if left <= 0 { return nil }
      FileIO.waitUntilReady(wakeDescriptor, for: Int16(POLLIN), timeoutMs: left)
    }
  }
}
