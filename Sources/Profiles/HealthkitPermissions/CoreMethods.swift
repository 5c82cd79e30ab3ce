import FlutterCodec
import HealthStore
import PluginHost

/// The plugin methods that are not about one data type: platform, availability, settings.
/// `getPlatformVersion` and `isAvailable` answer when HealthKit is unavailable; like every other
/// plugin method, `openHealthSettings` and `revokePermissions` then fail with
/// `HEALTH_DATA_UNAVAILABLE` (protocol/healthkit-rules.md#devices, and the order of checks in protocol/errors.md#which-check-fails-first).
enum CoreMethods {
  static let table: MethodTable = [
    "getPlatformVersion": .always(takes: []) { context in
      let store = context.store
      return { .string("\(store.systemName) \(store.osVersion)") }
    },
    "isAvailable": .always(takes: []) { context in
      let store = context.store
      return { .bool(store.availability == .available) }
    },
    "openHealthSettings": .healthKit(takes: []) { context in
      let store = context.store
      return {
        store.recordSettingsOpened()
        return .bool(true)
      }
    },
    // iOS has no API to revoke HealthKit permissions; only the user can, in Settings.
    "revokePermissions": .healthKit(takes: []) { _ in { .bool(false) } },
  ]
}
