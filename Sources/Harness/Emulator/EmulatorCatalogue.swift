import PluginHost

/// What an emulator is made of, as the commands ask for it: the plugin channels `--channel`
/// names, the device, the iOS version, the profiles and the channels the user declared.
public struct EmulatorSetup: Sendable, Equatable {
  public var pluginChannels: [String]
  public var device: String
  public var osVersion: String
  public var profiles: [String]
  public var customChannels: [String]

  public init(
    pluginChannels: [String], device: String, osVersion: String, profiles: [String],
    customChannels: [String] = []
  ) {
    self.pluginChannels = pluginChannels
    self.device = device
    self.osVersion = osVersion
    self.profiles = profiles
    self.customChannels = customChannels
  }
}

/// The profiles an executable serves and how its emulators are made from them. The harness
/// knows no profile: the executable composes one catalogue (hkbridge's: every profile of this
/// package) and installs it as ``Emulator/catalogue`` before running a command.
public struct EmulatorCatalogue: Sendable {
  /// Every profile `--profile` can name, in the catalogue's order.
  public var profileNames: [String]
  /// The profile served when `--profile` is not given.
  public var defaultProfile: String
  /// The plugin channel served when `--channel` is not given.
  public var defaultPluginChannel: String
  /// A fresh emulator in the default state (protocol/state.md#default-state) for a setup the
  /// catalogue accepts.
  public var make: @Sendable (EmulatorSetup) -> Dispatcher
  /// What is wrong with a setup (an unknown profile, device or iOS version), or `nil`.
  public var problem: @Sendable (EmulatorSetup) -> String?

  public init(
    profileNames: [String], defaultProfile: String, defaultPluginChannel: String,
    make: @escaping @Sendable (EmulatorSetup) -> Dispatcher,
    problem: @escaping @Sendable (EmulatorSetup) -> String?
  ) {
    self.profileNames = profileNames
    self.defaultProfile = defaultProfile
    self.defaultPluginChannel = defaultPluginChannel
    self.make = make
    self.problem = problem
  }
}
