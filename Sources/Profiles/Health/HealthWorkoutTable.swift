import HealthKitModel
import PluginHost

/// The `health` package's workout activity keys (`HealthWorkoutActivityType.name`) and the
/// `HKWorkoutActivityType` case the iOS host maps each to (its `workoutActivityTypeMap`), in the
/// host's order. Several keys share a case (RUNNING_TREADMILL, ROCK_CLIMBING, SWIMMING_POOL, …);
/// reading a workout back names the first key of its case in this order.
enum HealthWorkoutTable {
  struct Row: Sendable {
    let key: String
    /// The `HKWorkoutActivityType` case name.
    let activity: String
    let minimumOS: OSVersion
  }

  static let rows: [Row] = [
    row("ARCHERY", "archery"),
    row("BOWLING", "bowling"),
    row("FENCING", "fencing"),
    row("GYMNASTICS", "gymnastics"),
    row("TRACK_AND_FIELD", "trackAndField"),
    row("AMERICAN_FOOTBALL", "americanFootball"),
    row("AUSTRALIAN_FOOTBALL", "australianFootball"),
    row("BASEBALL", "baseball"),
    row("BASKETBALL", "basketball"),
    row("CRICKET", "cricket"),
    row("DISC_SPORTS", "discSports"),
    row("HANDBALL", "handball"),
    row("HOCKEY", "hockey"),
    row("LACROSSE", "lacrosse"),
    row("RUGBY", "rugby"),
    row("SOCCER", "soccer"),
    row("SOFTBALL", "softball"),
    row("VOLLEYBALL", "volleyball"),
    row("PREPARATION_AND_RECOVERY", "preparationAndRecovery"),
    row("FLEXIBILITY", "flexibility"),
    row("WALKING", "walking"),
    row("RUNNING", "running"),
    row("RUNNING_TREADMILL", "running"),
    row("WHEELCHAIR_WALK_PACE", "wheelchairWalkPace"),
    row("WHEELCHAIR_RUN_PACE", "wheelchairRunPace"),
    row("BIKING", "cycling"),
    row("HAND_CYCLING", "handCycling"),
    row("CORE_TRAINING", "coreTraining"),
    row("ELLIPTICAL", "elliptical"),
    row("FUNCTIONAL_STRENGTH_TRAINING", "functionalStrengthTraining"),
    row("TRADITIONAL_STRENGTH_TRAINING", "traditionalStrengthTraining"),
    row("CROSS_TRAINING", "crossTraining"),
    row("MIXED_CARDIO", "mixedCardio"),
    row("HIGH_INTENSITY_INTERVAL_TRAINING", "highIntensityIntervalTraining"),
    row("JUMP_ROPE", "jumpRope"),
    row("STAIR_CLIMBING", "stairClimbing"),
    row("STAIRS", "stairs"),
    row("STEP_TRAINING", "stepTraining"),
    row("FITNESS_GAMING", "fitnessGaming"),
    row("BARRE", "barre"),
    row("YOGA", "yoga"),
    row("MIND_AND_BODY", "mindAndBody"),
    row("PILATES", "pilates"),
    row("BADMINTON", "badminton"),
    row("RACQUETBALL", "racquetball"),
    row("SQUASH", "squash"),
    row("TABLE_TENNIS", "tableTennis"),
    row("TENNIS", "tennis"),
    row("CLIMBING", "climbing"),
    row("ROCK_CLIMBING", "climbing"),
    row("EQUESTRIAN_SPORTS", "equestrianSports"),
    row("FISHING", "fishing"),
    row("GOLF", "golf"),
    row("HIKING", "hiking"),
    row("HUNTING", "hunting"),
    row("PLAY", "play"),
    row("CROSS_COUNTRY_SKIING", "crossCountrySkiing"),
    row("CURLING", "curling"),
    row("DOWNHILL_SKIING", "downhillSkiing"),
    row("SNOW_SPORTS", "snowSports"),
    row("SNOWBOARDING", "snowboarding"),
    row("SKATING", "skatingSports"),
    row("PADDLE_SPORTS", "paddleSports"),
    row("ROWING", "rowing"),
    row("SAILING", "sailing"),
    row("SURFING", "surfingSports"),
    row("SWIMMING", "swimming"),
    row("SWIMMING_OPEN_WATER", "swimming"),
    row("SWIMMING_POOL", "swimming"),
    row("WATER_FITNESS", "waterFitness"),
    row("WATER_POLO", "waterPolo"),
    row("WATER_SPORTS", "waterSports"),
    row("BOXING", "boxing"),
    row("KICKBOXING", "kickboxing"),
    row("MARTIAL_ARTS", "martialArts"),
    row("TAI_CHI", "taiChi"),
    row("WRESTLING", "wrestling"),
    row("OTHER", "other"),
    row("CARDIO_DANCE", "cardioDance", 14),
    row("SOCIAL_DANCE", "socialDance", 14),
    row("PICKLEBALL", "pickleball", 14),
    row("COOLDOWN", "cooldown", 14),
    row("UNDERWATER_DIVING", "underwaterDiving", 17),
  ]

  /// The cases the host's `workout_type` names (its own switch); any other case reads `"other"`.
  static let namedActivities: Set<String> = [
    "americanFootball", "archery", "australianFootball", "badminton", "baseball",
    "basketball", "bowling", "boxing", "climbing", "cricket", "crossTraining",
    "curling", "cycling", "dance", "danceInspiredTraining", "elliptical",
    "equestrianSports", "fencing", "fishing", "functionalStrengthTraining", "golf",
    "gymnastics", "handball", "hiking", "hockey", "hunting", "lacrosse", "martialArts",
    "mindAndBody", "mixedMetabolicCardioTraining", "paddleSports", "play",
    "preparationAndRecovery", "racquetball", "rowing", "rugby", "running", "sailing",
    "skatingSports", "snowSports", "soccer", "softball", "squash", "stairClimbing",
    "surfingSports", "swimming", "tableTennis", "tennis", "trackAndField",
    "traditionalStrengthTraining", "volleyball", "walking", "waterFitness", "waterPolo",
    "waterSports", "wrestling", "yoga", "barre", "coreTraining", "crossCountrySkiing",
    "downhillSkiing", "flexibility", "highIntensityIntervalTraining", "jumpRope",
    "kickboxing", "pilates", "snowboarding", "stairs", "stepTraining",
    "wheelchairWalkPace", "wheelchairRunPace", "taiChi", "mixedCardio", "handCycling",
    "underwaterDiving",
  ]

  private static let byKey: [String: Row] = Dictionary(
    rows.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })

  /// The activity case of a key on `os`, or nil when the host has no such key.
  static func activity(_ key: String, os: OSVersion) -> String? {
    guard let row = byKey[key], os >= row.minimumOS else { return nil }
    return row.activity
  }

  /// The first key of an activity case on `os` (`workoutActivityType` of a data point), or nil.
  static func key(for activity: String, os: OSVersion) -> String? {
    rows.first { $0.activity == activity && os >= $0.minimumOS }?.key
  }

  /// `workout_type` of a data point: the case name, or `"other"` for cases the host does not name.
  static func typeName(_ activity: String) -> String {
    namedActivities.contains(activity) ? activity : "other"
  }

  private static func row(_ key: String, _ activity: String, _ major: Int = 8) -> Row {
    Row(key: key, activity: activity, minimumOS: OSVersion(major, 0))
  }
}
