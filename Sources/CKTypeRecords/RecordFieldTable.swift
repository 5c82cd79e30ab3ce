import HealthKitModel
import HealthStore

/// What a record's fields look like, by CKType: the kind that decides which fields it takes.
public enum RecordKind: Hashable, Sendable {
  /// An `HKQuantitySample`: `value`, `unit` and the CKType's special fields.
  case quantity
  /// An `HKCategorySample`: `value` (`appearance` for `cervicalMucus`) and special fields.
  case category
  /// `sleepSession.<stage>` written alone: no value field, the stage is the value.
  case sleepStage
  case bloodPressure
  case nutrition
  case sleepSession
  case workout
  case audiogram
  /// Unknown, refused, characteristic or read-only CKTypes: their fields are never read, the
  /// type is refused first.
  case other

  /// The kind of a CKType, from the mapper's table (independent of the iOS version).
  public static func of(_ ckType: String) -> RecordKind {
    switch ckType {
    case "bloodPressure": return .bloodPressure
    case "nutrition": return .nutrition
    case "sleepSession": return .sleepSession
    case "workout": return .workout
    case "audiogram": return .audiogram
    default: break
    }
    guard let row = RecordTypeMapper.row(ckType) else { return .other }
    switch row.target {
    case .type(let name):
      switch Catalogue.info(named: name)?.typeClass {
      case .quantity: return .quantity
      case .category: return .category
      default: return .other
      }
    case .categoryCase:
      return .sleepStage
    case .activityDependent, .refused:
      return .other
    }
  }

  /// The category type behind a CKType of kind `category`.
  public static func categoryInfo(_ ckType: String) -> TypeInfo? {
    guard case .type(let name) = RecordTypeMapper.row(ckType)?.target else { return nil }
    return Catalogue.info(named: name)
  }

  /// Whether a category CKType may leave its value out: its only case is `notApplicable`
  /// (`mindfulSession`, `sexualActivity`, `intermenstrualBleeding`).
  public static func categoryValueIsOptional(_ ckType: String) -> Bool {
    guard let info = categoryInfo(ckType) else { return false }
    return info.categoryCases.allSatisfy { $0.rawValue == 0 }
  }

  /// The field that carries a category's value: `appearance` for `cervicalMucus` (seed 000),
  /// else `value`.
  public static func categoryValueField(_ ckType: String) -> String {
    ckType == "cervicalMucus" ? "appearance" : "value"
  }
}

/// A record field that protocol/record-shapes.md / seed `000_…` "Special Metadata Requirements" turns into metadata.
public struct SpecialFieldRule: Sendable {
  /// The shape the field must have.
  public enum Shape: Sendable {
    case string
    case bool
  }

  /// Where the value goes.
  public enum Target: Sendable {
    /// The string, unchanged, under a `ck_…` key.
    case string(key: String)
    /// The raw value of a HealthKit case name, as a number (HealthKit requires a number).
    case choice(key: String, cases: [CategoryCase])
    /// A bool stored as the number 0 or 1.
    case flag(key: String)
  }

  public let ckType: String
  public let field: String
  public let shape: Shape
  public let target: Target
  /// HealthKit refuses the sample without it.
  public let required: Bool

  init(_ ckType: String, _ field: String, _ target: Target, required: Bool = false) {
    self.ckType = ckType
    self.field = field
    switch target {
    case .flag: self.shape = .bool
    default: self.shape = .string
    }
    self.target = target
    self.required = required
  }

  /// The metadata key the field is stored under.
  public var key: String {
    switch target {
    case .string(let key), .choice(let key, _), .flag(let key): return key
    }
  }
}

/// The special fields, one row each, in the order their keys are stored.
public enum RecordFieldTable {
  public static let rules: [SpecialFieldRule] = [
    SpecialFieldRule(
      "bloodGlucose", "mealType",
      .choice(key: "HKMetadataKeyBloodGlucoseMealTime", cases: SpecialFields.bloodGlucoseMealTime)
    ),
    SpecialFieldRule("bloodGlucose", "specimenSource", .string(key: "ck_specimenSource")),
    SpecialFieldRule("bloodGlucose", "relationToMeal", .string(key: "ck_relationToMeal")),
    SpecialFieldRule(
      "bodyTemperature", "measurementLocation",
      .choice(
        key: "HKMetadataKeyBodyTemperatureSensorLocation",
        cases: SpecialFields.bodyTemperatureSensorLocation)),
    SpecialFieldRule(
      "basalBodyTemperature", "measurementLocation", .string(key: "ck_measurementLocation")),
    SpecialFieldRule(
      "vo2Max", "measurementMethod",
      .choice(key: "HKMetadataKeyVO2MaxTestType", cases: SpecialFields.vo2MaxTestType)),
    SpecialFieldRule("cervicalMucus", "sensation", .string(key: "ck_sensation")),
    SpecialFieldRule("mindfulSession", "notes", .string(key: "ck_notes")),
    SpecialFieldRule("mindfulSession", "title", .string(key: "ck_title")),
    SpecialFieldRule(
      "menstrualFlow", "cycleStart", .flag(key: "HKMetadataKeyMenstrualCycleStart"),
      required: true),
  ]

  /// The special fields of one CKType, in table order.
  public static func rules(for ckType: String) -> [SpecialFieldRule] {
    rules.filter { $0.ckType == ckType }
  }

  /// `nutrition`'s `name` → `HKMetadataKeyFoodType`.
  public static let foodTypeKey = "HKMetadataKeyFoodType"
  /// A workout's `locationType` → `HKMetadataKeyIndoorWorkout` (1 indoor, 0 outdoor).
  public static let indoorWorkoutKey = "HKMetadataKeyIndoorWorkout"
  /// An aborted workout (protocol/healthkit-rules.md#workouts).
  public static let abortedKey = "ck_aborted"
  /// The workout series fields, in the order they are read and stored.
  public static let workoutSeriesFields = ["energy", "distance", "speed", "power", "heartRate"]
  /// The workout fields that also take a total `{value, unit}` (HealthKit keeps totals of
  /// these two on the workout itself).
  public static let workoutTotalFields = ["energy", "distance"]
}
