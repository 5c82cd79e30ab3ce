import FlutterCodec
import HealthStore
import PluginHost

/// The plugin methods that are not about one data type: platform, availability, settings.
/// `getPlatformVersion` and `isAvailable` answer when HealthKit is unavailable; like every other
/// plugin method, `openHealthSettings` and `revokePermissions` then fail with
/// `HEALTH_DATA_UNAVAILABLE` (protocol/healthkit-rules.md#devices, and the order of checks in protocol/errors.md#which-check-fails-first).
enum CoreMethods {
  static let table: MethodTable = [
    "getPlatformVersion": .answering(takes: []) { context in
      .string("\(context.store.systemName) \(context.store.osVersion)")
    },
    "isAvailable": .answering(takes: []) { context in
      .bool(context.store.availability == .available)
    },
    "openHealthSettings": .answering(requiresHealthKit: true, takes: []) { context in
      context.store.recordSettingsOpened()
      return .bool(true)
    },
    // iOS has no API to revoke HealthKit permissions; only the user can, in Settings.
    "revokePermissions": .answering(requiresHealthKit: true, takes: []) { _ in .bool(false) },
  ]
}
