import HealthKitModel
import Testing

/// Seed 001's read-only architecture: class-based categories plus the one device-exclusive list.
@Suite struct ReadOnlyTests {
  @Test(arguments: [
    "biologicalSex", "bloodType", "dateOfBirth", "fitzpatrickSkinType", "wheelchairUse",
    "activityMoveMode",
  ])
  func characteristicsCannotBeShared(name: String) throws {
    let row = try #require(Catalogue.info(named: name))
    #expect(Catalogue.shareRefusal(row.identifier) == .characteristic)
  }

  @Test func correlationsCannotBeShared() {
    #expect(Catalogue.shareRefusal("HKCorrelationTypeIdentifierBloodPressure") == .correlation)
    #expect(Catalogue.shareRefusal("HKCorrelationTypeIdentifierFood") == .correlation)
  }

  @Test func clinicalRecordsCannotBeShared() {
    for identifier in Catalogue.identifiers(of: .clinical) {
      #expect(Catalogue.shareRefusal(identifier) == .clinical, "\(identifier)")
    }
  }

  @Test func activitySummaryCannotBeShared() {
    #expect(Catalogue.shareRefusal("HKActivitySummaryTypeIdentifier") == .activitySummary)
  }

  /// Seed 001's list, minus runningPower/runningSpeed (protocol/healthkit-rules.md#rulings), plus ECG.
  @Test(arguments: [
    "appleSleepingWristTemperature", "atrialFibrillationBurden", "appleWalkingSteadiness",
    "runningStrideLength", "runningVerticalOscillation", "runningGroundContactTime",
    "lowHeartRateEvent", "highHeartRateEvent", "irregularHeartRhythmEvent", "audioExposureEvent",
    "headphoneAudioExposureEvent", "environmentalAudioExposureEvent", "lowCardioFitnessEvent",
    "appleWalkingSteadinessEvent", "appleStandHour", "walkingHeartRateAverage",
    "heartRateRecoveryOneMinute", "irregularMenstrualCycles", "persistentIntermenstrualBleeding",
    "prolongedMenstrualPeriods", "infrequentMenstrualCycles", "workoutRoute",
    "electrocardiogramType", "walkingStepLength", "walkingAsymmetryPercentage",
    "walkingDoubleSupportPercentage",
  ])
  func deviceExclusiveTypesCannotBeShared(name: String) throws {
    let row = try #require(Catalogue.info(named: name))
    #expect(Catalogue.shareRefusal(row.identifier) == .deviceExclusive)
  }

  @Test func runningPowerAndSpeedStayWritable() {
    #expect(Catalogue.shareRefusal("HKQuantityTypeIdentifierRunningPower") == nil)
    #expect(Catalogue.shareRefusal("HKQuantityTypeIdentifierRunningSpeed") == nil)
    #expect(DeviceExclusiveList.names.contains("runningPower"))
    #expect(DeviceExclusiveList.names.contains("runningSpeed"))
  }

  @Test func everyListedNameIsInTheCatalogue() {
    for name in DeviceExclusiveList.names {
      #expect(Catalogue.info(named: name) != nil, "\(name)")
    }
  }

  @Test(arguments: [
    "HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierBloodPressureSystolic",
    "HKCategoryTypeIdentifierMindfulSession", "HKCategoryTypeIdentifierSleepAnalysis",
    "HKWorkoutTypeIdentifier", "HKDocumentTypeIdentifierCDA", "HKDataTypeIdentifierAudiogram",
    "HKQuantityTypeIdentifierDietaryWater",
  ])
  func ordinarySampleTypesAreShareable(identifier: String) {
    #expect(Catalogue.shareRefusal(identifier) == nil)
  }

  @Test func unknownIdentifierHasNoShareReason() {
    #expect(Catalogue.shareRefusal("HKQuantityTypeIdentifierNope") == nil)
  }

  @Test func refusalFamilies() {
    #expect(RefusalReason.deviceExclusive.family == .readOnly)
    #expect(RefusalReason.characteristic.family == .readOnly)
    #expect(RefusalReason.requiresNewerOS.family == .unavailableOnOS)
    #expect(RefusalReason.noEquivalent.family == .unsupported)
    #expect(RefusalReason.workoutOnly.family == .unsupported)
    #expect(RefusalReason.activityNotSupported.family == .unsupported)
  }
}

@Suite struct SuggestionTests {
  @Test(arguments: [
    ("stepCount", "HKQuantityTypeIdentifierStepCount"),
    (".stepCount", "HKQuantityTypeIdentifierStepCount"),
    ("HKQuantityTypeIdentifierStepcount", "HKQuantityTypeIdentifierStepCount"),
    ("HKQuantityTypeIdentifierStepCoutn", "HKQuantityTypeIdentifierStepCount"),
    ("HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierStepCount"),
    ("heartrate", "HKQuantityTypeIdentifierHeartRate"),
    ("bodyMas", "HKQuantityTypeIdentifierBodyMass"),
    ("vo2Max", "HKQuantityTypeIdentifierVO2Max"),
    ("HKQuantityTypeIdentifierVo2Max", "HKQuantityTypeIdentifierVO2Max"),
    ("dateOfBirth", "HKCharacteristicTypeIdentifierDateOfBirth"),
    (
      "HKCategoryTypeIdentifierEnvironmentalAudioExposureEvent",
      "HKCategoryTypeIdentifierAudioExposureEvent"
    ),
  ])
  func suggests(text: String, expected: String) {
    #expect(Catalogue.suggestion(for: text) == expected)
  }

  @Test func nothingCloseGivesNil() {
    #expect(Catalogue.suggestion(for: "completelyUnrelatedThing") == nil)
    #expect(Catalogue.suggestion(for: "") == nil)
    #expect(Catalogue.suggestion(for: "HKQuantityTypeIdentifier") == nil)
  }

  @Test func classRestriction() {
    #expect(Catalogue.suggestion(for: "sleepAnalysis", in: [.quantity]) == nil)
    #expect(
      Catalogue.suggestion(for: "sleepAnalysis", in: [.category])
        == "HKCategoryTypeIdentifierSleepAnalysis")
  }
}
