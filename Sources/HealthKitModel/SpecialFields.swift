/// The special record fields of protocol/record-shapes.md / seed `000_…` "Special Metadata Requirements".
public enum SpecialFields {
  /// `mealType` → `HKMetadataKeyBloodGlucoseMealTime` (`HKBloodGlucoseMealTime`).
  public static let bloodGlucoseMealTime = [
    CategoryCase("preprandial", 1), CategoryCase("postprandial", 2),
  ]

  /// `measurementLocation` of `bodyTemperature` → `HKMetadataKeyBodyTemperatureSensorLocation`
  /// (`HKBodyTemperatureSensorLocation`).
  public static let bodyTemperatureSensorLocation = [
    CategoryCase("other", 0), CategoryCase("armpit", 1), CategoryCase("body", 2),
    CategoryCase("ear", 3), CategoryCase("finger", 4), CategoryCase("gastroIntestinal", 5),
    CategoryCase("mouth", 6), CategoryCase("rectum", 7), CategoryCase("toe", 8),
    CategoryCase("earDrum", 9), CategoryCase("temporalArtery", 10),
    CategoryCase("forehead", 11),
  ]

  /// `measurementMethod` of `vo2Max` → `HKMetadataKeyVO2MaxTestType` (`HKVO2MaxTestType`).
  public static let vo2MaxTestType = [
    CategoryCase("maxExercise", 1), CategoryCase("predictionSubMaxExercise", 2),
    CategoryCase("predictionNonExercise", 3),
  ]

  /// The raw value of a case name in one of the tables above.
  public static func rawValue(of name: String, in cases: [CategoryCase]) -> Int? {
    cases.first { $0.name == name }?.rawValue
  }
}

/// One of HealthKit's own metadata keys: the constant's name and the string it stands for.
public struct MetadataKey: Hashable, Sendable {
  /// E.g. `HKMetadataKeyBloodGlucoseMealTime`.
  public let constantName: String
  /// E.g. `HKBloodGlucoseMealTime`.
  public let rawValue: String
}

/// HealthKit's `HKMetadataKey…` constants (protocol/healthkit-rules.md#metadata: any other key starting with `HK` is invalid).
public enum MetadataKeys {
  /// Keys whose raw value is the constant name without `MetadataKey`.
  static let shortForm = [
    "DeviceSerialNumber", "BodyTemperatureSensorLocation", "HeartRateSensorLocation",
    "FoodType", "UDIDeviceIdentifier", "UDIProductionIdentifier", "DigitalSignature",
    "ExternalUUID", "TimeZone", "DeviceName", "DeviceManufacturerName", "WasTakenInLab",
    "ReferenceRangeLowerLimit", "ReferenceRangeUpperLimit", "WasUserEntered",
    "WorkoutBrandName", "GroupFitness", "IndoorWorkout", "CoachedWorkout",
    "WeatherCondition", "WeatherTemperature", "WeatherHumidity", "SexualActivityProtectionUsed",
    "MenstrualCycleStart", "LapLength", "SwimmingLocationType", "SwimmingStrokeStyle",
    "InsulinDeliveryReason", "BloodGlucoseMealTime", "VO2MaxTestType", "AverageSpeed",
    "MaximumSpeed", "AlpineSlopeGrade", "ElevationAscended", "ElevationDescended",
    "FitnessMachineDuration", "IndoorBikeDistance", "CrossTrainerDistance",
    "HeartRateEventThreshold", "AverageMETs", "BarometricPressure", "VO2MaxValue",
    "LowCardioFitnessEventThreshold", "DateOfEarliestDataUsedForEstimate", "AlgorithmVersion",
    "ActivityType", "PhysicalEffortEstimationType", "CyclingFunctionalThresholdPowerTestType",
    "SWOLFScore",
  ]

  /// Keys whose raw value is the constant name itself (HealthKit's string table:
  /// `HKMetadataKeyAudioExposureLevel`, not `HKAudioExposureLevel`).
  static let longForm = [
    "SyncIdentifier", "SyncVersion", "HeartRateMotionContext", "UserMotionContext",
    "AppleFitnessPlusSession", "AppleFitnessPlusCatalogIdentifier",
    "AppleIrregularRhythmNotificationsAlgorithmVersion", "GlassesPrescriptionDescription",
    "HeartRateRecoveryTestType", "HeartRateRecoveryActivityType",
    "HeartRateRecoveryActivityDuration", "HeartRateRecoveryMaxObservedRecoveryHeartRate",
    "SessionEstimate", "AppleECGAlgorithmVersion", "AudioExposureLevel", "AudioExposureDuration",
    "HeadphoneGain", "DevicePlacementSide", "AppleDeviceCalibrated",
    "QuantityClampedToLowerBound", "QuantityClampedToUpperBound", "MaximumLightIntensity",
    "WaterSalinity",
  ]

  public static let all: [MetadataKey] =
    shortForm.map { MetadataKey(constantName: "HKMetadataKey" + $0, rawValue: "HK" + $0) }
    + longForm.map {
      MetadataKey(constantName: "HKMetadataKey" + $0, rawValue: "HKMetadataKey" + $0)
    }

  private static let known: Set<String> = Set(all.flatMap { [$0.constantName, $0.rawValue] })

  /// Whether `key` is one of HealthKit's keys, written as the constant's name or its value.
  public static func isHealthKitKey(_ key: String) -> Bool { known.contains(key) }

  /// protocol/healthkit-rules.md#metadata: a key starting with `HK` that is not HealthKit's own is invalid.
  public static func isAllowed(_ key: String) -> Bool {
    !key.hasPrefix("HK") || isHealthKitKey(key)
  }
}
