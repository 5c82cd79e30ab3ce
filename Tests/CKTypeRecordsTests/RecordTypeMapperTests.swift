import CKTypeRecords
import HealthKitModel
import Testing

/// Seed 000's tables, written out here row by row (iOS versions corrected to Apple where the
/// seed is wrong: fitzpatrickSkinType 9.0, walkingAsymmetry/DoubleSupport 14.0).
enum SeedTable {
  static let q = "HKQuantityTypeIdentifier"
  static let c = "HKCategoryTypeIdentifier"
  static let ch = "HKCharacteristicTypeIdentifier"

  /// Writable direct mappings: (CKType, raw identifier, minimum iOS).
  static let writable: [(String, String, String)] = [
    ("activeEnergy", q + "ActiveEnergyBurned", "8.0"),
    ("restingEnergy", q + "BasalEnergyBurned", "8.0"), ("steps", q + "StepCount", "8.0"),
    ("heartRate", q + "HeartRate", "8.0"), ("bloodGlucose", q + "BloodGlucose", "8.0"),
    ("bodyTemperature", q + "BodyTemperature", "8.0"),
    ("oxygenSaturation", q + "OxygenSaturation", "8.0"),
    ("respiratoryRate", q + "RespiratoryRate", "8.0"), ("height", q + "Height", "8.0"),
    ("weight", q + "BodyMass", "8.0"), ("bodyFat", q + "BodyFatPercentage", "8.0"),
    ("leanBodyMass", q + "LeanBodyMass", "8.0"), ("bodyMassIndex", q + "BodyMassIndex", "8.0"),
    ("floorsClimbed", q + "FlightsClimbed", "8.0"), ("menstrualFlow", c + "MenstrualFlow", "9.0"),
    ("basalBodyTemperature", q + "BasalBodyTemperature", "9.0"),
    ("cervicalMucus", c + "CervicalMucusQuality", "9.0"),
    ("ovulationTest", c + "OvulationTestResult", "9.0"),
    ("sexualActivity", c + "SexualActivity", "9.0"),
    ("intermenstrualBleeding", c + "IntermenstrualBleeding", "9.0"),
    ("mindfulSession", c + "MindfulSession", "10.0"),
    ("distanceCycling", q + "DistanceCycling", "8.0"), ("uvExposure", q + "UVExposure", "9.0"),
    ("pushCount", q + "PushCount", "10.0"),
    ("swimmingStrokeCount", q + "SwimmingStrokeCount", "10.0"),
    ("distanceWheelchair", q + "DistanceWheelchair", "10.0"),
    ("distanceSwimming", q + "DistanceSwimming", "10.0"),
    ("restingHeartRate", q + "RestingHeartRate", "11.0"),
    ("heartRateVariability", q + "HeartRateVariabilitySDNN", "11.0"),
    ("vo2Max", q + "VO2Max", "11.0"),
    ("environmentalAudioExposure", q + "EnvironmentalAudioExposure", "13.0"),
    ("headphoneAudioExposure", q + "HeadphoneAudioExposure", "13.0"),
    ("contraceptive", c + "Contraceptive", "14.3"),
    ("progesteroneTest", c + "ProgesteroneTestResult", "15.0"),
    ("numberOfAlcoholicBeverages", q + "NumberOfAlcoholicBeverages", "15.0"),
    ("peripheralPerfusionIndex", q + "PeripheralPerfusionIndex", "8.0"),
    ("cyclingPedalingCadence", q + "CyclingCadence", "17.0"),
    ("timeInDaylight", q + "TimeInDaylight", "17.0"), ("waterIntake", q + "DietaryWater", "9.0"),
    ("bloodPressure", "HKCorrelationTypeIdentifierBloodPressure", "8.0"),
    ("bloodPressure.systolic", q + "BloodPressureSystolic", "8.0"),
    ("bloodPressure.diastolic", q + "BloodPressureDiastolic", "8.0"),
    ("nutrition", "HKCorrelationTypeIdentifierFood", "8.0"),
    ("sleepSession", c + "SleepAnalysis", "8.0"), ("workout", "HKWorkoutTypeIdentifier", "8.0"),
    ("workout.energy", q + "ActiveEnergyBurned", "8.0"),
    ("workout.heartRate", q + "HeartRate", "8.0"),
    ("audiogram", "HKDataTypeIdentifierAudiogram", "13.0"),
  ]

