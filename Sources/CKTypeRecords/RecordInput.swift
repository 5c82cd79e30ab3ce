import HealthStore

/// A metadata value as the caller sent it, before the rules in protocol/healthkit-rules.md#metadata are applied.
public enum MetadataInput: Hashable, Sendable {
  case string(String)
  case int(Int)
  case double(Double)
  case bool(Bool)
  /// Anything else (`null`, a list, a map, a typed list): refused, named by its type.
  case unsupported(typeName: String)
}

/// A value with its unit, as the caller sent it.
public struct QuantityInput: Hashable, Sendable {
  public var value: Double
  public var unit: String

  public init(value: Double, unit: String) {
    self.value = value
    self.unit = unit
  }
}

/// One entry of a workout series: `{value, unit, time}`.
public struct TimedQuantityInput: Hashable, Sendable {
  public var value: Double
  public var unit: String
  public var time: Int
  /// The start of the value's sample when the caller gave one (ConnectKit's `duringSession`
  /// samples); nil derives it (protocol/healthkit-rules.md#workouts).
  public var start: Int?
  /// Whether the workout's builder saves the value as a sample; false for a value that only
  /// counts in the workout's total because it is saved as a sample of its own already.
  public var isSample: Bool
  /// The sample's own metadata (ConnectKit's `ck_unit`, `ck_valuePattern` on a `duringSession`
  /// sample); none for a value of a record's series.
  public var metadata: [MetadataEntry]

  public init(
    value: Double, unit: String, time: Int, start: Int? = nil, isSample: Bool = true,
    metadata: [MetadataEntry] = []
  ) {
    self.value = value
    self.unit = unit
    self.time = time
    self.start = start
    self.isSample = isSample
    self.metadata = metadata
  }
}

/// A category value: HealthKit's case name or its raw Int.
public enum CategoryValueInput: Hashable, Sendable {
  case name(String)
  case raw(Int)
}

/// One stage of a `sleepSession`.
public struct StageInput: Hashable, Sendable {
  public var stage: String
  public var start: Int
  public var end: Int

  public init(stage: String, start: Int, end: Int) {
    self.stage = stage
    self.start = start
    self.end = end
  }
}

/// A special field's value (protocol/record-shapes.md): a string or a bool, per `RecordFieldTable`.
public enum SpecialFieldValue: Hashable, Sendable {
  case string(String)
  case bool(Bool)
}

/// The `elevation` of a workout record.
public struct ElevationInput: Hashable, Sendable {
  public var ascended: Double?
  public var descended: Double?
  public var unit: String

  public init(ascended: Double?, descended: Double?, unit: String) {
    self.ascended = ascended
    self.descended = descended
    self.unit = unit
  }
}

/// A named series of a workout record (`energy`, `distance`, `speed`, `power`, `heartRate`).
public struct WorkoutSeriesInput: Hashable, Sendable {
  public var component: String
  public var values: [TimedQuantityInput]
  /// Whether the caller gave a total `{value, unit}` (one value, named `energy` rather than
  /// `energy[0]` in errors) instead of a list of samples.
  public var isTotal: Bool
  /// The quantity type the caller gives the series' samples, when its API fixes one per
  /// component (ConnectKit's `workout.distance` is always walking + running distance); nil: the
  /// type the model's activity table gives the component for the workout's activity.
  public var identifier: String?

  public init(
    component: String, values: [TimedQuantityInput], isTotal: Bool = false,
    identifier: String? = nil
  ) {
    self.component = component
    self.values = values
    self.isTotal = isTotal
    self.identifier = identifier
  }

  /// The name of value `index` in errors: `energy` for a total, else `energy[2]`.
  public func fieldName(_ index: Int) -> String {
    isTotal ? component : "\(component)[\(index)]"
  }
}

/// A workout's `energy` or `distance` as the caller gave it: a total or a list of samples.
public enum WorkoutAmount: Hashable, Sendable {
  case total(QuantityInput)
  case samples([TimedQuantityInput])

  /// The amount as a series of `component`, a total recorded at `time`.
  public func series(_ component: String, time: Int) -> WorkoutSeriesInput {
    switch self {
    case .total(let total):
      return WorkoutSeriesInput(
        component: component,
        values: [TimedQuantityInput(value: total.value, unit: total.unit, time: time)],
        isTotal: true)
    case .samples(let values):
      return WorkoutSeriesInput(component: component, values: values)
    }
  }
}

/// One nutrient of a `nutrition` record, by its member name without `nutrition.`.
public struct NutrientInput: Hashable, Sendable {
  public var name: String
  public var amount: QuantityInput

  public init(name: String, amount: QuantityInput) {
    self.name = name
    self.amount = amount
  }
}

/// One metadata entry as the caller sent it.
public struct MetadataInputEntry: Hashable, Sendable {
  public var key: String
  public var value: MetadataInput

  public init(_ key: String, _ value: MetadataInput) {
    self.key = key
    self.value = value
  }
}

/// The fields of a `workout` record.
public struct WorkoutInput: Hashable, Sendable {
  public var activityType: String
  public var location: String?
  /// Series in the order energy, distance, speed, power, heartRate; empty lists are left out
  /// (an empty list is the same as none).
  public var series: [WorkoutSeriesInput]
  public var elevation: ElevationInput?

  public init(
    activityType: String, location: String? = nil, series: [WorkoutSeriesInput] = [],
    elevation: ElevationInput? = nil
  ) {
    self.activityType = activityType
    self.location = location
    self.series = series
    self.elevation = elevation
  }
}

/// The kind-specific fields of a record, already checked for shape (present, of the right type).
public enum RecordFields: Hashable, Sendable {
  /// A type whose fields are not modelled (refused before they matter).
  case none
  case quantity(QuantityInput, special: [String: SpecialFieldValue])
  /// `value` is nil only for types whose single case is `notApplicable`.
  case category(CategoryValueInput?, special: [String: SpecialFieldValue])
  /// A `sleepSession.<stage>` CKType written alone: its value is the stage.
  case sleepStage
  case bloodPressure(systolic: Double, diastolic: Double, unit: String)
  /// Nutrients in record order.
  case nutrition(name: String?, nutrients: [NutrientInput])
  case sleepSession([StageInput])
  case workout(WorkoutInput)
  case audiogram([AudiogramPoint])
}

/// A record (protocol/record-shapes.md) whose argument shapes were checked by the plugin. Everything else — the
/// mapping, the iOS version, writability, field values, authorization — is checked by
/// `HealthStore.prepareRecord`.
public struct RecordInput: Hashable, Sendable {
  public var type: String
  public var start: Int
  /// Defaults to `start`.
  public var end: Int?
  /// The app's metadata, in the order written.
  public var metadata: [MetadataInputEntry]
  public var fields: RecordFields

  public init(
    type: String, start: Int, end: Int? = nil, metadata: [MetadataInputEntry] = [],
    fields: RecordFields = .none
  ) {
    self.type = type
    self.start = start
    self.end = end
    self.metadata = metadata
    self.fields = fields
  }
}
