/// HealthKit's `HKCategoryValue…` enumerations, with HealthKit's raw values (the model's
/// catalogue holds the same cases, Tests/HealthKitTests checks them against it).

public enum HKCategoryValueSleepAnalysis: Int, Sendable {
  case inBed = 0
  case asleepUnspecified = 1
  case awake = 2
  case asleepCore = 3
  case asleepDeep = 4
  case asleepREM = 5

  @available(*, deprecated, renamed: "asleepUnspecified")
  public static let asleep = HKCategoryValueSleepAnalysis.asleepUnspecified

  /// The asleep values (`asleepUnspecified`, `asleepCore`, `asleepDeep`, `asleepREM`).
  public static var allAsleepValues: Set<HKCategoryValueSleepAnalysis> {
    [.asleepUnspecified, .asleepCore, .asleepDeep, .asleepREM]
  }
}

public enum HKCategoryValueAppleStandHour: Int, Sendable {
  case stood = 0
  case idle = 1
}

public enum HKCategoryValueCervicalMucusQuality: Int, Sendable {
  case dry = 1
  case sticky = 2
  case creamy = 3
  case watery = 4
  case eggWhite = 5
}

public enum HKCategoryValueOvulationTestResult: Int, Sendable {
  case negative = 1
  case luteinizingHormoneSurge = 2
  case indeterminate = 3
  case estrogenSurge = 4

  @available(*, deprecated, renamed: "luteinizingHormoneSurge")
  public static let positive = HKCategoryValueOvulationTestResult.luteinizingHormoneSurge
}

public enum HKCategoryValueMenstrualFlow: Int, Sendable {
  case unspecified = 1
  case light = 2
  case medium = 3
  case heavy = 4
  case none = 5
}

public enum HKCategoryValueVaginalBleeding: Int, Sendable {
  case unspecified = 1
  case light = 2
  case medium = 3
  case heavy = 4
  case none = 5
}

public enum HKCategoryValueEnvironmentalAudioExposureEvent: Int, Sendable {
  case momentaryLimit = 1
}

public enum HKCategoryValueAudioExposureEvent: Int, Sendable {
  case loudEnvironment = 1
}

public enum HKCategoryValueHeadphoneAudioExposureEvent: Int, Sendable {
  case sevenDayLimit = 1
}

public enum HKCategoryValueLowCardioFitnessEvent: Int, Sendable {
  case lowFitness = 1
}

public enum HKCategoryValueContraceptive: Int, Sendable {
  case unspecified = 1
  case implant = 2
  case injection = 3
  case intrauterineDevice = 4
  case intravaginalRing = 5
  case oral = 6
  case patch = 7
}

public enum HKCategoryValuePregnancyTestResult: Int, Sendable {
  case negative = 1
  case positive = 2
  case indeterminate = 3
}

public enum HKCategoryValueProgesteroneTestResult: Int, Sendable {
  case negative = 1
  case positive = 2
  case indeterminate = 3
}

public enum HKCategoryValueAppleWalkingSteadinessEvent: Int, Sendable {
  case initialLow = 1
  case initialVeryLow = 2
  case repeatLow = 3
  case repeatVeryLow = 4
}

public enum HKCategoryValueSeverity: Int, Sendable {
  case unspecified = 0
  case notPresent = 1
  case mild = 2
  case moderate = 3
  case severe = 4
}

public enum HKCategoryValuePresence: Int, Sendable {
  case present = 0
  case notPresent = 1
}

public enum HKCategoryValueAppetiteChanges: Int, Sendable {
  case unspecified = 0
  case noChange = 1
  case decreased = 2
  case increased = 3
}