  /// Readable, never writable: (CKType, raw identifier, minimum iOS, reason).
  static let readOnly: [(String, String, String, RefusalReason)] = [
    ("biologicalSex", ch + "BiologicalSex", "8.0", .characteristic),
    ("bloodType", ch + "BloodType", "8.0", .characteristic),
    ("dateOfBirth", ch + "DateOfBirth", "8.0", .characteristic),
    ("fitzpatrickSkinType", ch + "FitzpatrickSkinType", "9.0", .characteristic),
    ("walkingStepLength", q + "WalkingStepLength", "14.0", .deviceExclusive),
    ("walkingAsymmetry", q + "WalkingAsymmetryPercentage", "14.0", .deviceExclusive),
    (
      "walkingDoubleSupportPercentage", q + "WalkingDoubleSupportPercentage", "14.0",
      .deviceExclusive
    ),
    ("runningStrideLength", q + "RunningStrideLength", "16.0", .deviceExclusive),
    ("runningVerticalOscillation", q + "RunningVerticalOscillation", "16.0", .deviceExclusive),
    ("runningGroundContactTime", q + "RunningGroundContactTime", "16.0", .deviceExclusive),
    ("electrocardiogram", "HKDataTypeIdentifierElectrocardiogram", "14.0", .deviceExclusive),
  ]

  /// No iOS mapping at all: (CKType, reason).
  static let unsupported: [(String, RefusalReason)] = [
    ("totalEnergy", .noEquivalent), ("speed", .workoutOnly), ("distance", .workoutOnly),
    ("power", .workoutOnly), ("elevation", .workoutOnly), ("wheelchairPushes", .noEquivalent),
    ("activityIntensity", .noEquivalent), ("bodyWaterMass", .noEquivalent),
    ("boneMass", .noEquivalent), ("skinTemperature", .noEquivalent),
    ("menstruationPeriod", .noEquivalent), ("sleepSession.outOfBed", .noEquivalent),
    ("nutrition.transFat", .noEquivalent), ("nutrition.unsaturatedFat", .noEquivalent),
    ("workout.distance", .activityDependent), ("workout.speed", .activityDependent),
    ("workout.power", .activityDependent),
  ]

  /// Nutrition members: (CKType suffix, identifier suffix after HKQuantityTypeIdentifier).
  static let nutrients: [(String, String)] = [
    ("energy", "DietaryEnergyConsumed"), ("protein", "DietaryProtein"),
    ("carbs", "DietaryCarbohydrates"), ("fat", "DietaryFatTotal"), ("fiber", "DietaryFiber"),
    ("sugar", "DietarySugar"), ("sodium", "DietarySodium"), ("cholesterol", "DietaryCholesterol"),
    ("caffeine", "DietaryCaffeine"), ("biotin", "DietaryBiotin"), ("calcium", "DietaryCalcium"),
    ("chloride", "DietaryChloride"), ("chromium", "DietaryChromium"), ("copper", "DietaryCopper"),
    ("folate", "DietaryFolate"), ("iodine", "DietaryIodine"), ("iron", "DietaryIron"),
    ("magnesium", "DietaryMagnesium"), ("manganese", "DietaryManganese"),
    ("molybdenum", "DietaryMolybdenum"), ("monounsaturatedFat", "DietaryFatMonounsaturated"),
    ("niacin", "DietaryNiacin"), ("pantothenicAcid", "DietaryPantothenicAcid"),
    ("phosphorus", "DietaryPhosphorus"), ("polyunsaturatedFat", "DietaryFatPolyunsaturated"),
    ("potassium", "DietaryPotassium"), ("riboflavin", "DietaryRiboflavin"),
    ("saturatedFat", "DietaryFatSaturated"), ("selenium", "DietarySelenium"),
    ("thiamin", "DietaryThiamin"), ("vitaminA", "DietaryVitaminA"),
    ("vitaminB12", "DietaryVitaminB12"), ("vitaminB6", "DietaryVitaminB6"),
    ("vitaminC", "DietaryVitaminC"), ("vitaminD", "DietaryVitaminD"),
    ("vitaminE", "DietaryVitaminE"), ("vitaminK", "DietaryVitaminK"), ("zinc", "DietaryZinc"),
  ]

