import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// `device_info_plus`'s channel `dev.fluttercommunity.plus/device_info`: `getDeviceInfo` answers
/// the iOS device map (`IosDeviceInfo.fromMap`'s keys) for the configured device. The `health`
/// package reads it in `configure()`.
enum DeviceInfoChannel {
  static let name = "dev.fluttercommunity.plus/device_info"

  static let methods: MethodTable = [
    "getDeviceInfo": .plain { call in deviceMap(call.store) }
  ]

  /// The identifier for vendor the emulated device reports (fixed, so transcripts replay).
  static let identifierForVendor = "00000000-0000-4000-8000-0000000000AA"

  /// One row per device model: the model name and `utsname.machine`.
  static let models: [DeviceModel: (modelName: String, machine: String)] = [
    .iPhone: ("iPhone 15", "iPhone15,4"),
    .iPad: ("iPad (10th generation)", "iPad13,18"),
  ]

  static func deviceMap(_ store: HealthStore) -> ChannelValue {
    let model = store.device.rawValue
    let row = models[store.device] ?? ("iPhone 15", "iPhone15,4")
    return .object([
      ("name", .string(model)),
      ("systemName", .string(store.systemName)),
      ("systemVersion", .string(store.osVersion.description)),
      ("model", .string(model)),
      ("modelName", .string(row.modelName)),
      ("localizedModel", .string(model)),
      ("identifierForVendor", .string(identifierForVendor)),
      ("freeDiskSize", .swiftInt(64_000_000_000)),
      ("totalDiskSize", .swiftInt(128_000_000_000)),
      ("isPhysicalDevice", .bool(true)),
      ("physicalRamSize", .swiftInt(6_144)),
      ("availableRamSize", .swiftInt(3_072)),
      ("isiOSAppOnMac", .bool(false)),
      ("isiOSAppOnVision", .bool(false)),
      (
        "utsname",
        .object([
          ("sysname", "Darwin"),
          ("nodename", "localhost"),
          ("release", .string(darwinRelease(store.osVersion))),
          ("version", .string("Darwin Kernel Version \(darwinRelease(store.osVersion))")),
          ("machine", .string(row.machine)),
        ])
      ),
    ])
  }

  /// The Darwin kernel release an iOS version ships with: iOS N.M runs Darwin (N + 6).M.0
  /// (iOS 17.5: 23.5.0, iOS 16.4: 22.4.0, iOS 12.0: 18.0.0).
  static func darwinRelease(_ os: OSVersion) -> String {
    "\(os.major + 6).\(os.minor).0"
  }
}
