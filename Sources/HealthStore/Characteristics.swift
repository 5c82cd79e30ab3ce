/// The value of a characteristic (protocol/healthkit-rules.md#characteristics), as the user entered it in the Health app.
public enum CharacteristicValue: Sendable, Hashable {
  /// Not entered: enumerations read as raw value 0 (`notSet`), the date of birth as `null`.
  case notSet
  /// The raw value of HealthKit's enumeration (`HKBloodType`, `HKBiologicalSex`, …).
  case raw(Int)
  /// The date of birth as calendar components.
  case date(year: Int, month: Int, day: Int)
}
