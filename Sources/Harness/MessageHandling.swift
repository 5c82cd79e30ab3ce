import FlutterCodec
import PluginHost
import PluginProfiles

/// What the harness serves: an emulated iOS host that answers platform messages by channel.
/// ``Dispatcher`` is the real one; tests may pass a fake.
public protocol MessageHandling: AnyObject {
  /// Every channel with a handler (listed in HELLO). These are method channels.
  var channels: [String] { get }
  /// The device profile listed in HELLO.
  var deviceDescription: ChannelValue { get }
  /// The reply bytes for one message (`payload == nil`: a null message), or `nil` for a null reply.
  func handleMessage(channel: String, payload: [UInt8]?) -> [UInt8]?
  /// The plugin profiles served (HELLO's `profiles`).
  var profileNames: [String] { get }
  /// The channels that take method calls (a recording writes `call` lines for them and
  /// `message` lines for the others).
  var methodChannels: [String] { get }
  /// The events the calls so far caused (protocol/events.md), oldest first, each taken once: the
  /// servers send them right after the reply of the call that caused them, before the next input.
  func takeHostMessages() -> [HostMessage]
  /// The event channels among ``channels`` (HELLO's `eventChannels`).
  var eventChannels: [String] { get }
  /// Sets what runs before a `setLatency` delay (serve writes the replies already made, so a
  /// client sees the delay).
  func setBeforeDelay(_ hook: @escaping () -> Void)
}

extension MessageHandling {
  /// A handler that names no profile (a test's fake).
  public var profileNames: [String] { [] }
  /// Every channel, when the handler does not say otherwise.
  public var methodChannels: [String] { channels }
  /// No events, when the handler does not say otherwise.
  public func takeHostMessages() -> [HostMessage] { [] }
  /// No event channels, when the handler does not say otherwise.
  public var eventChannels: [String] { [] }
  /// A handler with no delays has nothing to run before one.
  public func setBeforeDelay(_ hook: @escaping () -> Void) {}
}

extension Dispatcher: MessageHandling {
  public func setBeforeDelay(_ hook: @escaping () -> Void) { beforeDelay = hook }
}
