import HealthKitModel
import Testing

/// Raw values as Apple's `HKCategoryValue…` and characteristic enumerations define them.
@Suite struct CategoryCaseTests {
  static func cases(_ name: String) -> [String: Int] {
    guard let row = Catalogue.info(named: name) else { return [:] }
    let list = row.typeClass == .characteristic ? row.characteristicCases : row.categoryCases
    return Dictionary(list.map { ($0.name, $0.rawValue) }, uniquingKeysWith: { first, _ in first })
  }

  @Test func sleepAnalysis() throws {
    #expect(
      Self.cases("sleepAnalysis") == [
        "inBed": 0, "asleepUnspecified": 1, "asleep": 1, "awake": 2, "asleepCore": 3,
        "asleepDeep": 4, "asleepREM": 5,
      ])
    let row = try #require(Catalogue.info(named: "sleepAnalysis"))
    #expect(row.categoryCase(named: "awake")?.minimumOS == OSVersion(10))
    #expect(row.categoryCase(named: "asleepCore")?.minimumOS == OSVersion(16))
    #expect(row.categoryCase(named: "asleepDeep")?.minimumOS == OSVersion(16))
    #expect(row.categoryCase(named: "asleepREM")?.minimumOS == OSVersion(16))
    #expect(row.categoryCase(named: "inBed")?.minimumOS == nil)
    // The current name wins over the deprecated alias when reading a raw value back.
    #expect(row.categoryCase(rawValue: 1)?.name == "asleepUnspecified")
    #expect(row.categoryCase(rawValue: 9) == nil)
  }

  @Test func fertilityCategories() {
    #expect(
      Self.cases("menstrualFlow") == [
        "unspecified": 1, "light": 2, "medium": 3, "heavy": 4, "none": 5,
      ])
    #expect(
      Self.cases("cervicalMucusQuality") == [
        "dry": 1, "sticky": 2, "creamy": 3, "watery": 4, "eggWhite": 5,
      ])
    #expect(
      Self.cases("ovulationTestResult") == [
        "negative": 1, "luteinizingHormoneSurge": 2, "positive": 2, "indeterminate": 3,
        "estrogenSurge": 4,
      ])
    #expect(
      Self.cases("pregnancyTestResult") == ["negative": 1, "positive": 2, "indeterminate": 3])
    #expect(
      Self.cases("progesteroneTestResult") == ["negative": 1, "positive": 2, "indeterminate": 3])
    #expect(
      Self.cases("contraceptive") == [
        "unspecified": 1, "implant": 2, "injection": 3, "intrauterineDevice": 4,
        "intravaginalRing": 5, "oral": 6, "patch": 7,
      ])
  }

  @Test(arguments: [
    "mindfulSession", "sexualActivity", "intermenstrualBleeding", "lactation", "pregnancy",
    "highHeartRateEvent", "lowHeartRateEvent", "irregularHeartRhythmEvent", "toothbrushingEvent",
    "handwashingEvent", "irregularMenstrualCycles", "persistentIntermenstrualBleeding",
    "prolongedMenstrualPeriods", "infrequentMenstrualCycles",
  ])
  func notApplicableOnly(name: String) {
    #expect(Self.cases(name) == ["notApplicable": 0])
  }

  @Test func eventCategories() {
    #expect(Self.cases("appleStandHour") == ["stood": 0, "idle": 1])
    #expect(Self.cases("headphoneAudioExposureEvent") == ["sevenDayLimit": 1])
    #expect(
      Self.cases("environmentalAudioExposureEvent") == [
        "momentaryLimit": 1, "loudEnvironment": 1,
      ])
    #expect(Self.cases("lowCardioFitnessEvent") == ["lowFitness": 1])
    #expect(
      Self.cases("appleWalkingSteadinessEvent") == [
        "initialLow": 1, "initialVeryLow": 2, "repeatLow": 3, "repeatVeryLow": 4,
      ])
  }

  /// protocol/healthkit-rules.md#characteristics: the six characteristics with HealthKit's raw Ints.
  @Test func characteristics() {
    #expect(Self.cases("biologicalSex") == ["notSet": 0, "female": 1, "male": 2, "other": 3])
    #expect(
      Self.cases("bloodType") == [
        "notSet": 0, "aPositive": 1, "aNegative": 2, "bPositive": 3, "bNegative": 4,
        "abPositive": 5, "abNegative": 6, "oPositive": 7, "oNegative": 8,
      ])
    #expect(
      Self.cases("fitzpatrickSkinType") == [
        "notSet": 0, "I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6,
      ])
    #expect(Self.cases("wheelchairUse") == ["notSet": 0, "no": 1, "yes": 2])
    #expect(Self.cases("activityMoveMode") == ["activeEnergy": 1, "appleMoveTime": 2])
    #expect(Self.cases("dateOfBirth").isEmpty)
  }

  /// the special fields in protocol/record-shapes.md.
  @Test func specialFields() {
    func table(_ cases: [CategoryCase]) -> [String: Int] {
      Dictionary(uniqueKeysWithValues: cases.map { ($0.name, $0.rawValue) })
    }
    #expect(table(SpecialFields.bloodGlucoseMealTime) == ["preprandial": 1, "postprandial": 2])
    #expect(
      table(SpecialFields.vo2MaxTestType) == [
        "maxExercise": 1, "predictionSubMaxExercise": 2, "predictionNonExercise": 3,
      ])
    #expect(
      table(SpecialFields.bodyTemperatureSensorLocation) == [
        "other": 0, "armpit": 1, "body": 2, "ear": 3, "finger": 4, "gastroIntestinal": 5,
        "mouth": 6, "rectum": 7, "toe": 8, "earDrum": 9, "temporalArtery": 10, "forehead": 11,
      ])
    #expect(
      SpecialFields.rawValue(of: "forehead", in: SpecialFields.bodyTemperatureSensorLocation) == 11)
    #expect(
      SpecialFields.rawValue(of: "Forehead", in: SpecialFields.bodyTemperatureSensorLocation) == nil
    )
  }

  @Test func metadataKeys() {
    #expect(MetadataKeys.isHealthKitKey("HKMetadataKeyBloodGlucoseMealTime"))
    #expect(MetadataKeys.isHealthKitKey("HKBloodGlucoseMealTime"))
    #expect(MetadataKeys.isHealthKitKey("HKMetadataKeyBodyTemperatureSensorLocation"))
    #expect(MetadataKeys.isHealthKitKey("HKMetadataKeyVO2MaxTestType"))
    #expect(MetadataKeys.isHealthKitKey("HKMetadataKeyMenstrualCycleStart"))
    #expect(MetadataKeys.isHealthKitKey("HKMetadataKeyFoodType"))
    #expect(MetadataKeys.isHealthKitKey("HKMetadataKeyIndoorWorkout"))
    #expect(MetadataKeys.isHealthKitKey("HKMetadataKeyElevationAscended"))
    #expect(MetadataKeys.isHealthKitKey("HKMetadataKeySyncIdentifier"))
    #expect(!MetadataKeys.isHealthKitKey("HKMetadataKeyMadeUp"))
    #expect(!MetadataKeys.isAllowed("HKFoo"))
    #expect(!MetadataKeys.isAllowed("HKMetadataKeyBloodGlucoseMealtime"))
    #expect(MetadataKeys.isAllowed("ck_notes"))
    #expect(MetadataKeys.isAllowed("chronoception_version"))
    #expect(MetadataKeys.isAllowed("hkLowercaseIsNotReserved"))
  }

  /// Raw values from HealthKit's own string table: swimming's SWOLF score is `HKSWOLFScore`;
  /// newer keys keep the full constant name, so `HKAudioExposureLevel` is nobody's key.
  @Test func metadataKeyRawValues() {
    #expect(MetadataKeys.isAllowed("HKMetadataKeySWOLFScore"))
    #expect(MetadataKeys.isAllowed("HKSWOLFScore"))
    #expect(MetadataKeys.isAllowed("HKMetadataKeyAppleFitnessPlusCatalogIdentifier"))
    #expect(MetadataKeys.isAllowed("HKMetadataKeyAudioExposureLevel"))
    #expect(!MetadataKeys.isAllowed("HKAudioExposureLevel"))
    #expect(!MetadataKeys.isAllowed("HKUserMotionContext"))
    let level = MetadataKeys.all.first { $0.constantName == "HKMetadataKeyAudioExposureLevel" }
    #expect(level?.rawValue == "HKMetadataKeyAudioExposureLevel")
    let swolf = MetadataKeys.all.first { $0.constantName == "HKMetadataKeySWOLFScore" }
    #expect(swolf?.rawValue == "HKSWOLFScore")
  }
}
