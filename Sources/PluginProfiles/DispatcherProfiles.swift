import ControlChannel
import HealthKitModel
import HealthStore
import PluginHost

/// The dispatcher as `serve`, `replay` and the tests start it: profiles chosen by name from
/// ``ProfileTable``, the control channel, the device and OS version by name.
extension Dispatcher {
  /// How the emulator starts: the profiles served, the default profile's channel names and the
  /// device profile.
  public struct Configuration: Sendable {
    /// The channels `--channel` names, given to every profile's builder (the default profile
    /// serves its API on them; default: the default profile's channel).
    public var pluginChannels: [String]
    /// `"iPhone"` or `"iPad"`.
    public var device: String
    /// iOS / iPadOS version, e.g. `"17.5"`.
    public var osVersion: String
    /// The plugin profiles served, in matching order (default: the profile table's first row).
    public var profiles: [String]
    /// Channels the user declared (`--custom-channel`): method channels without methods of
    /// their own, answered by stubs and playback (``CustomChannels``), matched after the
    /// profiles' channels.
    public var customChannels: [String] = []

    public init(
      pluginChannels: [String] = [Dispatcher.defaultPluginChannel],
      device: String = Dispatcher.defaultDevice,
      osVersion: String = Dispatcher.defaultOSVersion,
      profiles: [String] = [Dispatcher.defaultProfile]
    ) {
      self.pluginChannels = pluginChannels
      self.device = device
      self.osVersion = osVersion
      self.profiles = profiles
    }
  }

  /// The channel `--channel` defaults to (the default profile's own channel).
  public static let defaultPluginChannel = ProfileTable.defaultRow.defaultChannel
  /// The profile served when none is named: this project's own API.
  public static let defaultProfile = ProfileTable.defaultRow.name
  /// Every profile's name, in the profile table's order.
  public static var profileNames: [String] { ProfileTable.rows.map(\.name) }

  /// A device or OS version the configuration cannot use falls back to the default (iPhone,
  /// 17.5), and an unknown profile name is skipped; ``configurationProblem(_:)`` says beforehand
  /// what is wrong. `profiles`, when given, are served instead of `configuration.profiles`
  /// (a test's or an embedder's own profiles).
  public convenience init(
    configuration: Configuration = Configuration(), profiles: [PluginProfile]? = nil
  ) {
    self.init(
      device: DeviceModel(rawValue: configuration.device) ?? .iPhone,
      osVersion: Self.parseOSVersion(configuration.osVersion) ?? HealthStore.defaultOSVersion,
      profiles: (profiles
        ?? configuration.profiles.compactMap {
          ProfileTable.row(named: $0)?.make(configuration.pluginChannels)
        })
        + (configuration.customChannels.isEmpty
          ? [] : [CustomChannels.profile(configuration.customChannels)]),
      control: ControlMethods.channel, faultMethods: { ProfileTable.faultMethods })
  }

  /// What is wrong with a configuration's device, OS version or profiles, or `nil` when it is
  /// usable.
  public static func configurationProblem(_ configuration: Configuration) -> String? {
    for name in configuration.profiles where ProfileTable.row(named: name) == nil {
      return "unknown profile '\(name)'; expected one of \(profileNames.joined(separator: ", "))"
    }
    if DeviceModel(rawValue: configuration.device) == nil {
      return "unknown device '\(configuration.device)'; expected iPhone or iPad"
    }
    if parseOSVersion(configuration.osVersion) == nil {
      return "invalid OS version '\(configuration.osVersion)'; expected a version such as 17.5 "
        + "(\(HealthStore.oldestOSVersion) or later)"
    }
    return nil
  }
}
