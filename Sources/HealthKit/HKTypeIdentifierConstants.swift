// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (Apple's names, spelled as on iOS.)
// Generated from HealthKitModel's catalogue (Tests/HealthKitTests checks it stays in step).

extension HKQuantityTypeIdentifier {
  public static let bodyMassIndex = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierBodyMassIndex")
  public static let bodyFatPercentage = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierBodyFatPercentage")
  public static let height = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeight")
  public static let bodyMass = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierBodyMass")
  public static let leanBodyMass = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierLeanBodyMass")
  public static let waistCircumference = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierWaistCircumference")
  public static let stepCount = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierStepCount")
  public static let distanceWalkingRunning = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDistanceWalkingRunning")
  public static let distanceCycling = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDistanceCycling")
  public static let distanceWheelchair = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDistanceWheelchair")
  public static let basalEnergyBurned = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierBasalEnergyBurned")
  public static let activeEnergyBurned = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierActiveEnergyBurned")
  public static let flightsClimbed = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierFlightsClimbed")
  public static let nikeFuel = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierNikeFuel")
  public static let appleExerciseTime = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierAppleExerciseTime")
  public static let pushCount = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierPushCount")
  public static let distanceSwimming = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDistanceSwimming")
  public static let swimmingStrokeCount = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierSwimmingStrokeCount")
  public static let vo2Max = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierVO2Max")
  public static let distanceDownhillSnowSports = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDistanceDownhillSnowSports")
  public static let walkingSpeed = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierWalkingSpeed")
  public static let walkingStepLength = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierWalkingStepLength")
  public static let walkingAsymmetryPercentage = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierWalkingAsymmetryPercentage")
  public static let walkingDoubleSupportPercentage = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierWalkingDoubleSupportPercentage")
  public static let appleWalkingSteadiness = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierAppleWalkingSteadiness")
  public static let runningStrideLength = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierRunningStrideLength")
  public static let runningVerticalOscillation = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierRunningVerticalOscillation")
  public static let runningGroundContactTime = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierRunningGroundContactTime")
  public static let runningPower = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierRunningPower")
  public static let runningSpeed = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierRunningSpeed")
  public static let cyclingSpeed = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierCyclingSpeed")
  public static let cyclingPower = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierCyclingPower")
  public static let cyclingCadence = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierCyclingCadence")
  public static let cyclingFunctionalThresholdPower = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierCyclingFunctionalThresholdPower")
  public static let timeInDaylight = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierTimeInDaylight")
  public static let distanceCrossCountrySkiing = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDistanceCrossCountrySkiing")
  public static let distancePaddleSports = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDistancePaddleSports")
  public static let distanceRowing = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDistanceRowing")
  public static let distanceSkatingSports = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDistanceSkatingSports")
  public static let crossCountrySkiingSpeed = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierCrossCountrySkiingSpeed")
  public static let paddleSportsSpeed = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierPaddleSportsSpeed")
  public static let rowingSpeed = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierRowingSpeed")
  public static let heartRate = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierHeartRate")
  public static let bodyTemperature = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierBodyTemperature")
  public static let basalBodyTemperature = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierBasalBodyTemperature")
  public static let bloodPressureSystolic = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierBloodPressureSystolic")
  public static let bloodPressureDiastolic = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierBloodPressureDiastolic")
  public static let respiratoryRate = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierRespiratoryRate")
  public static let restingHeartRate = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierRestingHeartRate")
  public static let walkingHeartRateAverage = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierWalkingHeartRateAverage")
  public static let heartRateVariabilitySDNN = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierHeartRateVariabilitySDNN")
  public static let heartRateRecoveryOneMinute = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierHeartRateRecoveryOneMinute")
  public static let atrialFibrillationBurden = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierAtrialFibrillationBurden")
  public static let appleSleepingWristTemperature = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierAppleSleepingWristTemperature")
  public static let oxygenSaturation = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierOxygenSaturation")
  public static let peripheralPerfusionIndex = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierPeripheralPerfusionIndex")
  public static let bloodGlucose = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierBloodGlucose")
  public static let numberOfTimesFallen = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierNumberOfTimesFallen")
  public static let electrodermalActivity = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierElectrodermalActivity")
  public static let inhalerUsage = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierInhalerUsage")
  public static let insulinDelivery = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierInsulinDelivery")
  public static let bloodAlcoholContent = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierBloodAlcoholContent")
  public static let forcedVitalCapacity = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierForcedVitalCapacity")
  public static let forcedExpiratoryVolume1 = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierForcedExpiratoryVolume1")
  public static let peakExpiratoryFlowRate = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierPeakExpiratoryFlowRate")
  public static let environmentalAudioExposure = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierEnvironmentalAudioExposure")
  public static let headphoneAudioExposure = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierHeadphoneAudioExposure")
  public static let uvExposure = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierUVExposure")
  public static let numberOfAlcoholicBeverages = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages")
  public static let appleStandTime = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierAppleStandTime")
  public static let appleMoveTime = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierAppleMoveTime")
  public static let waterTemperature = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierWaterTemperature")
  public static let underwaterDepth = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierUnderwaterDepth")
  public static let dietaryEnergyConsumed = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryEnergyConsumed")
  public static let dietaryWater = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryWater")
  public static let dietaryFatTotal = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryFatTotal")
  public static let dietaryFatPolyunsaturated = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryFatPolyunsaturated")
  public static let dietaryFatMonounsaturated = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryFatMonounsaturated")
  public static let dietaryFatSaturated = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryFatSaturated")
  public static let dietaryCholesterol = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryCholesterol")
  public static let dietarySodium = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietarySodium")
  public static let dietaryCarbohydrates = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryCarbohydrates")
  public static let dietaryFiber = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryFiber")
  public static let dietarySugar = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietarySugar")
  public static let dietaryProtein = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryProtein")
  public static let dietaryVitaminA = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryVitaminA")
  public static let dietaryVitaminB6 = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryVitaminB6")
  public static let dietaryVitaminB12 = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryVitaminB12")
  public static let dietaryVitaminC = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryVitaminC")
  public static let dietaryVitaminD = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryVitaminD")
  public static let dietaryVitaminE = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryVitaminE")
  public static let dietaryVitaminK = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryVitaminK")
  public static let dietaryCalcium = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryCalcium")
  public static let dietaryIron = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryIron")
  public static let dietaryThiamin = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryThiamin")
  public static let dietaryRiboflavin = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryRiboflavin")
  public static let dietaryNiacin = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryNiacin")
  public static let dietaryFolate = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryFolate")
  public static let dietaryBiotin = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryBiotin")
  public static let dietaryPantothenicAcid = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryPantothenicAcid")
  public static let dietaryPhosphorus = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryPhosphorus")
  public static let dietaryIodine = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryIodine")
  public static let dietaryMagnesium = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryMagnesium")
  public static let dietaryZinc = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryZinc")
  public static let dietarySelenium = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietarySelenium")
  public static let dietaryCopper = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryCopper")
  public static let dietaryManganese = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryManganese")
  public static let dietaryChromium = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryChromium")
  public static let dietaryMolybdenum = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryMolybdenum")
  public static let dietaryChloride = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryChloride")
  public static let dietaryPotassium = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryPotassium")
  public static let dietaryCaffeine = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierDietaryCaffeine")
}

