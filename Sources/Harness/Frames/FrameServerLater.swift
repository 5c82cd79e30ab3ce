import FlutterCodec
import PluginHost

/// The messages ``FrameServer`` starts and answers later (a native plugin's channels,
/// protocol/native.md), through its exchange step: each REPLY leaves when the plugin's code
/// gives it, with its message's id, so replies may leave out of request order; the messages
/// to Dart the code sends meanwhile leave as HOST_MESSAGEs in the order it sent them.
extension FrameServer {
  /// Messages answered later still waiting for their reply.
  public var waitingCount: Int { step.waitingCount }

  /// The handler's answered-later path, for the serve loop to poll.
  public var laterReplies: LaterReplying? { step.later }

  func startLater(id: UInt32, channel: String, payload: [UInt8]?) {
    step.start(id: id, channel: channel, payload: payload, send: sendToDart) {
      [weak self] reply, late in
      guard let self else { return }
      logger.debug(CallSummary.line(id: id, channel: channel, payload: payload, reply: reply))
      countServed()
      pending.appendFrame(kind: .reply, id: id, channel: channel, payload: reply)
      if late {
        logger.warning("the reply to message \(id) on \(channel) came after all, late")
      }
    }
  }

  /// Runs the answered-later work that is ready: replies become REPLY frames, messages to Dart
  /// HOST_MESSAGE frames (a call to Dart gets its HOST_REPLY back).
  public func pumpLater() { step.pump(send: sendToDart) }

  /// Records the events a native plugin's code sent that no exchange followed (at the end).
  public func recordHeldEvents() { step.recordHeldEvents() }

  /// Writes one diagnostic for each message whose reply is overdue; returns the ms until the
  /// next deadline (`nil`: nothing is waiting that is not overdue already).
  public func checkOverdue() -> Int? { step.checkOverdue() }

  private func sendToDart(_ message: HostMessage, _ onReply: (([UInt8]?) -> Void)?) {
    let id = sendHostMessage(channel: message.channel, payload: message.payload) { reply in
      onReply?(reply)
    }
    logger.debug(
      "HOST_MESSAGE \(id) on \(message.channel): "
        + (message.payload.map { "\($0.count) bytes" } ?? "null"))
  }
}
