import HealthKitModel

/// What a CKType maps to.
public enum CKTarget: Hashable, Sendable {
  /// A HealthKit type, by its Swift identifier name in the catalogue (`stepCount`).
  case type(String)
  /// One value case of a category type (`sleepSession.deep` → sleepAnalysis `asleepDeep`).
  case categoryCase(type: String, caseName: String)
  /// A workout component resolved through the activity table.
  case activityDependent(WorkoutComponent)
  /// No mapping: `.noEquivalent` or `.workoutOnly`.
  case refused(RefusalReason)
}

/// One CKType of seed `000_…`.
public struct CKTypeRow: Sendable {
  public let ckType: String
  public let target: CKTarget
  /// Where the seed disagrees with Apple or protocol/healthkit-rules.md#rulings ruled.
  public let note: String?

  init(_ ckType: String, _ target: CKTarget, note: String? = nil) {
    self.ckType = ckType
    self.target = target
    self.note = note
  }
}

/// Seed `000_…`'s CKType → HealthKit table, one row per CKType (including composite members).
/// `lactation`, `pregnancy` and `stairSpeed` are not CKTypes (protocol/healthkit-rules.md#rulings).
enum CKTypeTable {
  static let rows: [CKTypeRow] = direct + readOnly + refused + composites + nutrition

  /// "Direct 1:1 Mappings" (plus `vo2Max`, protocol/healthkit-rules.md#rulings, and `fitzpatrickSkinType`).
  static let direct: [CKTypeRow] = [
    CKTypeRow("activeEnergy", .type("activeEnergyBurned")),
    CKTypeRow("restingEnergy", .type("basalEnergyBurned")),
    CKTypeRow("steps", .type("stepCount")),
    CKTypeRow("heartRate", .type("heartRate")),
    CKTypeRow("bloodGlucose", .type("bloodGlucose")),
    CKTypeRow("bodyTemperature", .type("bodyTemperature")),
    CKTypeRow("oxygenSaturation", .type("oxygenSaturation")),
    CKTypeRow("respiratoryRate", .type("respiratoryRate")),
    CKTypeRow("height", .type("height")),
    CKTypeRow("weight", .type("bodyMass")),
    CKTypeRow("bodyFat", .type("bodyFatPercentage")),
    CKTypeRow("leanBodyMass", .type("leanBodyMass")),
    CKTypeRow("bodyMassIndex", .type("bodyMassIndex")),
    CKTypeRow("biologicalSex", .type("biologicalSex")),
    CKTypeRow("bloodType", .type("bloodType")),
    CKTypeRow("dateOfBirth", .type("dateOfBirth")),
    CKTypeRow(
      "fitzpatrickSkinType", .type("fitzpatrickSkinType"),
      note: "seed 000 says iOS 8.0+; Apple: 9.0"),
    CKTypeRow("floorsClimbed", .type("flightsClimbed")),
    CKTypeRow("menstrualFlow", .type("menstrualFlow")),
    CKTypeRow("basalBodyTemperature", .type("basalBodyTemperature")),
    CKTypeRow("cervicalMucus", .type("cervicalMucusQuality")),
    CKTypeRow("ovulationTest", .type("ovulationTestResult")),
    CKTypeRow("sexualActivity", .type("sexualActivity")),
    CKTypeRow("intermenstrualBleeding", .type("intermenstrualBleeding")),
    CKTypeRow("mindfulSession", .type("mindfulSession")),
    CKTypeRow("distanceCycling", .type("distanceCycling")),
    CKTypeRow("uvExposure", .type("uvExposure")),
    CKTypeRow("pushCount", .type("pushCount")),
    CKTypeRow("swimmingStrokeCount", .type("swimmingStrokeCount")),
    CKTypeRow("distanceWheelchair", .type("distanceWheelchair")),
    CKTypeRow("distanceSwimming", .type("distanceSwimming")),
    CKTypeRow("restingHeartRate", .type("restingHeartRate")),
    CKTypeRow("heartRateVariability", .type("heartRateVariabilitySDNN")),
    CKTypeRow(
      "vo2Max", .type("vo2Max"),
      note: "protocol/healthkit-rules.md#rulings: HKQuantityTypeIdentifierVO2Max, iOS 11"),
    CKTypeRow("environmentalAudioExposure", .type("environmentalAudioExposure")),
    CKTypeRow("headphoneAudioExposure", .type("headphoneAudioExposure")),
    CKTypeRow(
      "electrocardiogram", .type("electrocardiogramType"),
      note:
        "listed as a direct mapping and as read-only; protocol/healthkit-rules.md#rulings: read-only"
    ),
    CKTypeRow("contraceptive", .type("contraceptive")),
    CKTypeRow("progesteroneTest", .type("progesteroneTestResult")),
    CKTypeRow("numberOfAlcoholicBeverages", .type("numberOfAlcoholicBeverages")),
    CKTypeRow("peripheralPerfusionIndex", .type("peripheralPerfusionIndex")),
    CKTypeRow("cyclingPedalingCadence", .type("cyclingCadence")),
    CKTypeRow("timeInDaylight", .type("timeInDaylight")),
    CKTypeRow("waterIntake", .type("dietaryWater")),
  ]

