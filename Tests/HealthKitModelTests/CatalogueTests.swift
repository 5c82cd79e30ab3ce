import HealthKitModel
import Testing

/// Expected rows written from Apple's documentation (not from the tables under test).
@Suite struct CatalogueTests {
  /// (raw identifier, class, iOS, canonical unit, aggregation) for quantity types.
  static let quantities: [(String, String, String, Aggregation)] = [
    ("HKQuantityTypeIdentifierStepCount", "8.0", "count", .cumulative),
    ("HKQuantityTypeIdentifierHeartRate", "8.0", "count/min", .discrete),
    ("HKQuantityTypeIdentifierBodyMass", "8.0", "kg", .discrete),
    ("HKQuantityTypeIdentifierActiveEnergyBurned", "8.0", "kcal", .cumulative),
    ("HKQuantityTypeIdentifierBasalEnergyBurned", "8.0", "kcal", .cumulative),
    ("HKQuantityTypeIdentifierBloodGlucose", "8.0", "mg/dL", .discrete),
    ("HKQuantityTypeIdentifierBodyTemperature", "8.0", "degC", .discrete),
    ("HKQuantityTypeIdentifierBasalBodyTemperature", "9.0", "degC", .discrete),
    ("HKQuantityTypeIdentifierOxygenSaturation", "8.0", "%", .discrete),
    ("HKQuantityTypeIdentifierVO2Max", "11.0", "ml/(kg*min)", .discrete),
    ("HKQuantityTypeIdentifierHeartRateVariabilitySDNN", "11.0", "ms", .discrete),
    ("HKQuantityTypeIdentifierUVExposure", "9.0", "count", .discrete),
    ("HKQuantityTypeIdentifierDietaryWater", "9.0", "mL", .cumulative),
    ("HKQuantityTypeIdentifierDietaryCaffeine", "8.0", "g", .cumulative),
    ("HKQuantityTypeIdentifierDistanceDownhillSnowSports", "11.2", "m", .cumulative),
    ("HKQuantityTypeIdentifierEnvironmentalAudioExposure", "13.0", "dBASPL", .discrete),
    ("HKQuantityTypeIdentifierNumberOfAlcoholicBeverages", "15.0", "count", .cumulative),
    ("HKQuantityTypeIdentifierRunningPower", "16.0", "W", .discrete),
    ("HKQuantityTypeIdentifierRunningSpeed", "16.0", "m/s", .discrete),
    ("HKQuantityTypeIdentifierCyclingCadence", "17.0", "count/min", .discrete),
    ("HKQuantityTypeIdentifierTimeInDaylight", "17.0", "min", .cumulative),
    ("HKQuantityTypeIdentifierWalkingAsymmetryPercentage", "14.0", "%", .discrete),
    ("HKQuantityTypeIdentifierInsulinDelivery", "11.0", "IU", .cumulative),
    ("HKQuantityTypeIdentifierPeakExpiratoryFlowRate", "8.0", "L/min", .discrete),
    ("HKQuantityTypeIdentifierElectrodermalActivity", "8.0", "S", .discrete),
    ("HKQuantityTypeIdentifierAppleExerciseTime", "9.3", "min", .cumulative),
    ("HKQuantityTypeIdentifierDistanceRowing", "18.0", "m", .cumulative),
  ]

  @Test(arguments: quantities)
  func quantityRows(identifier: String, os: String, unit: String, aggregation: Aggregation) throws {
    let row = try #require(Catalogue.info(identifier))
    #expect(row.typeClass == .quantity)
    #expect(row.minimumOS.description == os)
    #expect(row.quantity?.canonicalUnit == unit)
    #expect(row.quantity?.aggregation == aggregation)
  }

