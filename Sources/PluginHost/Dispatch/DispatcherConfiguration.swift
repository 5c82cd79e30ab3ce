import HealthKitModel
import HealthStore

extension Dispatcher {
  /// The device when none is named (`EmulatorConfiguration.standard`).
  public static let defaultDevice = EmulatorConfiguration.standard.device.rawValue
  /// Every device name `--device` takes (`iPhone`, `iPad`).
  public static let deviceNames = DeviceModel.allCases.map(\.rawValue)
  /// The iOS version when none is named (`EmulatorConfiguration.standard`).
  public static let defaultOSVersion = EmulatorConfiguration.standard.osVersion.description
  public static let controlChannel = "hkbridge/control"

  /// An OS version the emulator can use (HealthKit's first to the newest major), or `nil`.
  package static func parseOSVersion(_ text: String) -> OSVersion? {
    guard let version = OSVersion(text), version >= HealthStore.oldestOSVersion,
      version.major <= HealthStore.newestOSMajor
    else { return nil }
    return version
  }
}
