/// How replay sets up the emulator for one file: the command line's `--channel`/`--device`/`--os`/
/// `--profile` first, then the transcript's header, then the defaults (protocol/transcripts.md, "Replay").
public struct ReplaySetup: Sendable, Hashable {
  public var channels: [String]?
  public var device: String?
  public var osVersion: String?
  public var profiles: [String]?
  /// Channels the user declared (`--custom-channel`, the header's `customChannels`).
  public var customChannels: [String]?
  /// The app's identity, applied with the control channel's `configure`.
  public var bundleId: String?
  public var appName: String?

  public init(
    channels: [String]? = nil, device: String? = nil, osVersion: String? = nil,
    profiles: [String]? = nil, bundleId: String? = nil, appName: String? = nil,
    customChannels: [String]? = nil
  ) {
    self.customChannels = customChannels
    self.channels = channels
    self.device = device
    self.osVersion = osVersion
    self.profiles = profiles
    self.bundleId = bundleId
    self.appName = appName
  }

  /// This setup with the header's values where this one has none.
  public func completed(by header: TranscriptHeader?) -> ReplaySetup {
    ReplaySetup(
      channels: channels ?? header?.channels, device: device ?? header?.device,
      osVersion: osVersion ?? header?.osVersion, profiles: profiles ?? header?.profiles,
      bundleId: bundleId ?? header?.bundleId, appName: appName ?? header?.appName,
      customChannels: customChannels ?? header?.customChannels)
  }
}