extension HKCategoryTypeIdentifier {
  public static let sleepAnalysis = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierSleepAnalysis")
  public static let appleStandHour = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierAppleStandHour")
  public static let cervicalMucusQuality = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierCervicalMucusQuality")
  public static let ovulationTestResult = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierOvulationTestResult")
  public static let menstrualFlow = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierMenstrualFlow")
  public static let intermenstrualBleeding = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierIntermenstrualBleeding")
  public static let sexualActivity = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierSexualActivity")
  public static let mindfulSession = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierMindfulSession")
  public static let highHeartRateEvent = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierHighHeartRateEvent")
  public static let lowHeartRateEvent = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierLowHeartRateEvent")
  public static let irregularHeartRhythmEvent = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierIrregularHeartRhythmEvent")
  public static let environmentalAudioExposureEvent = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierAudioExposureEvent")
  public static let audioExposureEvent = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierAudioExposureEvent")
  public static let toothbrushingEvent = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierToothbrushingEvent")
  public static let headache = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierHeadache")
  public static let headphoneAudioExposureEvent = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierHeadphoneAudioExposureEvent")
  public static let handwashingEvent = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierHandwashingEvent")
  public static let lowCardioFitnessEvent = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierLowCardioFitnessEvent")
  public static let pregnancy = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierPregnancy")
  public static let lactation = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierLactation")
  public static let contraceptive = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierContraceptive")
  public static let pregnancyTestResult = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierPregnancyTestResult")
  public static let progesteroneTestResult = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierProgesteroneTestResult")
  public static let appleWalkingSteadinessEvent = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierAppleWalkingSteadinessEvent")
  public static let irregularMenstrualCycles = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierIrregularMenstrualCycles")
  public static let persistentIntermenstrualBleeding = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierPersistentIntermenstrualBleeding")
  public static let prolongedMenstrualPeriods = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierProlongedMenstrualPeriods")
  public static let infrequentMenstrualCycles = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierInfrequentMenstrualCycles")
}