  /// Sleep stages: (CKType, HKCategoryValueSleepAnalysis case, raw value, minimum iOS).
  static let stages: [(String, String, Int, String)] = [
    ("sleepSession.inBed", "inBed", 0, "8.0"), ("sleepSession.asleep", "asleepCore", 3, "16.0"),
    ("sleepSession.awake", "awake", 2, "10.0"), ("sleepSession.deep", "asleepDeep", 4, "16.0"),
    ("sleepSession.rem", "asleepREM", 5, "16.0"),
  ]
}

/// The version just below a minimum ("8.0" → 7.9; "14.3" → 14.2; "16.0" → 15.9).
func justBelow(_ version: OSVersion) -> OSVersion {
  version.minor > 0 ? OSVersion(version.major, version.minor - 1) : OSVersion(version.major - 1, 9)
}

@Suite struct RecordTypeMapperTests {
  @Test(arguments: SeedTable.writable)
  func writableMappingsAndTheirVersionGates(ckType: String, identifier: String, os: String) throws {
    let minimum = try OSVersion.parse(os)
    let resolved = try RecordTypeMapper.resolveForWriting(ckType, os: minimum)
    #expect(resolved.identifier == identifier)
    #expect(resolved.minimumOS == minimum)
    let below = justBelow(minimum)
    #expect(throws: Refusal.self) { try RecordTypeMapper.resolve(ckType, os: below) }
    do {
      _ = try RecordTypeMapper.resolve(ckType, os: below)
    } catch {
      #expect(error.reason == .requiresNewerOS)
      #expect(error.minimumOS == minimum)
      #expect(error.deviceOS == below)
      #expect(error.type == ckType)
    }
  }

  @Test(arguments: SeedTable.readOnly)
  func readOnlyMappings(ckType: String, identifier: String, os: String, reason: RefusalReason)
    throws
  {
    let minimum = try OSVersion.parse(os)
    #expect(try RecordTypeMapper.resolve(ckType, os: minimum).identifier == identifier)
    do {
      _ = try RecordTypeMapper.resolveForWriting(ckType, os: OSVersion(17, 5))
      Issue.record("\(ckType) must not be writable")
    } catch {
      #expect(error.reason == reason)
      #expect(error.reason.family == .readOnly)
    }
    // Below the minimum the version gate answers first.
    do {
      _ = try RecordTypeMapper.resolveForWriting(ckType, os: justBelow(minimum))
      Issue.record("\(ckType) must need iOS \(os)")
    } catch {
      #expect(error.reason == .requiresNewerOS)
    }
  }

  @Test(arguments: SeedTable.unsupported)
  func unsupportedCKTypes(ckType: String, reason: RefusalReason) {
    for os in [OSVersion(12), OSVersion(17, 5), OSVersion(99)] {
      do {
        _ = try RecordTypeMapper.resolve(ckType, os: os)
        Issue.record("\(ckType) must be refused")
      } catch {
        #expect(error.reason == reason)
        #expect(error.reason.family == .unsupported)
        #expect(error.message.contains(ckType))
      }
    }
  }

  @Test(arguments: SeedTable.nutrients)
  func nutritionMembers(name: String, identifier: String) throws {
    let resolved = try RecordTypeMapper.resolveForWriting("nutrition." + name, os: OSVersion(8))
    #expect(resolved.identifier == "HKQuantityTypeIdentifier" + identifier)
    #expect(resolved.typeClass == .quantity)
  }

  @Test func nutritionCompositeListsWhatIOSLacks() {
    let members = RecordTypeMapper.members(of: "nutrition", os: OSVersion(17, 5))
    #expect(members.available.count == 38)
    #expect(members.refused.map(\.type) == ["nutrition.transFat", "nutrition.unsaturatedFat"])
    #expect(members.refused.allSatisfy { $0.reason == .noEquivalent })
    let identifiers = try? RecordTypeMapper.permissionIdentifiers(
      for: "nutrition", os: OSVersion(17, 5))
    #expect(identifiers?.count == 38)
    #expect(identifiers?.contains("HKCorrelationTypeIdentifierFood") == false)
  }

