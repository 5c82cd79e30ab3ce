import Harness
import PluginHost
import PluginProfiles

/// Where hkbridge is composed: the one place that chooses the profiles the commands serve
/// (every profile of this package, ``PluginProfiles``) and installs them in the harness.
public enum Composition {
  /// Every profile of this package, as the harness makes emulators from them.
  public static let profiles = EmulatorCatalogue(
    profileNames: Dispatcher.profileNames, defaultProfile: Dispatcher.defaultProfile,
    defaultPluginChannel: Dispatcher.defaultPluginChannel,
    make: { setup in
      var configuration = Dispatcher.Configuration(
        pluginChannels: setup.pluginChannels, device: setup.device,
        osVersion: setup.osVersion, profiles: setup.profiles)
      configuration.customChannels = setup.customChannels
      return Dispatcher(configuration: configuration)
    },
    problem: { setup in
      Dispatcher.configurationProblem(
        Dispatcher.Configuration(
          pluginChannels: setup.pluginChannels, device: setup.device,
          osVersion: setup.osVersion, profiles: setup.profiles))
    })

  /// Installs ``profiles`` as the harness's catalogue, once (again is harmless, from any
  /// thread).
  public static func install() { _ = installed }

  private static let installed: Void = { Emulator.catalogue = profiles }()
}
