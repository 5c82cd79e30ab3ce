import HealthKitModel

/// Who the emulated host is: its device, its iOS version and the app under test. The defaults
/// (protocol/state.md#default-state) live here once; every module takes them from here.
public struct EmulatorConfiguration: Sendable, Hashable {
  public var device: DeviceModel
  public var osVersion: OSVersion
  /// The app's bundle id: the source of the samples it writes.
  public var bundleId: String
  /// The app's display name, its samples' source name; nil: none (sources show the bundle id).
  public var appName: String?

  public init(
    device: DeviceModel = EmulatorConfiguration.standard.device,
    osVersion: OSVersion = EmulatorConfiguration.standard.osVersion,
    bundleId: String = EmulatorConfiguration.standard.bundleId,
    appName: String? = EmulatorConfiguration.standard.appName
  ) {
    self.device = device
    self.osVersion = osVersion
    self.bundleId = bundleId
    self.appName = appName
  }

  private init(standardDevice: DeviceModel, osVersion: OSVersion, bundleId: String) {
    self.device = standardDevice
    self.osVersion = osVersion
    self.bundleId = bundleId
    self.appName = nil
  }

  /// An iPhone with iOS 17.5 running `com.example.app`, with no app name.
  public static let standard = EmulatorConfiguration(
    standardDevice: .iPhone, osVersion: OSVersion(17, 5), bundleId: "com.example.app")
}
