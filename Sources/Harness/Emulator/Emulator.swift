import PluginHost

/// Makes the emulator (a ``PluginHost/Dispatcher``) for the commands from the catalogue the
/// executable installed (``catalogue``), so that the commands need not know the profiles.
public enum Emulator {
  /// The profiles served and how emulators are made: installed by the executable before any
  /// command runs (hkbridge's entry point installs every profile of this package).
  nonisolated(unsafe) public static var catalogue: EmulatorCatalogue?

  /// The installed catalogue; using the emulator before the executable installed one is a
  /// programming error.
  static var installed: EmulatorCatalogue {
    guard let catalogue else {
      preconditionFailure(
        "no emulator catalogue installed: the executable sets Emulator.catalogue before it runs "
          + "a command (HKBridgeMain.run does)")
    }
    return catalogue
  }

  /// A fresh emulator in the default state (protocol/state.md#default-state) with the given channels and device;
  /// `warnings` receives the plugin's warnings (skipped identifiers, …).
  public static func make(
    pluginChannels: [String]? = nil,
    device: String = Dispatcher.defaultDevice, osVersion: String = Dispatcher.defaultOSVersion,
    profiles: [String]? = nil, customChannels: [String] = [],
    sleepsForLatency: Bool = true, warnings: @escaping (String) -> Void
  ) -> MessageHandling {
    let catalogue = installed
    let dispatcher = catalogue.make(
      EmulatorSetup(
        pluginChannels: pluginChannels ?? [catalogue.defaultPluginChannel], device: device,
        osVersion: osVersion, profiles: profiles ?? [catalogue.defaultProfile],
        customChannels: customChannels))
    dispatcher.warningHandler = warnings
    dispatcher.sleepsForLatency = sleepsForLatency
    return host.map { $0(dispatcher, replyTimeoutMs) } ?? dispatcher
  }

  /// What every emulator made is served through: set by a native host's executable
  /// (protocol/native.md), which puts its plugins' channels in front of the emulator; it gets
  /// the emulator and ``replyTimeoutMs``. `nil` (plain hkbridge): the emulator itself.
  nonisolated(unsafe) public static var host: ((MessageHandling, Int) -> MessageHandling)?
  /// How long a call answered at once waits for a native plugin's reply (`--reply-timeout`).
  nonisolated(unsafe) public static var replyTimeoutMs = ExchangeStep.defaultReplyTimeoutMs

  /// A fresh emulator set up as a replay's setup says (the command line's options, then the
  /// transcript header's, then the defaults); warnings are dropped.
  public static func make(_ setup: ReplaySetup) -> MessageHandling {
    make(
      pluginChannels: setup.channels, device: setup.device ?? defaultDevice,
      osVersion: setup.osVersion ?? defaultOSVersion, profiles: setup.profiles,
      customChannels: setup.customChannels ?? [], warnings: { _ in })
  }

  /// What is wrong with a device and OS version, or `nil` when the emulator can use them.
  public static func configurationProblem(device: String, osVersion: String) -> String? {
    let catalogue = installed
    return catalogue.problem(
      EmulatorSetup(
        pluginChannels: [catalogue.defaultPluginChannel], device: device, osVersion: osVersion,
        profiles: [catalogue.defaultProfile]))
  }

  /// What is wrong with a list of profile names, or `nil` when every one is known.
  public static func profileProblem(_ profiles: [String]) -> String? {
    let catalogue = installed
    return catalogue.problem(
      EmulatorSetup(
        pluginChannels: [catalogue.defaultPluginChannel], device: defaultDevice,
        osVersion: defaultOSVersion, profiles: profiles))
  }

  /// Every profile `--profile` can name.
  public static var profileNames: [String] { installed.profileNames }
  /// The profile served when `--profile` is not given.
  public static var defaultProfile: String { installed.defaultProfile }
  /// The plugin channel served when `--channel` is not given.
  public static var defaultPluginChannel: String { installed.defaultPluginChannel }
  /// The device when `--device` is not given.
  public static let defaultDevice = Dispatcher.defaultDevice
  /// Every device `--device` can name.
  public static let deviceNames = Dispatcher.deviceNames
  /// The iOS version when `--os` is not given.
  public static let defaultOSVersion = Dispatcher.defaultOSVersion
  /// The control channel's name.
  public static let controlChannel = Dispatcher.controlChannel
}
