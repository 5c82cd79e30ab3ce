import FlutterCodec

/// Channels the user declares (`serve --custom-channel NAME`, a transcript header's
/// `customChannels`; protocol/custom-channels.md): StandardMethodCodec method channels with no
/// methods of their own, for a plugin whose channel API no profile serves. Every method name is
/// accepted by the control channel's `stub` and `setLatency`; stubs, scenarios and playback
/// answer the calls, and a call nothing answers gets the not-implemented reply (a null reply, as
/// Flutter sends for a method the host does not handle) with a warning naming the channel.
public enum CustomChannels {
  /// The name of the profile that holds them (not listed among HELLO's `profiles`).
  public static let profileName = "custom-channels"

  /// The profile serving `names`, each a method channel without methods.
  public static func profile(_ names: [String]) -> PluginProfile {
    PluginProfile(
      name: profileName,
      channels: names.map { ProfileChannel(name: $0, handler: .methods([:], errors: unused)) })
  }

  /// Never called: a channel without methods has no handler that throws.
  static let unused: ChannelErrorMapping = { error in
    FlutterError(code: "CUSTOM_CHANNEL", message: "\(error)", details: nil)
  }
}

extension Dispatcher {
  /// The channels the user declared (``CustomChannels``), in order; HELLO lists them as
  /// `customChannels`.
  public var customChannels: [String] {
    routes.routes.filter { $0.methods?.names.isEmpty ?? false }.map(\.name)
  }
}
