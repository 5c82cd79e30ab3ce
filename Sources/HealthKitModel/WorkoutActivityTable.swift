/// One `HKWorkoutActivityType` case.
public struct WorkoutActivity: Hashable, Sendable {
  public let name: String
  public let rawValue: Int
  public let minimumOS: OSVersion
  /// Deprecated by Apple (still accepted by HealthKit).
  public let deprecated: Bool
}

/// Every `HKWorkoutActivityType` case with its raw value and the iOS version that introduced it.
public enum WorkoutActivities {
  static let table: [(String, Int, Int, Int, Bool)] = [
    ("americanFootball", 1, 8, 0, false), ("archery", 2, 8, 0, false),
    ("australianFootball", 3, 8, 0, false), ("badminton", 4, 8, 0, false),
    ("baseball", 5, 8, 0, false), ("basketball", 6, 8, 0, false), ("bowling", 7, 8, 0, false),
    ("boxing", 8, 8, 0, false), ("climbing", 9, 8, 0, false), ("cricket", 10, 8, 0, false),
    ("crossTraining", 11, 8, 0, false), ("curling", 12, 8, 0, false),
    ("cycling", 13, 8, 0, false), ("dance", 14, 8, 0, true),
    ("danceInspiredTraining", 15, 8, 0, true), ("elliptical", 16, 8, 0, false),
    ("equestrianSports", 17, 8, 0, false), ("fencing", 18, 8, 0, false),
    ("fishing", 19, 8, 0, false), ("functionalStrengthTraining", 20, 8, 0, false),
    ("golf", 21, 8, 0, false), ("gymnastics", 22, 8, 0, false), ("handball", 23, 8, 0, false),
    ("hiking", 24, 8, 0, false), ("hockey", 25, 8, 0, false), ("hunting", 26, 8, 0, false),
    ("lacrosse", 27, 8, 0, false), ("martialArts", 28, 8, 0, false),
    ("mindAndBody", 29, 8, 0, false), ("mixedMetabolicCardioTraining", 30, 8, 0, true),
    ("paddleSports", 31, 8, 0, false), ("play", 32, 8, 0, false),
    ("preparationAndRecovery", 33, 8, 0, false), ("racquetball", 34, 8, 0, false),
    ("rowing", 35, 8, 0, false), ("rugby", 36, 8, 0, false), ("running", 37, 8, 0, false),
    ("sailing", 38, 8, 0, false), ("skatingSports", 39, 8, 0, false),
    ("snowSports", 40, 8, 0, false), ("soccer", 41, 8, 0, false),
    ("softball", 42, 8, 0, false), ("squash", 43, 8, 0, false),
    ("stairClimbing", 44, 8, 0, false), ("surfingSports", 45, 8, 0, false),
    ("swimming", 46, 8, 0, false), ("tableTennis", 47, 8, 0, false),
    ("tennis", 48, 8, 0, false), ("trackAndField", 49, 8, 0, false),
    ("traditionalStrengthTraining", 50, 8, 0, false), ("volleyball", 51, 8, 0, false),
    ("walking", 52, 8, 0, false), ("waterFitness", 53, 8, 0, false),
    ("waterPolo", 54, 8, 0, false), ("waterSports", 55, 8, 0, false),
    ("wrestling", 56, 8, 0, false), ("yoga", 57, 8, 0, false),
    ("barre", 58, 10, 0, false), ("coreTraining", 59, 10, 0, false),
    ("crossCountrySkiing", 60, 10, 0, false), ("downhillSkiing", 61, 10, 0, false),
    ("flexibility", 62, 10, 0, false), ("highIntensityIntervalTraining", 63, 10, 0, false),
    ("jumpRope", 64, 10, 0, false), ("kickboxing", 65, 10, 0, false),
    ("pilates", 66, 10, 0, false), ("snowboarding", 67, 10, 0, false),
    ("stairs", 68, 10, 0, false), ("stepTraining", 69, 10, 0, false),
    ("wheelchairWalkPace", 70, 10, 0, false), ("wheelchairRunPace", 71, 10, 0, false),
    ("taiChi", 72, 11, 0, false), ("mixedCardio", 73, 11, 0, false),
    ("handCycling", 74, 11, 0, false), ("discSports", 75, 13, 0, false),
    ("fitnessGaming", 76, 13, 0, false), ("cardioDance", 77, 14, 0, false),
    ("socialDance", 78, 14, 0, false), ("pickleball", 79, 14, 0, false),
    ("cooldown", 80, 14, 0, false), ("swimBikeRun", 82, 16, 0, false),
    ("transition", 83, 16, 0, false), ("underwaterDiving", 84, 17, 0, false),
    ("other", 3_000, 8, 0, false),
  ]

  public static let all: [WorkoutActivity] = table.map {
    WorkoutActivity(name: $0.0, rawValue: $0.1, minimumOS: OSVersion($0.2, $0.3), deprecated: $0.4)
  }

  private static let byName: [String: WorkoutActivity] = Dictionary(
    all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

  /// The activity with this exact case name.
  public static func activity(named name: String) -> WorkoutActivity? { byName[name] }

  /// The activity with this raw value.
  public static func activity(rawValue: Int) -> WorkoutActivity? {
    all.first { $0.rawValue == rawValue }
  }
}

/// `locationType` of a workout (protocol/healthkit-rules.md#workouts): stored as `HKMetadataKeyIndoorWorkout`.
public enum WorkoutLocation: String, CaseIterable, Sendable {
  case indoor
  case outdoor
  case unknown

  /// The `HKMetadataKeyIndoorWorkout` value: 1 indoor, 0 outdoor, no key when unknown.
  public var indoorWorkoutValue: Int? {
    switch self {
    case .indoor: return 1
    case .outdoor: return 0
    case .unknown: return nil
    }
  }
}
