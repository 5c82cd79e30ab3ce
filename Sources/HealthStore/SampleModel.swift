/// A stored metadata value (protocol/healthkit-rules.md#metadata). HealthKit keeps `NSString`/`NSNumber` (and quantities and
/// dates, which the channel cannot carry): a bool is stored as the number 0 or 1.
public enum MetadataValue: Hashable, Sendable {
  case string(String)
  case int(Int)
  case double(Double)
}

/// One stored metadata entry. A sample keeps its metadata in a fixed order: the app's keys as
/// written, then the keys the record's own fields produced.
public struct MetadataEntry: Hashable, Sendable {
  public var key: String
  public var value: MetadataValue

  public init(_ key: String, _ value: MetadataValue) {
    self.key = key
    self.value = value
  }
}

/// Where a sample came from: this app (its bundle id) or another app or device (`addSamples`).
public struct SampleSource: Hashable, Sendable {
  public var bundleId: String
  /// The source's display name, when one was given.
  public var name: String?

  public init(bundleId: String, name: String? = nil) {
    self.bundleId = bundleId
    self.name = name
  }
}

/// The device that recorded a sample (HealthKit's `HKDevice`): every field optional, as
/// HealthKit's. The store keeps it with the sample and gives it back as written.
public struct SampleDevice: Hashable, Sendable {
  public var name: String?
  public var manufacturer: String?
  public var model: String?
  public var hardwareVersion: String?
  public var firmwareVersion: String?
  public var softwareVersion: String?
  public var localIdentifier: String?
  public var udiDeviceIdentifier: String?

  public init(
    name: String? = nil, manufacturer: String? = nil, model: String? = nil,
    hardwareVersion: String? = nil, firmwareVersion: String? = nil,
    softwareVersion: String? = nil, localIdentifier: String? = nil,
    udiDeviceIdentifier: String? = nil
  ) {
    self.name = name
    self.manufacturer = manufacturer
    self.model = model
    self.hardwareVersion = hardwareVersion
    self.firmwareVersion = firmwareVersion
    self.softwareVersion = softwareVersion
    self.localIdentifier = localIdentifier
    self.udiDeviceIdentifier = udiDeviceIdentifier
  }
}

/// A value with its unit, as written.
public struct MeasuredQuantity: Hashable, Sendable {
  public var value: Double
  /// A HealthKit unit string (`kcal`, `count/min`).
  public var unit: String

  public init(value: Double, unit: String) {
    self.value = value
    self.unit = unit
  }
}

/// One nutrient of a food correlation: the raw identifier of its dietary quantity type
/// (`HKQuantityTypeIdentifierDietaryProtein`) and the amount.
public struct NutrientAmount: Hashable, Sendable {
  public var identifier: String
  public var amount: MeasuredQuantity

  public init(identifier: String, amount: MeasuredQuantity) {
    self.identifier = identifier
    self.amount = amount
  }
}

/// One point of an audiogram: the hearing threshold of each ear at one frequency.
public struct AudiogramPoint: Hashable, Sendable {
  public var frequencyHz: Double
  /// dBHL; nil when that ear was not measured.
  public var leftDb: Double?
  public var rightDb: Double?

  public init(frequencyHz: Double, leftDb: Double?, rightDb: Double?) {
    self.frequencyHz = frequencyHz
    self.leftDb = leftDb
    self.rightDb = rightDb
  }
}

/// A timed value of a workout series (`heartRate`, `speed`, `power`, …).
public struct TimedQuantity: Hashable, Sendable {
  public var amount: MeasuredQuantity
  /// Milliseconds since the Unix epoch, inside the workout: when the value was recorded (the
  /// end of its sample).
  public var time: Int
  /// The start of the value's sample when it covers an interval; nil for an instant at `time`.
  public var start: Int?

  public init(amount: MeasuredQuantity, time: Int, start: Int? = nil) {
    self.amount = amount
    self.time = time
    self.start = start
  }
}

/// A series of values recorded during a workout: its quantity type and the values.
public struct WorkoutSeries: Hashable, Sendable {
  /// The raw quantity identifier of the series (`HKQuantityTypeIdentifierActiveEnergyBurned`).
  public var identifier: String
  public var values: [TimedQuantity]

  public init(identifier: String, values: [TimedQuantity]) {
    self.identifier = identifier
    self.values = values
  }
}