  /// "Read-Only Types": readable, never writable (the device-exclusive list says why).
  static let readOnly: [CKTypeRow] = [
    CKTypeRow("walkingStepLength", .type("walkingStepLength")),
    CKTypeRow(
      "walkingAsymmetry", .type("walkingAsymmetryPercentage"),
      note: "seed 000 says iOS 8.0+; Apple: 14.0"),
    CKTypeRow(
      "walkingDoubleSupportPercentage", .type("walkingDoubleSupportPercentage"),
      note: "seed 000 says iOS 8.0+; Apple: 14.0"),
    CKTypeRow("runningStrideLength", .type("runningStrideLength")),
    CKTypeRow("runningVerticalOscillation", .type("runningVerticalOscillation")),
    CKTypeRow("runningGroundContactTime", .type("runningGroundContactTime")),
  ]

  /// "No iOS Support": rejected, with the reason the seed gives.
  static let refused: [CKTypeRow] = [
    CKTypeRow("totalEnergy", .refused(.noEquivalent)),
    CKTypeRow("speed", .refused(.workoutOnly)),
    CKTypeRow("distance", .refused(.workoutOnly)),
    CKTypeRow("power", .refused(.workoutOnly)),
    CKTypeRow("elevation", .refused(.workoutOnly)),
    CKTypeRow("wheelchairPushes", .refused(.noEquivalent)),
    CKTypeRow("activityIntensity", .refused(.noEquivalent)),
    CKTypeRow("bodyWaterMass", .refused(.noEquivalent)),
    CKTypeRow("boneMass", .refused(.noEquivalent)),
    CKTypeRow("skinTemperature", .refused(.noEquivalent)),
    CKTypeRow("menstruationPeriod", .refused(.noEquivalent)),
  ]

  /// Composite types and their members.
  static let composites: [CKTypeRow] = [
    CKTypeRow("bloodPressure", .type("bloodPressure")),
    CKTypeRow("bloodPressure.systolic", .type("bloodPressureSystolic")),
    CKTypeRow("bloodPressure.diastolic", .type("bloodPressureDiastolic")),
    CKTypeRow("sleepSession", .type("sleepAnalysis")),
    CKTypeRow("sleepSession.inBed", .categoryCase(type: "sleepAnalysis", caseName: "inBed")),
    CKTypeRow(
      "sleepSession.asleep", .categoryCase(type: "sleepAnalysis", caseName: "asleepCore"),
      note: "protocol/healthkit-rules.md#rulings: needs iOS 16"),
    CKTypeRow("sleepSession.awake", .categoryCase(type: "sleepAnalysis", caseName: "awake")),
    CKTypeRow(
      "sleepSession.deep", .categoryCase(type: "sleepAnalysis", caseName: "asleepDeep"),
      note: "protocol/healthkit-rules.md#rulings: needs iOS 16"),
    CKTypeRow(
      "sleepSession.rem", .categoryCase(type: "sleepAnalysis", caseName: "asleepREM"),
      note: "protocol/healthkit-rules.md#rulings: needs iOS 16"),
    CKTypeRow("sleepSession.outOfBed", .refused(.noEquivalent)),
    CKTypeRow("workout", .type("workoutType")),
    CKTypeRow("workout.energy", .type("activeEnergyBurned")),
    CKTypeRow("workout.distance", .activityDependent(.distance)),
    CKTypeRow("workout.heartRate", .type("heartRate")),
    CKTypeRow("workout.speed", .activityDependent(.speed)),
    CKTypeRow("workout.power", .activityDependent(.power)),
    CKTypeRow("audiogram", .type("audiogramSampleType")),
  ]

  /// `nutrition` (the food correlation) and its 38 + 2 members.
  static let nutrition: [CKTypeRow] =
    [CKTypeRow("nutrition", .type("food"))]
    + nutrients.map { CKTypeRow("nutrition." + $0.0, .type($0.1)) }
    + [
      CKTypeRow("nutrition.transFat", .refused(.noEquivalent)),
      CKTypeRow("nutrition.unsaturatedFat", .refused(.noEquivalent)),
    ]

  static let nutrients: [(String, String)] = [
    ("energy", "dietaryEnergyConsumed"), ("protein", "dietaryProtein"),
    ("carbs", "dietaryCarbohydrates"), ("fat", "dietaryFatTotal"), ("fiber", "dietaryFiber"),
    ("sugar", "dietarySugar"), ("sodium", "dietarySodium"),
    ("cholesterol", "dietaryCholesterol"), ("caffeine", "dietaryCaffeine"),
    ("biotin", "dietaryBiotin"), ("calcium", "dietaryCalcium"), ("chloride", "dietaryChloride"),
    ("chromium", "dietaryChromium"), ("copper", "dietaryCopper"), ("folate", "dietaryFolate"),
    ("iodine", "dietaryIodine"), ("iron", "dietaryIron"), ("magnesium", "dietaryMagnesium"),
    ("manganese", "dietaryManganese"), ("molybdenum", "dietaryMolybdenum"),
    ("monounsaturatedFat", "dietaryFatMonounsaturated"), ("niacin", "dietaryNiacin"),
    ("pantothenicAcid", "dietaryPantothenicAcid"), ("phosphorus", "dietaryPhosphorus"),
    ("polyunsaturatedFat", "dietaryFatPolyunsaturated"), ("potassium", "dietaryPotassium"),
    ("riboflavin", "dietaryRiboflavin"), ("saturatedFat", "dietaryFatSaturated"),
    ("selenium", "dietarySelenium"), ("thiamin", "dietaryThiamin"),
    ("vitaminA", "dietaryVitaminA"), ("vitaminB12", "dietaryVitaminB12"),
    ("vitaminB6", "dietaryVitaminB6"), ("vitaminC", "dietaryVitaminC"),
    ("vitaminD", "dietaryVitaminD"), ("vitaminE", "dietaryVitaminE"),
    ("vitaminK", "dietaryVitaminK"), ("zinc", "dietaryZinc"),
  ]
}