  @Test(arguments: SeedTable.stages)
  func sleepStages(ckType: String, caseName: String, rawValue: Int, os: String) throws {
    let minimum = try OSVersion.parse(os)
    let resolved = try RecordTypeMapper.resolveForWriting(ckType, os: minimum)
    #expect(resolved.identifier == "HKCategoryTypeIdentifierSleepAnalysis")
    #expect(resolved.categoryCase?.name == caseName)
    #expect(resolved.categoryCase?.rawValue == rawValue)
    #expect(resolved.minimumOS == minimum)
    if minimum > OSVersion(8) {
      do {
        _ = try RecordTypeMapper.resolve(ckType, os: justBelow(minimum))
        Issue.record("\(ckType) must need iOS \(os)")
      } catch {
        #expect(error.reason == .requiresNewerOS)
        #expect(error.minimumOS == minimum)
      }
    }
  }

  @Test func sleepSessionMembersOnIOS15() {
    let members = RecordTypeMapper.members(of: "sleepSession", os: OSVersion(15, 7))
    #expect(members.available.map(\.ckType) == ["sleepSession.inBed", "sleepSession.awake"])
    #expect(
      members.refused.map(\.type) == [
        "sleepSession.asleep", "sleepSession.deep", "sleepSession.rem", "sleepSession.outOfBed",
      ])
    #expect(
      members.refused.map(\.reason) == [
        .requiresNewerOS, .requiresNewerOS, .requiresNewerOS, .noEquivalent,
      ])
  }

  @Test func compositePermissionIdentifiers() throws {
    let os = OSVersion(17, 5)
    #expect(
      try RecordTypeMapper.permissionIdentifiers(for: "bloodPressure", os: os) == [
        "HKQuantityTypeIdentifierBloodPressureSystolic",
        "HKQuantityTypeIdentifierBloodPressureDiastolic",
      ])
    #expect(
      try RecordTypeMapper.permissionIdentifiers(for: "sleepSession", os: os) == [
        "HKCategoryTypeIdentifierSleepAnalysis"
      ])
    #expect(
      try RecordTypeMapper.permissionIdentifiers(for: "workout", os: os) == [
        "HKWorkoutTypeIdentifier"
      ])
    #expect(
      try RecordTypeMapper.permissionIdentifiers(for: "steps", os: os) == [
        "HKQuantityTypeIdentifierStepCount"
      ])
    #expect(
      RecordTypeMapper.memberCKTypes(of: "bloodPressure") == [
        "bloodPressure.systolic", "bloodPressure.diastolic",
      ])
    #expect(RecordTypeMapper.memberCKTypes(of: "steps").isEmpty)
  }

  @Test func removedAndUnknownCKTypes() {
    for name in [
      "lactation", "pregnancy", "stairSpeed", "", "Steps ", "HKQuantityTypeIdentifierStepCount",
    ] {
      do {
        _ = try RecordTypeMapper.resolve(name, os: OSVersion(17, 5))
        Issue.record("\(name) must be unknown")
      } catch {
        #expect(error.reason == .unknownType)
      }
    }
  }

  @Test func unknownCKTypeSuggestsASpelling() {
    do {
      _ = try RecordTypeMapper.resolve("Steps", os: OSVersion(17, 5))
      Issue.record("expected a refusal")
    } catch {
      #expect(error.suggestion == "steps")
      #expect(
        error.message
          == "unknown CKType 'Steps'; did you mean 'steps'? (see `hkbridge types` for every CKType)"
      )
    }
    #expect(RecordTypeMapper.suggestCKType(for: "heartRat") == "heartRate")
    #expect(RecordTypeMapper.suggestCKType(for: "qqqqqqqq") == nil)
  }

  @Test func tableHasNoDuplicates() {
    let names = RecordTypeMapper.rows.map(\.ckType)
    #expect(Set(names).count == names.count)
    let seedCount =
      SeedTable.writable.count + SeedTable.readOnly.count + SeedTable.unsupported.count
      + SeedTable.nutrients.count + SeedTable.stages.count
    #expect(names.count == seedCount)
    #expect(RecordTypeMapper.allCKTypes == names.sorted())
  }
}
