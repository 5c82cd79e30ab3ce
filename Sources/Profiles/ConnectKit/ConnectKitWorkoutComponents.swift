import HealthKitModel

/// ConnectKit's `workout.<component>` CKTypes as its iOS type mapper resolves them: one
/// HealthKit quantity type each, whatever the workout's activity (its mapper leaves the
/// per-activity types for later), available from the iOS version its `#available` check asks
/// for. The profile writes, reads and requests these types as the plugin does
/// (protocol/profiles/connect_kit.md).
enum ConnectKitWorkoutComponents {
  /// CKType → the Swift name of the quantity type and the iOS version the mapper needs (nil: any).
  static let types: [String: (typeName: String, minimumOS: OSVersion?)] = [
    "workout.energy": ("activeEnergyBurned", nil),
    "workout.distance": ("distanceWalkingRunning", nil),
    "workout.heartRate": ("heartRate", nil),
    "workout.speed": ("runningSpeed", OSVersion(16, 0)),
    "workout.power": ("runningPower", OSVersion(16, 0)),
  ]

  /// The raw identifier of a `workout.<component>` CKType on `os`: `.some(nil)` when the mapper
  /// has no type for it on that version, `nil` when `ckType` is no workout component.
  static func identifier(_ ckType: String, os: OSVersion) -> String?? {
    guard let row = types[ckType] else { return nil }
    guard (row.minimumOS ?? os) <= os else { return .some(nil) }
    return .some(Catalogue.info(named: row.typeName)?.identifier)
  }
}
