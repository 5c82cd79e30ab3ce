/// Every `HKQuantityTypeIdentifier` the seeds name, plus the workout-component types seed `000_…`'s
/// activity table maps to. Versions, canonical units and aggregation per Apple's documentation.
enum QuantityTypeTable {
  static let rows: [TypeInfo] =
    [
      // Body measurements.
      quantity("bodyMassIndex", 8, 0, "count", .discrete),
      quantity("bodyFatPercentage", 8, 0, "%", .discrete),
      quantity("height", 8, 0, "m", .discrete),
      quantity("bodyMass", 8, 0, "kg", .discrete),
      quantity("leanBodyMass", 8, 0, "kg", .discrete),
      quantity("waistCircumference", 11, 0, "m", .discrete),
      // Fitness.
      quantity("stepCount", 8, 0, "count", .cumulative),
      quantity("distanceWalkingRunning", 8, 0, "m", .cumulative),
      quantity("distanceCycling", 8, 0, "m", .cumulative),
      quantity("distanceWheelchair", 10, 0, "m", .cumulative),
      quantity("basalEnergyBurned", 8, 0, "kcal", .cumulative),
      quantity("activeEnergyBurned", 8, 0, "kcal", .cumulative),
      quantity("flightsClimbed", 8, 0, "count", .cumulative),
      quantity("nikeFuel", 8, 0, "count", .cumulative),
      quantity(
        "appleExerciseTime", 9, 3, "min", .cumulative,
        note: "seed 002 lists it under iOS 8.0; Apple: iOS 9.3"),
      quantity("pushCount", 10, 0, "count", .cumulative),
      quantity("distanceSwimming", 10, 0, "m", .cumulative),
      quantity("swimmingStrokeCount", 10, 0, "count", .cumulative),
      quantity("vo2Max", 11, 0, "ml/(kg*min)", .discrete, raw: "VO2Max"),
      quantity("distanceDownhillSnowSports", 11, 2, "m", .cumulative),
      quantity("walkingSpeed", 14, 0, "m/s", .discrete),
      quantity("walkingStepLength", 14, 0, "m", .discrete),
      quantity(
        "walkingAsymmetryPercentage", 14, 0, "%", .discrete,
        note: "seed 000 says iOS 8.0+; Apple: iOS 14.0"),
      quantity(
        "walkingDoubleSupportPercentage", 14, 0, "%", .discrete,
        note: "seed 000 says iOS 8.0+; Apple: iOS 14.0"),
      quantity("appleWalkingSteadiness", 15, 0, "%", .discrete),
      quantity("runningStrideLength", 16, 0, "m", .discrete),
      quantity("runningVerticalOscillation", 16, 0, "cm", .discrete),
      quantity("runningGroundContactTime", 16, 0, "ms", .discrete),
      quantity("runningPower", 16, 0, "W", .discrete),
      quantity("runningSpeed", 16, 0, "m/s", .discrete),
      quantity("cyclingSpeed", 17, 0, "m/s", .discrete),
      quantity("cyclingPower", 17, 0, "W", .discrete),
      quantity("cyclingCadence", 17, 0, "count/min", .discrete),
      quantity("cyclingFunctionalThresholdPower", 17, 0, "W", .discrete),
      quantity("timeInDaylight", 17, 0, "min", .cumulative),
      quantity("distanceCrossCountrySkiing", 18, 0, "m", .cumulative),
      quantity("distancePaddleSports", 18, 0, "m", .cumulative),
      quantity("distanceRowing", 18, 0, "m", .cumulative),
      quantity("distanceSkatingSports", 18, 0, "m", .cumulative),
      quantity("crossCountrySkiingSpeed", 18, 0, "m/s", .discrete),
      quantity("paddleSportsSpeed", 18, 0, "m/s", .discrete),
      quantity("rowingSpeed", 18, 0, "m/s", .discrete),
      // Vitals.
      quantity("heartRate", 8, 0, "count/min", .discrete),
      quantity("bodyTemperature", 8, 0, "degC", .discrete),
      quantity("basalBodyTemperature", 9, 0, "degC", .discrete),
      quantity("bloodPressureSystolic", 8, 0, "mmHg", .discrete),
      quantity("bloodPressureDiastolic", 8, 0, "mmHg", .discrete),
      quantity("respiratoryRate", 8, 0, "count/min", .discrete),
      quantity("restingHeartRate", 11, 0, "count/min", .discrete),
      quantity("walkingHeartRateAverage", 11, 0, "count/min", .discrete),
      quantity("heartRateVariabilitySDNN", 11, 0, "ms", .discrete),
      quantity("heartRateRecoveryOneMinute", 16, 0, "count/min", .discrete),
      quantity("atrialFibrillationBurden", 16, 0, "%", .discrete),
      quantity("appleSleepingWristTemperature", 16, 0, "degC", .discrete),
      quantity("oxygenSaturation", 8, 0, "%", .discrete),
      quantity("peripheralPerfusionIndex", 8, 0, "%", .discrete),
      quantity("bloodGlucose", 8, 0, "mg/dL", .discrete),
      quantity("numberOfTimesFallen", 8, 0, "count", .cumulative),
      quantity("electrodermalActivity", 8, 0, "S", .discrete),
      quantity("inhalerUsage", 8, 0, "count", .cumulative),
      quantity("insulinDelivery", 11, 0, "IU", .cumulative),
      quantity("bloodAlcoholContent", 8, 0, "%", .discrete),
      quantity("forcedVitalCapacity", 8, 0, "L", .discrete),
      quantity("forcedExpiratoryVolume1", 8, 0, "L", .discrete),
      quantity("peakExpiratoryFlowRate", 8, 0, "L/min", .discrete),
      quantity(
        "environmentalAudioExposure", 13, 0, "dBASPL", .discrete,
        note: "seed 002 calls the unit 'Pressure'; Apple: dBASPL (A-weighted sound pressure level)"),
      quantity(
        "headphoneAudioExposure", 13, 0, "dBASPL", .discrete,
        note: "seed 002 calls the unit 'Pressure'; Apple: dBASPL (A-weighted sound pressure level)"),
      quantity("uvExposure", 9, 0, "count", .discrete, raw: "UVExposure"),
      quantity("numberOfAlcoholicBeverages", 15, 0, "count", .cumulative),
      // Types the `health` package maps (Apple's versions and units; no seed names them).
      quantity("appleStandTime", 13, 0, "min", .cumulative),
      quantity("appleMoveTime", 14, 5, "min", .cumulative),
      quantity("waterTemperature", 16, 0, "degC", .discrete),
      quantity("underwaterDepth", 16, 0, "m", .discrete),
      // Nutrition: mass in g unless noted; all cumulative.
      quantity("dietaryEnergyConsumed", 8, 0, "kcal", .cumulative),
      quantity(
        "dietaryWater", 9, 0, "mL", .cumulative,
        note: "seed 002 lists it under Nutrition (iOS 8.0+); Apple (and seed 000): iOS 9.0"),
    ] + NutritionTable.dietaryMassRows

