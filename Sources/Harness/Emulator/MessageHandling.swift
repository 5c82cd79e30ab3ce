import FlutterCodec
import PluginHost

/// What the harness serves: an emulated iOS host that answers platform messages by channel.
/// ``Dispatcher`` is the real one; tests may pass a fake.
public protocol MessageHandling: AnyObject {
  /// Every channel with a handler (listed in HELLO). These are method channels.
  var channels: [String] { get }
  /// The device profile listed in HELLO.
  var deviceDescription: ChannelValue { get }
  /// The reply bytes for one message (`payload == nil`: a null message), or `nil` for a null reply.
  func handleMessage(channel: String, payload: [UInt8]?) -> [UInt8]?
  /// The same, with the channel name's UTF-8 bytes (valid UTF-8) and the payload where they
  /// lie (the frame server's input buffer): the same reply bytes as the `String` method. A
  /// handler that routes on bytes answers without copying; the default makes the name and
  /// copies the payload.
  func handleMessage(channelUTF8: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer?)
    -> [UInt8]?
  /// The same reply before it is encoded, where the handler has it so (a method's value or
  /// error): the frame server writes it straight into its output. The default wraps the bytes
  /// of ``handleMessage(channelUTF8:payload:)``.
  func reply(channelUTF8: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer?)
    -> MessageReply
  /// The route of the channel whose name is exactly these UTF-8 bytes, found once, for a
  /// transport that keeps its channels (the frame server): its messages then go to
  /// ``reply(on:payload:)``. `nil`: every message on this channel goes to
  /// ``reply(channelUTF8:payload:)``.
  func route(channelUTF8: UnsafeRawBufferPointer) -> MessageRoute?
  /// The same reply as ``reply(channelUTF8:payload:)`` on a route ``route(channelUTF8:)`` gave.
  func reply(on route: MessageRoute, payload: UnsafeRawBufferPointer?) -> MessageReply
  /// The plugin profiles served (HELLO's `profiles`).
  var profileNames: [String] { get }
  /// The channels that take method calls (a recording writes `call` lines for them and
  /// `message` lines for the others).
  var methodChannels: [String] { get }
  /// The events the calls so far caused (protocol/events.md), oldest first, each taken once: the
  /// servers send them right after the reply of the call that caused them, before the next input.
  func takeHostMessages() -> [HostMessage]
  /// Whether ``takeHostMessages()`` has anything to give (looked at after every exchange, so
  /// that most exchanges take no list at all).
  var hasHostMessages: Bool { get }
  /// Where the handler keeps the events it has made, when it keeps them all in one outbox for
  /// its whole life: the exchange step looks at it directly instead of asking
  /// ``hasHostMessages`` (`nil`: ask).
  var hostMessageOutbox: EventOutbox? { get }
  /// The event channels among ``channels`` (HELLO's `eventChannels`).
  var eventChannels: [String] { get }
  /// The channels the user declared among ``channels`` (HELLO's `customChannels`).
  var customChannels: [String] { get }
  /// Sets what runs before a `setLatency` delay (serve writes the replies already made, so a
  /// client sees the delay).
  func setBeforeDelay(_ hook: @escaping () -> Void)
  /// The emulator behind this handler, which answers the harness's own control calls (device
  /// time, app identity): the handler itself, or for playback the model it falls back to.
  var emulatorModel: MessageHandling { get }
  /// Runs `body` with `setLatency` delays and warnings off (a model catching up with calls that
  /// were answered in an earlier run).
  func quietly(_ body: () -> Void)
  /// The same handler seen through its answered-later path, when some of its channels reply
  /// later (a native plugin's, protocol/native.md).
  var later: LaterReplying? { get }
  /// Logs a plugin call answered later in the control channel's call log (as `pending`);
  /// returns the serial ``logFinishedCall(_:reply:)`` takes, `nil` when there is no log.
  func logStartedCall(_ call: MethodCall) -> Int?
  /// Gives the logged call its reply's code.
  func logFinishedCall(_ serial: Int, reply: [UInt8]?)
  /// The emulator's clock in ms since 1970, read directly (a recording's `at`), or `nil` when
  /// the handler has none.
  var clockMs: Int? { get }
}

extension MessageHandling {
  /// A handler that names no profile (a test's fake).
  public var profileNames: [String] { [] }
  /// Every channel, when the handler does not say otherwise.
  public var methodChannels: [String] { channels }
  /// No events, when the handler does not say otherwise.
  public func takeHostMessages() -> [HostMessage] { [] }
  /// Asked every time, when the handler does not say otherwise.
  public var hasHostMessages: Bool { true }
  /// No outbox to look at, when the handler does not say otherwise.
  public var hostMessageOutbox: EventOutbox? { nil }
  /// No event channels, when the handler does not say otherwise.
  public var eventChannels: [String] { [] }
  /// No channels the user declared, when the handler does not say otherwise.
  public var customChannels: [String] { [] }
  /// A handler with no delays has nothing to run before one.
  public func setBeforeDelay(_ hook: @escaping () -> Void) {}
  /// The handler is its own emulator.
  public var emulatorModel: MessageHandling { self }
  /// A handler with no delays or warnings has nothing to silence.
  public func quietly(_ body: () -> Void) { body() }
  /// The name made and the payload copied, when the handler does not route on bytes.
  public func handleMessage(
    channelUTF8: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer?
  ) -> [UInt8]? {
    handleMessage(
      channel: String(decoding: channelUTF8, as: UTF8.self), payload: payload.map { Array($0) })
  }
  /// The reply's bytes, when the handler does not give its values.
  public func reply(
    channelUTF8: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer?
  ) -> MessageReply {
    MessageReply(handleMessage(channelUTF8: channelUTF8, payload: payload))
  }
  /// No routes, when the handler does not give them: every message is routed by its name.
  public func route(channelUTF8: UnsafeRawBufferPointer) -> MessageRoute? { nil }
  /// Never asked of a handler that gives no routes.
  public func reply(on route: MessageRoute, payload: UnsafeRawBufferPointer?) -> MessageReply {
    preconditionFailure("reply(on:payload:) of a handler that gives no routes")
  }
  /// Every channel answers at once, when the handler does not say otherwise.
  public var later: LaterReplying? { nil }
  /// No call log, when the handler does not say otherwise.
  public func logStartedCall(_ call: MethodCall) -> Int? { nil }
  public func logFinishedCall(_ serial: Int, reply: [UInt8]?) {}
  /// Asked on the control channel (`advanceClock {"ms": 0}`), when the handler does not say
  /// otherwise (a test's fake).
  public var clockMs: Int? { EmulatorControl.controlClock(of: self) }
}

extension Dispatcher: MessageHandling {
  public func setBeforeDelay(_ hook: @escaping () -> Void) { beforeDelay = hook }

  public func quietly(_ body: () -> Void) {
    let (sleeps, warnings) = (sleepsForLatency, warningHandler)
    sleepsForLatency = false
    warningHandler = { _ in }
    defer {
      sleepsForLatency = sleeps
      warningHandler = warnings
    }
    body()
  }

  public var clockMs: Int? { store.now }

  public func logStartedCall(_ call: MethodCall) -> Int? {
    let serial: Int = logStartedCall(call)
    return serial
  }
}
