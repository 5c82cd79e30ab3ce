import PluginHost

/// The unit HealthKitReporter reads each quantity type in when no unit is asked for
/// (`HKQuantitySample.harmonize()`, used by `sampleQuery` and the anchored object query), by raw
/// identifier suffix. A type not in the table is not parsed (the sample is left out).
enum ReporterUnitTable {
  static let rows: [(unit: String, types: [String])] = [
    (
      "count",
      [
        "StepCount", "FlightsClimbed", "BodyMassIndex", "NikeFuel", "PushCount",
        "SwimmingStrokeCount", "NumberOfTimesFallen", "InhalerUsage", "UVExposure",
        "NumberOfAlcoholicBeverages",
      ]
    ),
    (
      "m",
      [
        "DistanceCycling", "DistanceSwimming", "DistanceWalkingRunning", "DistanceWheelchair",
        "DistanceDownhillSnowSports", "Height", "WaistCircumference", "WalkingStepLength",
        "SixMinuteWalkTestDistance", "RunningStrideLength", "RunningVerticalOscillation",
        "UnderwaterDepth",
      ]
    ),
    (
      "count/min",
      [
        "HeartRate", "RespiratoryRate", "RestingHeartRate", "WalkingHeartRateAverage",
        "HeartRateRecoveryOneMinute",
      ]
    ),
    // `HKUnit.largeCalorie()` from iOS 11 (the library's `kilocalorie()` before).
    ("Cal", ["BasalEnergyBurned", "ActiveEnergyBurned", "DietaryEnergyConsumed"]),
    (
      "K",
      [
        "BasalBodyTemperature", "BodyTemperature", "AppleSleepingWristTemperature",
        "WaterTemperature",
      ]
    ),
    (
      "%",
      [
        "OxygenSaturation", "BodyFatPercentage", "WalkingDoubleSupportPercentage",
        "WalkingAsymmetryPercentage", "PeripheralPerfusionIndex", "BloodAlcoholContent",
        "AppleWalkingSteadiness", "AtrialFibrillationBurden",
      ]
    ),
    ("mmHg", ["BloodPressureSystolic", "BloodPressureDiastolic"]),
    ("mg/L", ["BloodGlucose"]),
    (
      "g",
      [
        "DietaryCarbohydrates", "DietaryFiber", "DietarySugar", "DietaryFatTotal",
        "DietaryFatSaturated", "DietaryProtein", "DietaryVitaminA", "DietaryThiamin",
        "DietaryRiboflavin", "DietaryNiacin", "DietaryPantothenicAcid", "DietaryVitaminB6",
        "DietaryVitaminB12", "DietaryVitaminC", "DietaryVitaminD", "DietaryVitaminE",
        "DietaryVitaminK", "DietaryCalcium", "DietaryIron", "DietaryMagnesium",
        "DietaryManganese", "DietaryWater", "DietaryPhosphorus", "DietaryPotassium",
        "DietarySodium", "DietaryZinc", "DietaryIodine", "DietaryFatPolyunsaturated",
        "DietaryFatMonounsaturated", "DietaryCholesterol", "DietaryFolate", "DietaryBiotin",
        "DietarySelenium", "DietaryCopper", "DietaryChromium", "DietaryMolybdenum",
        "DietaryChloride", "DietaryCaffeine",
      ]
    ),
    ("L/min", ["PeakExpiratoryFlowRate"]),
    ("kg", ["BodyMass", "LeanBodyMass"]),
    ("s", ["AppleExerciseTime", "AppleStandTime", "AppleMoveTime", "RunningGroundContactTime"]),
    ("ml/(kg*min)", ["VO2Max"]),
    ("m/s", ["WalkingSpeed", "StairAscentSpeed", "StairDescentSpeed", "RunningSpeed"]),
    ("ms", ["HeartRateVariabilitySDNN"]),
    ("S", ["ElectrodermalActivity"]),
    ("IU", ["InsulinDelivery"]),
    ("mL", ["ForcedVitalCapacity", "ForcedExpiratoryVolume1"]),
    ("Pa", ["EnvironmentalAudioExposure", "HeadphoneAudioExposure"]),
    ("W", ["RunningPower"]),
  ]

  static let prefix = "HKQuantityTypeIdentifier"

  static let byIdentifier: [String: String] = {
    var table: [String: String] = [:]
    for row in rows { for type in row.types { table[prefix + type] = row.unit } }
    return table
  }()

  static func unit(for identifier: String) -> String? { byIdentifier[identifier] }
}
