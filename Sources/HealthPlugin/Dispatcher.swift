import FlutterCodec

/// Routes platform messages by channel name to their handlers and turns the handlers' answers into
/// reply bytes. One dispatcher is one emulated iOS host with one mock HealthKit store.
///
/// CONTRACT (stable API used by the Harness; the handlers behind it are being written):
/// - `handleMessage(channel:payload:)` takes the payload bytes of one platform message (`nil` for
///   a null message) and returns the reply bytes, or `nil` for a null reply (no handler for the
///   channel, or a method that is not implemented).
/// - The plugin channel(s) and `hkbridge/control` speak StandardMethodCodec; a payload that does
///   not decode as a method call gets a `MALFORMED_MESSAGE` error envelope.
public final class Dispatcher {
  /// How the emulator starts: the plugin channel names and the device profile.
  public struct Configuration: Sendable {
    /// The plugin method channels (default `healthkit_permissions`).
    public var pluginChannels: [String]
    /// `"iPhone"` or `"iPad"`.
    public var device: String
    /// iOS / iPadOS version, e.g. `"17.5"`.
    public var osVersion: String

    public init(
      pluginChannels: [String] = [Dispatcher.defaultPluginChannel],
      device: String = "iPhone",
      osVersion: String = "17.5"
    ) {
      self.pluginChannels = pluginChannels
      self.device = device
      self.osVersion = osVersion
    }
  }

  public static let defaultPluginChannel = "healthkit_permissions"
  public static let controlChannel = "hkbridge/control"

  public let configuration: Configuration

  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// Every channel with a handler, plugin channels first, then the control channel.
  public var channels: [String] { configuration.pluginChannels + [Self.controlChannel] }

  /// The device profile for the harness's HELLO frame.
  public var deviceDescription: ChannelValue {
    .object([
      ("model", .string(configuration.device)),
      ("osVersion", .string(configuration.osVersion)),
      ("restricted", .bool(false)),
    ])
  }

  /// The reply bytes for one message, or `nil` for a null reply.
  public func handleMessage(channel: String, payload: [UInt8]?) -> [UInt8]? {
    nil
  }
}