  /// Builds a row; the raw identifier is `HKQuantityTypeIdentifier` + the capitalised name unless
  /// `raw` gives the suffix (`VO2Max`, `UVExposure`).
  static func quantity(
    _ name: String, _ major: Int, _ minor: Int, _ unit: String, _ aggregation: Aggregation,
    raw: String? = nil, note: String? = nil
  ) -> TypeInfo {
    TypeInfo(
      identifier: "HKQuantityTypeIdentifier" + (raw ?? capitalized(name)), name: name,
      typeClass: .quantity, minimumOS: OSVersion(major, minor),
      quantity: QuantityInfo(canonicalUnit: unit, aggregation: aggregation), seedNote: note)
  }
}

/// The mass-measured dietary types (iOS 8.0, canonical unit g, cumulative).
enum NutritionTable {
  static let massNames = [
    "dietaryFatTotal", "dietaryFatPolyunsaturated", "dietaryFatMonounsaturated",
    "dietaryFatSaturated", "dietaryCholesterol", "dietarySodium", "dietaryCarbohydrates",
    "dietaryFiber", "dietarySugar", "dietaryProtein", "dietaryVitaminA", "dietaryVitaminB6",
    "dietaryVitaminB12", "dietaryVitaminC", "dietaryVitaminD", "dietaryVitaminE",
    "dietaryVitaminK", "dietaryCalcium", "dietaryIron", "dietaryThiamin", "dietaryRiboflavin",
    "dietaryNiacin", "dietaryFolate", "dietaryBiotin", "dietaryPantothenicAcid",
    "dietaryPhosphorus", "dietaryIodine", "dietaryMagnesium", "dietaryZinc", "dietarySelenium",
    "dietaryCopper", "dietaryManganese", "dietaryChromium", "dietaryMolybdenum",
    "dietaryChloride", "dietaryPotassium", "dietaryCaffeine",
  ]

  static let dietaryMassRows: [TypeInfo] = massNames.map {
    QuantityTypeTable.quantity($0, 8, 0, "g", .cumulative)
  }
}

/// `stepCount` → `StepCount`.
func capitalized(_ name: String) -> String {
  guard let first = name.first else { return name }
  return first.uppercased() + name.dropFirst()
}
