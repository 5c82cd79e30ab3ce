import CKTypeRecords
import HealthKitModel
import HealthStore

/// ConnectKit's code writes HealthKit's metadata keys through their constants
/// (`HKMetadataKeyFoodType`, `HKMetadataKeyBodyTemperatureSensorLocation`, …), whose values are
/// the keys HealthKit keeps (`HKFoodType`, `HKBodyTemperatureSensorLocation`): what the store
/// gets from this profile too.
enum ConnectKitMetadataKeys {
  /// Constant name → HealthKit's key.
  static let healthKitKey: [String: String] = Dictionary(
    MetadataKeys.all.map { ($0.constantName, $0.rawValue) }, uniquingKeysWith: { first, _ in first }
  )

  /// `record` with each metadata key that names a HealthKit constant replaced by its value.
  static func withHealthKitKeys(_ record: PreparedRecord) -> PreparedRecord {
    var objects = record.objects
    objects.members = objects.members.map(withHealthKitKeys)
    objects.main = objects.main.map(withHealthKitKeys)
    objects.associated = objects.associated.map(withHealthKitKeys)
    var result = record
    result.objects = objects
    return result
  }

  static func withHealthKitKeys(_ sample: PlannedSample) -> PlannedSample {
    var sample = sample
    sample.metadata = sample.metadata.map { entry in
      MetadataEntry(healthKitKey[entry.key] ?? entry.key, entry.value)
    }
    return sample
  }
}
