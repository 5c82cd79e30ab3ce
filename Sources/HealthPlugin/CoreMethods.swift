import FlutterCodec
import HealthStore

/// The plugin methods that are not about one data type: platform, availability, settings.
/// They all answer when HealthKit is unavailable.
enum CoreMethods {
  static let table: MethodTable = [
    "getPlatformVersion": .always { context in
      let store = context.store
      return { .string("\(store.systemName) \(store.osVersion)") }
    },
    "isAvailable": .always { context in
      let store = context.store
      return { .bool(store.availability == .available) }
    },
    "openHealthSettings": .always { context in
      let store = context.store
      return {
        store.recordSettingsOpened()
        return .bool(true)
      }
    },
    // iOS has no API to revoke HealthKit permissions; only the user can, in Settings.
    "revokePermissions": .always { _ in { .bool(false) } },
  ]
}
