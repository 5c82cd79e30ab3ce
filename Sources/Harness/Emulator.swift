import HealthPlugin

/// Makes the real emulator (a ``HealthPlugin/Dispatcher``) for the commands, so that they need
/// not know the plugin module.
public enum Emulator {
  /// A fresh emulator in the default state (protocol/state.md#default-state) with the given channels and device;
  /// `warnings` receives the plugin's warnings (skipped identifiers, …).
  public static func make(
    pluginChannels: [String] = [Dispatcher.defaultPluginChannel], device: String = "iPhone",
    osVersion: String = "17.5", warnings: @escaping (String) -> Void
  ) -> MessageHandling {
    let dispatcher = Dispatcher(
      configuration: Dispatcher.Configuration(
        pluginChannels: pluginChannels, device: device, osVersion: osVersion))
    dispatcher.warningHandler = warnings
    return dispatcher
  }

  /// What is wrong with a device and OS version, or `nil` when the emulator can use them.
  public static func configurationProblem(device: String, osVersion: String) -> String? {
    Dispatcher.configurationProblem(
      Dispatcher.Configuration(device: device, osVersion: osVersion))
  }

  /// The plugin channel served when `--channel` is not given.
  public static let defaultPluginChannel = Dispatcher.defaultPluginChannel
  /// The control channel's name.
  public static let controlChannel = Dispatcher.controlChannel
}
