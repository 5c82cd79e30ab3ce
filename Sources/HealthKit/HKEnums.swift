// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (Apple's names, spelled as on iOS.)
/// HealthKit's enumerations and option sets, with HealthKit's raw values.

public enum HKAuthorizationStatus: Int, Sendable {
  case notDetermined = 0
  case sharingDenied = 1
  case sharingAuthorized = 2
}

public enum HKAuthorizationRequestStatus: Int, Sendable {
  case unknown = 0
  case shouldRequest = 1
  case unnecessary = 2
}

public enum HKBiologicalSex: Int, Sendable {
  case notSet = 0
  case female = 1
  case male = 2
  case other = 3
}

public enum HKBloodType: Int, Sendable {
  case notSet = 0
  case aPositive = 1
  case aNegative = 2
  case bPositive = 3
  case bNegative = 4
  case abPositive = 5
  case abNegative = 6
  case oPositive = 7
  case oNegative = 8
}

public enum HKFitzpatrickSkinType: Int, Sendable {
  case notSet = 0
  case I = 1
  case II = 2
  case III = 3
  case IV = 4
  case V = 5
  case VI = 6
}

public enum HKWheelchairUse: Int, Sendable {
  case notSet = 0
  case no = 1
  case yes = 2
}

public enum HKActivityMoveMode: Int, Sendable {
  case activeEnergy = 1
  case appleMoveTime = 2
}

public enum HKUpdateFrequency: Int, Sendable {
  case immediate = 1
  case hourly = 2
  case daily = 3
  case weekly = 4
}

public enum HKWorkoutEventType: Int, Sendable {
  case pause = 1
  case resume = 2
  case lap = 3
  case marker = 4
  case motionPaused = 5
  case motionResumed = 6
  case segment = 7
  case pauseOrResumeRequest = 8
}

public enum HKWorkoutSessionLocationType: Int, Sendable {
  case unknown = 1
  case indoor = 2
  case outdoor = 3
}

public enum HKWorkoutSwimmingLocationType: Int, Sendable {
  case unknown = 0
  case pool = 1
  case openWater = 2
}

public enum HKBodyTemperatureSensorLocation: Int, Sendable {
  case other = 0
  case armpit = 1
  case body = 2
  case ear = 3
  case finger = 4
  case gastroIntestinal = 5
  case mouth = 6
  case rectum = 7
  case toe = 8
  case earDrum = 9
  case temporalArtery = 10
  case forehead = 11
}

public enum HKVO2MaxTestType: Int, Sendable {
  case maxExercise = 1
  case predictionSubMaxExercise = 2
  case predictionNonExercise = 3
  case predictionStepTest = 4
}

public enum HKBloodGlucoseMealTime: Int, Sendable {
  case preprandial = 1
  case postprandial = 2
}

public enum HKInsulinDeliveryReason: Int, Sendable {
  case basal = 1
  case bolus = 2
}

public enum HKHeartRateMotionContext: Int, Sendable {
  case notSet = 0
  case sedentary = 1
  case active = 2
}

public enum HKHeartRateSensorLocation: Int, Sendable {
  case other = 0
  case chest = 1
  case wrist = 2
  case finger = 3
  case hand = 4
  case earLobe = 5
  case foot = 6
}

public enum HKDevicePlacementSide: Int, Sendable {
  case unknown = 0
  case left = 1
  case right = 2
  case central = 3
}

public enum HKQuantityAggregationStyle: Int, Sendable {
  case cumulative = 0
  case discreteArithmetic = 1
  case discreteTemporallyWeighted = 2
  case discreteEquivalentContinuousLevel = 3

  public static let discrete = HKQuantityAggregationStyle.discreteArithmetic
}

public enum HKElectrocardiogramClassification: Int, Sendable {
  case notSet = 0
  case sinusRhythm = 1
  case atrialFibrillation = 2
  case inconclusiveLowHeartRate = 3
  case inconclusiveHighHeartRate = 4
  case inconclusivePoorReading = 5
  case inconclusiveOther = 6
  case unrecognized = 100
}

public enum HKElectrocardiogramSymptomsStatus: Int, Sendable {
  case notSet = 0
  case none = 1
  case present = 2
}

public enum HKElectrocardiogramLead: Int, Sendable {
  case appleWatchSimilarToLeadI = 1
}

public enum HKVisionPrescriptionType: UInt, Sendable {
  case glasses = 1
  case contacts = 2
}

public enum HKFHIRRelease: String, Sendable {
  case dstu2 = "DSTU2"
  case r4 = "R4"
  case unknown = "Unknown"
}

/// HealthKit's `HKStatisticsOptions`.
public struct HKStatisticsOptions: OptionSet, Sendable, Hashable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }

  public static let separateBySource = HKStatisticsOptions(rawValue: 1 << 0)
  public static let discreteAverage = HKStatisticsOptions(rawValue: 1 << 1)
  public static let discreteMin = HKStatisticsOptions(rawValue: 1 << 2)
  public static let discreteMax = HKStatisticsOptions(rawValue: 1 << 3)
  public static let cumulativeSum = HKStatisticsOptions(rawValue: 1 << 4)
  public static let mostRecent = HKStatisticsOptions(rawValue: 1 << 5)
  public static let duration = HKStatisticsOptions(rawValue: 1 << 6)
  @available(*, deprecated, renamed: "mostRecent")
  public static let discreteMostRecent = HKStatisticsOptions(rawValue: 1 << 5)
}

/// HealthKit's `HKQueryOptions`.
public struct HKQueryOptions: OptionSet, Sendable, Hashable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }

  public static let strictStartDate = HKQueryOptions(rawValue: 1 << 0)
  public static let strictEndDate = HKQueryOptions(rawValue: 1 << 1)
}

/// HealthKit's `HKCategoryValue` (category types with no value of their own).
public enum HKCategoryValue: Int, Sendable {
  case notApplicable = 0
}