extension HKCharacteristicTypeIdentifier {
  public static let biologicalSex = HKCharacteristicTypeIdentifier(
    rawValue: "HKCharacteristicTypeIdentifierBiologicalSex")
  public static let bloodType = HKCharacteristicTypeIdentifier(
    rawValue: "HKCharacteristicTypeIdentifierBloodType")
  public static let dateOfBirth = HKCharacteristicTypeIdentifier(
    rawValue: "HKCharacteristicTypeIdentifierDateOfBirth")
  public static let fitzpatrickSkinType = HKCharacteristicTypeIdentifier(
    rawValue: "HKCharacteristicTypeIdentifierFitzpatrickSkinType")
  public static let wheelchairUse = HKCharacteristicTypeIdentifier(
    rawValue: "HKCharacteristicTypeIdentifierWheelchairUse")
  public static let activityMoveMode = HKCharacteristicTypeIdentifier(
    rawValue: "HKCharacteristicTypeIdentifierActivityMoveMode")
}

extension HKCorrelationTypeIdentifier {
  public static let bloodPressure = HKCorrelationTypeIdentifier(
    rawValue: "HKCorrelationTypeIdentifierBloodPressure")
  public static let food = HKCorrelationTypeIdentifier(rawValue: "HKCorrelationTypeIdentifierFood")
}

extension HKClinicalTypeIdentifier {
  public static let allergyRecord = HKClinicalTypeIdentifier(
    rawValue: "HKClinicalTypeIdentifierAllergyRecord")
  public static let conditionRecord = HKClinicalTypeIdentifier(
    rawValue: "HKClinicalTypeIdentifierConditionRecord")
  public static let immunizationRecord = HKClinicalTypeIdentifier(
    rawValue: "HKClinicalTypeIdentifierImmunizationRecord")
  public static let labResultRecord = HKClinicalTypeIdentifier(
    rawValue: "HKClinicalTypeIdentifierLabResultRecord")
  public static let medicationRecord = HKClinicalTypeIdentifier(
    rawValue: "HKClinicalTypeIdentifierMedicationRecord")
  public static let procedureRecord = HKClinicalTypeIdentifier(
    rawValue: "HKClinicalTypeIdentifierProcedureRecord")
  public static let vitalSignRecord = HKClinicalTypeIdentifier(
    rawValue: "HKClinicalTypeIdentifierVitalSignRecord")
  public static let coverageRecord = HKClinicalTypeIdentifier(
    rawValue: "HKClinicalTypeIdentifierCoverageRecord")
  public static let clinicalNoteRecord = HKClinicalTypeIdentifier(
    rawValue: "HKClinicalTypeIdentifierClinicalNoteRecord")
}

extension HKDocumentTypeIdentifier {
  public static let CDA = HKDocumentTypeIdentifier(rawValue: "HKDocumentTypeIdentifierCDA")
}
