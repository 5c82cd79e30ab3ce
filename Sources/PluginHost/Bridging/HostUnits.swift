import HealthKitModel
import HealthStore

/// Quantities as an iOS plugin host converts them with HealthKit's `HKUnit` and `HKQuantity`.
package enum HostUnits {
  /// HealthKit's unit string for conversion: `HKUnit(from: "")` is the dimensionless unit.
  @inlinable
  package static func parseable(_ unit: String) -> String { unit.isEmpty ? "count" : unit }

  /// `quantity.doubleValue(for: unit)`, or nil where HealthKit raises an exception
  /// (incompatible units).
  package static func value(_ quantity: MeasuredQuantity, in unit: String) -> Double? {
    try? Units.convert(quantity.value, from: parseable(quantity.unit), to: parseable(unit))
  }

  /// Whether a unit fits a quantity type (HKQuantitySample's check).
  package static func fits(_ unit: String, identifier: String) -> Bool {
    (try? Units.check(unit: parseable(unit), for: identifier)) != nil
  }
}
