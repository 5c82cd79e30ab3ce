import PluginHost
import PluginProfiles

/// Makes the real emulator (a ``PluginHost/Dispatcher``) for the commands, so that they need
/// not know the plugin module.
public enum Emulator {
  /// A fresh emulator in the default state (protocol/state.md#default-state) with the given channels and device;
  /// `warnings` receives the plugin's warnings (skipped identifiers, …).
  public static func make(
    pluginChannels: [String] = [Dispatcher.defaultPluginChannel],
    device: String = Dispatcher.defaultDevice, osVersion: String = Dispatcher.defaultOSVersion,
    profiles: [String] = [Dispatcher.defaultProfile], customChannels: [String] = [],
    sleepsForLatency: Bool = true, warnings: @escaping (String) -> Void
  ) -> MessageHandling {
    var configuration = Dispatcher.Configuration(
      pluginChannels: pluginChannels, device: device, osVersion: osVersion, profiles: profiles)
    configuration.customChannels = customChannels
    let dispatcher = Dispatcher(configuration: configuration)
    dispatcher.warningHandler = warnings
    dispatcher.sleepsForLatency = sleepsForLatency
    return host.map { $0(dispatcher, replyTimeoutMs) } ?? dispatcher
  }

  /// What every emulator made is served through: set by a native host's executable
  /// (protocol/native.md), which puts its plugins' channels in front of the emulator; it gets
  /// the emulator and ``replyTimeoutMs``. `nil` (plain hkbridge): the emulator itself.
  nonisolated(unsafe) public static var host: ((MessageHandling, Int) -> MessageHandling)?
  /// How long a call answered at once waits for a native plugin's reply (`--reply-timeout`).
  nonisolated(unsafe) public static var replyTimeoutMs = FrameServer.defaultReplyTimeoutMs

  /// A fresh emulator set up as a replay's setup says (the command line's options, then the
  /// transcript header's, then the defaults); warnings are dropped.
  public static func make(_ setup: ReplaySetup) -> MessageHandling {
    make(
      pluginChannels: setup.channels ?? [defaultPluginChannel],
      device: setup.device ?? defaultDevice, osVersion: setup.osVersion ?? defaultOSVersion,
      profiles: setup.profiles ?? [defaultProfile], customChannels: setup.customChannels ?? [],
      warnings: { _ in })
  }

  /// What is wrong with a device and OS version, or `nil` when the emulator can use them.
  public static func configurationProblem(device: String, osVersion: String) -> String? {
    Dispatcher.configurationProblem(
      Dispatcher.Configuration(device: device, osVersion: osVersion))
  }

  /// What is wrong with a list of profile names, or `nil` when every one is known.
  public static func profileProblem(_ profiles: [String]) -> String? {
    Dispatcher.configurationProblem(Dispatcher.Configuration(profiles: profiles))
  }

  /// Every profile `--profile` can name.
  public static var profileNames: [String] { Dispatcher.profileNames }
  /// The profile served when `--profile` is not given.
  public static let defaultProfile = Dispatcher.defaultProfile
  /// The plugin channel served when `--channel` is not given.
  public static let defaultPluginChannel = Dispatcher.defaultPluginChannel
  /// The device when `--device` is not given.
  public static let defaultDevice = Dispatcher.defaultDevice
  /// Every device `--device` can name.
  public static let deviceNames = Dispatcher.deviceNames
  /// The iOS version when `--os` is not given.
  public static let defaultOSVersion = Dispatcher.defaultOSVersion
  /// The control channel's name.
  public static let controlChannel = Dispatcher.controlChannel
}
