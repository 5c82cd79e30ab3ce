import FlutterCodec
import HealthStore
import PluginHost

/// The plugin methods that are not about one data type: platform, availability, settings.
/// `getPlatformVersion` and `isAvailable` answer when HealthKit is unavailable; like every other
/// plugin method, `openHealthSettings` and `revokePermissions` then fail with
/// `HEALTH_DATA_UNAVAILABLE` (protocol/healthkit-rules.md#devices, and the order of checks in protocol/errors.md#which-check-fails-first).
enum CoreMethods {
  static let table: MethodTable = [
    "getPlatformVersion": .answeringFromStore { store in
      .string("\(store.systemName) \(store.osVersion)")
    },
    "isAvailable": .answeringFromStore { store in .bool(store.availability == .available) },
    "openHealthSettings": .answeringFromStore(requiresHealthKit: true) { store in
      store.recordSettingsOpened()
      return .bool(true)
    },
    // iOS has no API to revoke HealthKit permissions; only the user can, in Settings.
    "revokePermissions": .answeringFromStore(requiresHealthKit: true) { _ in .bool(false) },
  ]
}