/// What a workout keeps: its activity and totals. Totals are stored on the workout itself
/// (`HKWorkout.totalEnergyBurned`, `totalDistance`), so no other type's authorization is needed.
public struct WorkoutSummary: Hashable, Sendable {
  /// The `HKWorkoutActivityType` case name.
  public var activityType: String
  public var energy: MeasuredQuantity?
  public var distance: MeasuredQuantity?
  /// Every series the record carried, in record order (energy, distance, speed, power,
  /// heartRate).
  public var series: [WorkoutSeries]
  /// The uuids of the quantity samples saved with the workout (its builder's samples), in the
  /// order of `series` (protocol/healthkit-rules.md#workouts).
  public var associated: [String]

  public init(
    activityType: String, energy: MeasuredQuantity? = nil, distance: MeasuredQuantity? = nil,
    series: [WorkoutSeries] = [], associated: [String] = []
  ) {
    self.activityType = activityType
    self.energy = energy
    self.distance = distance
    self.series = series
    self.associated = associated
  }
}

/// The kind-specific content of a stored sample.
public enum SampleBody: Hashable, Sendable {
  /// An `HKQuantitySample`.
  case quantity(MeasuredQuantity)
  /// An `HKCategorySample`: the raw value of its category case.
  case category(rawValue: Int)
  /// The blood-pressure correlation: both values in one unit.
  case bloodPressure(systolic: Double, diastolic: Double, unit: String)
  /// The food correlation: the nutrients as written.
  case food([NutrientAmount])
  /// An `HKWorkout`.
  case workout(WorkoutSummary)
  /// An `HKAudiogramSample`.
  case audiogram([AudiogramPoint])
  /// An `HKElectrocardiogram` with its recording (control `addElectrocardiograms`).
  case electrocardiogram(ElectrocardiogramReading)
  /// An `HKClinicalRecord` (control `addClinicalRecords`).
  case clinicalRecord(ClinicalRecordContent)
  /// A sample with no value the channel models (an ECG added by `addSamples`).
  case empty
}

/// One HealthKit sample in the store.
public struct StoredSample: Hashable, Sendable {
  public var uuid: String
  /// The raw HealthKit identifier (`HKQuantityTypeIdentifierStepCount`).
  public var identifier: String
  /// Milliseconds since the Unix epoch; `start <= end`.
  public var start: Int
  public var end: Int
  public var body: SampleBody
  public var metadata: [MetadataEntry]
  public var source: SampleSource
  /// For a member of a correlation: the correlation's uuid.
  public var container: String?
  /// For a correlation: its members' uuids, in record order.
  public var members: [String]
  /// For a sample saved with a workout (its builder's sample): the workout's uuid.
  public var workout: String?
  /// The order of writing, over the whole store (ties of `start` keep it): the change-log
  /// anchor of the change that added the sample (protocol/healthkit-rules.md#change-log).
  public var sequence: Int
  /// The device that recorded the sample, when one was given.
  public var device: SampleDevice?

  public init(
    uuid: String, identifier: String, start: Int, end: Int, body: SampleBody,
    metadata: [MetadataEntry], source: SampleSource, container: String? = nil,
    members: [String] = [], workout: String? = nil, sequence: Int = 0,
    device: SampleDevice? = nil
  ) {
    self.device = device
    self.workout = workout
    self.uuid = uuid
    self.identifier = identifier
    self.start = start
    self.end = end
    self.body = body
    self.metadata = metadata
    self.source = source
    self.container = container
    self.members = members
    self.sequence = sequence
  }

  /// `end - start` in milliseconds (never negative: the store only keeps `start <= end`),
  /// `Int.max` when the difference does not fit.
  public var duration: Int {
    let (difference, overflow) = end.subtractingReportingOverflow(start)
    return overflow ? Int.max : difference
  }

  /// the overlap rule in protocol/healthkit-rules.md#time (HealthKit's default sample predicate): an interval sample overlaps
  /// `[start, end)` when it starts before `end` and ends after `start`; an instantaneous sample
  /// counts when `start <= sample.start < end`.
  public func overlaps(start rangeStart: Int, end rangeEnd: Int) -> Bool {
    if start == end { return rangeStart <= start && start < rangeEnd }
    return start < rangeEnd && end > rangeStart
  }
}