  /// Every identifier seed 002 names (by its Swift name) exists, with Apple's class and version.
  static let seedNames: [(String, TypeClass, String)] = [
    ("biologicalSex", .characteristic, "8.0"), ("bloodType", .characteristic, "8.0"),
    ("dateOfBirth", .characteristic, "8.0"), ("fitzpatrickSkinType", .characteristic, "9.0"),
    ("wheelchairUse", .characteristic, "10.0"), ("activityMoveMode", .characteristic, "14.0"),
    ("sleepAnalysis", .category, "8.0"), ("appleStandHour", .category, "9.0"),
    ("cervicalMucusQuality", .category, "9.0"), ("ovulationTestResult", .category, "9.0"),
    ("menstrualFlow", .category, "9.0"), ("intermenstrualBleeding", .category, "9.0"),
    ("sexualActivity", .category, "9.0"), ("mindfulSession", .category, "10.0"),
    ("highHeartRateEvent", .category, "12.2"), ("lowHeartRateEvent", .category, "12.2"),
    ("irregularHeartRhythmEvent", .category, "12.2"), ("audioExposureEvent", .category, "13.0"),
    ("toothbrushingEvent", .category, "13.0"), ("pregnancyTestResult", .category, "15.0"),
    ("progesteroneTestResult", .category, "15.0"), ("contraceptive", .category, "14.3"),
    ("lactation", .category, "14.3"), ("pregnancy", .category, "14.3"),
    ("headphoneAudioExposureEvent", .category, "14.0"),
    ("environmentalAudioExposureEvent", .category, "13.0"),
    ("handwashingEvent", .category, "14.0"), ("lowCardioFitnessEvent", .category, "14.3"),
    ("appleWalkingSteadinessEvent", .category, "15.0"),
    ("irregularMenstrualCycles", .category, "16.0"),
    ("persistentIntermenstrualBleeding", .category, "16.0"),
    ("prolongedMenstrualPeriods", .category, "16.0"),
    ("infrequentMenstrualCycles", .category, "16.0"),
    ("bloodPressure", .correlation, "8.0"), ("food", .correlation, "8.0"),
    ("allergyRecord", .clinical, "12.0"), ("conditionRecord", .clinical, "12.0"),
    ("immunizationRecord", .clinical, "12.0"), ("labResultRecord", .clinical, "12.0"),
    ("medicationRecord", .clinical, "12.0"), ("procedureRecord", .clinical, "12.0"),
    ("vitalSignRecord", .clinical, "12.0"), ("coverageRecord", .clinical, "14.0"),
    ("clinicalNoteRecord", .clinical, "16.4"), ("CDA", .document, "10.0"),
    ("workoutType", .workout, "8.0"), ("workoutRoute", .series, "11.0"),
    ("activitySummaryType", .activitySummary, "9.3"), ("audiogramSampleType", .audiogram, "13.0"),
    ("electrocardiogramType", .electrocardiogram, "14.0"),
    ("walkingHeartRateAverage", .quantity, "11.0"), ("waistCircumference", .quantity, "11.0"),
    ("nikeFuel", .quantity, "8.0"), ("numberOfTimesFallen", .quantity, "8.0"),
    ("forcedExpiratoryVolume1", .quantity, "8.0"), ("bloodAlcoholContent", .quantity, "8.0"),
    ("appleSleepingWristTemperature", .quantity, "16.0"),
    ("atrialFibrillationBurden", .quantity, "16.0"), ("appleWalkingSteadiness", .quantity, "15.0"),
    ("heartRateRecoveryOneMinute", .quantity, "16.0"),
  ]

  @Test(arguments: seedNames)
  func seedTypesExist(name: String, typeClass: TypeClass, os: String) throws {
    let row = try #require(Catalogue.info(named: name))
    #expect(row.typeClass == typeClass)
    #expect(row.minimumOS.description == os)
    #expect(Catalogue.info(row.identifier)?.name == row.name)
  }

  @Test func rawIdentifiersOfTheOtherClasses() {
    let expected: [String: String] = [
      "workoutType": "HKWorkoutTypeIdentifier",
      "audiogramSampleType": "HKDataTypeIdentifierAudiogram",
      "electrocardiogramType": "HKDataTypeIdentifierElectrocardiogram",
      "activitySummaryType": "HKActivitySummaryTypeIdentifier",
      "workoutRoute": "HKWorkoutRouteTypeIdentifier",
      "CDA": "HKDocumentTypeIdentifierCDA",
      "food": "HKCorrelationTypeIdentifierFood",
      "allergyRecord": "HKClinicalTypeIdentifierAllergyRecord",
      "dateOfBirth": "HKCharacteristicTypeIdentifierDateOfBirth",
      // Renamed by Apple in iOS 14; the raw string stayed.
      "environmentalAudioExposureEvent": "HKCategoryTypeIdentifierAudioExposureEvent",
      "audioExposureEvent": "HKCategoryTypeIdentifierAudioExposureEvent",
    ]
    for (name, identifier) in expected {
      #expect(Catalogue.info(named: name)?.identifier == identifier, "\(name)")
    }
  }

  @Test func identifiersAreUniqueAndWellFormed() {
    let identifiers = Catalogue.all.map(\.identifier)
    #expect(Set(identifiers).count == identifiers.count)
    for row in Catalogue.all {
      #expect(row.identifier.hasPrefix("HK"), "\(row.identifier)")
      #expect((row.quantity != nil) == (row.typeClass == .quantity), "\(row.identifier)")
      if row.typeClass == .category { #expect(!row.categoryCases.isEmpty, "\(row.identifier)") }
    }
  }

  @Test func everyCanonicalUnitParses() throws {
    for row in Catalogue.all {
      guard let quantity = row.quantity else { continue }
      let unit = try HealthUnit(quantity.canonicalUnit)
      #expect(unit.dimension == quantity.dimension, "\(row.identifier)")
    }
  }

  @Test func identifiersByClass() {
    let characteristics = Catalogue.identifiers(of: .characteristic)
    #expect(
      characteristics == [
        "HKCharacteristicTypeIdentifierBiologicalSex", "HKCharacteristicTypeIdentifierBloodType",
        "HKCharacteristicTypeIdentifierDateOfBirth",
        "HKCharacteristicTypeIdentifierFitzpatrickSkinType",
        "HKCharacteristicTypeIdentifierWheelchairUse",
        "HKCharacteristicTypeIdentifierActivityMoveMode",
      ])
    #expect(Catalogue.identifiers(of: .clinical).count == 9)
    #expect(Catalogue.identifiers(of: .correlation).count == 2)
    #expect(Catalogue.identifiers(of: .workout) == ["HKWorkoutTypeIdentifier"])
  }

  @Test func availabilityBoundary() throws {
    let row = try #require(Catalogue.info(named: "contraceptive"))
    #expect(!row.isAvailable(on: OSVersion(14, 2)))
    #expect(row.isAvailable(on: OSVersion(14, 3)))
  }

  @Test func shortNames() {
    #expect(Catalogue.shortName(of: "HKQuantityTypeIdentifierHeartRate") == "heartRate")
    #expect(Catalogue.shortName(of: "nonsense") == "nonsense")
  }
}
