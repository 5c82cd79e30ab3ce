import HealthKitModel
import HealthStore
import PluginHost

/// HealthKitReporter's payload models (`Quantity`, `Category`, `Workout`, `Correlation`,
/// `Statistics`, `Source`, `DeletedObject`) made from the store's samples, as the JSON its
/// encoder writes. Times are seconds since 1970 (`timeIntervalSince1970`), uuids upper case
/// (`UUID.uuidString`).
struct ReporterModels {
  let store: HealthStore

  /// Milliseconds as `timeIntervalSince1970` (seconds, a Double).
  static func seconds(_ milliseconds: Int) -> ReporterJSON { .double(Double(milliseconds) / 1000) }

  /// `UUID.uuidString`.
  static func uuid(_ uuid: String) -> String { uuid.uppercased() }

  /// `Source(source:)`: the app's display name (its bundle id when it has none).
  static func source(_ source: SampleSource) -> ReporterJSON {
    .object([
      ("name", .string(source.name ?? source.bundleId)),
      ("bundleIdentifier", .string(source.bundleId)),
    ])
  }

  /// `SourceRevision(sourceRevision:)`: no version or product type is recorded by the store;
  /// the operating system is the emulated device's.
  func sourceRevision(_ source: SampleSource) -> ReporterJSON {
    let os = store.deviceOSVersion
    return .object([
      ("source", Self.source(source)),
      ("systemVersion", .string("\(os.major).\(os.minor).\(os.patch)")),
      (
        "operatingSystem",
        .object([
          ("majorVersion", .int(os.major)), ("minorVersion", .int(os.minor)),
          ("patchVersion", .int(os.patch)),
        ])
      ),
    ])
  }

  /// `Metadata` as its synthesized `Codable` writes it: `{"string": {"dictionary": …}}` when
  /// every value is a string, `{"double": {"dictionary": …}}` when every value is a number;
  /// nil (left out) for mixed values or no metadata.
  static func metadata(_ entries: [MetadataEntry]) -> ReporterJSON? {
    guard !entries.isEmpty else { return nil }
    var strings: [(String, ReporterJSON)] = []
    var numbers: [(String, ReporterJSON)] = []
    for entry in entries {
      switch entry.value {
      case .string(let text): strings.append((entry.key, .string(text)))
      case .int(let value): numbers.append((entry.key, .double(Double(value))))
      case .double(let value): numbers.append((entry.key, .double(value)))
      }
    }
    if numbers.isEmpty { return .object([("string", .object([("dictionary", .object(strings))]))]) }
    if strings.isEmpty { return .object([("double", .object([("dictionary", .object(numbers))]))]) }
    return nil
  }

  /// The fields every sample starts with. `device` is always present: `Device(device:)` of the
  /// sample's `HKDevice`, its nil fields left out (an empty object without a device).
  func head(_ sample: StoredSample) -> [(String, ReporterJSON?)] {
    [
      ("uuid", .string(Self.uuid(sample.uuid))), ("identifier", .string(sample.identifier)),
      ("startTimestamp", Self.seconds(sample.start)), ("endTimestamp", Self.seconds(sample.end)),
      ("device", Self.device(sample.device)), ("sourceRevision", sourceRevision(sample.source)),
    ]
  }

  /// `Device` as JSON: the fields in declaration order, nil ones left out.
  static func device(_ device: SampleDevice?) -> ReporterJSON {
    let fields: [(String, String?)] = [
      ("name", device?.name), ("manufacturer", device?.manufacturer), ("model", device?.model),
      ("hardwareVersion", device?.hardwareVersion), ("firmwareVersion", device?.firmwareVersion),
      ("softwareVersion", device?.softwareVersion), ("localIdentifier", device?.localIdentifier),
      ("udiDeviceIdentifier", device?.udiDeviceIdentifier),
    ]
    return .object(fields.compactMap { key, value in value.map { (key, .string($0)) } })
  }

  /// `Quantity(quantitySample:unit:)`: the value in `unit`; nil when the unit does not fit.
  func quantity(_ sample: StoredSample, unit: String) -> ReporterJSON? {
    guard case .quantity(let amount) = sample.body,
      let value = HostUnits.value(amount, in: unit)
    else { return nil }
    let harmonized = ReporterJSON.fields([
      ("value", .double(value)), ("unit", .string(unit)),
      ("metadata", Self.metadata(sample.metadata)),
    ])
    return .fields(head(sample) + [("harmonized", harmonized)])
  }

  /// `Category(categorySample:)`.
  func category(_ sample: StoredSample) -> ReporterJSON? {
    guard case .category(let raw) = sample.body else { return nil }
    let text = ReporterCategoryText.text(identifier: sample.identifier, rawValue: raw)
    let harmonized = ReporterJSON.fields([
      ("value", .int(raw)), ("description", .string(text.description)),
      ("detail", .string(text.detail)), ("metadata", Self.metadata(sample.metadata)),
    ])
    return .fields(head(sample) + [("harmonized", harmonized)])
  }

  /// `Workout(workout:)`: totals in `Cal` (`HKUnit.largeCalorie()` from iOS 11), `m`, `count`;
  /// no workout events are stored.
  func workout(_ sample: StoredSample) -> ReporterJSON? {
    guard case .workout(let summary) = sample.body else { return nil }
    let activity = WorkoutActivities.activity(named: summary.activityType)
    func total(_ amount: MeasuredQuantity?, _ unit: String) -> ReporterJSON? {
      amount.flatMap { HostUnits.value($0, in: unit) }.map { .double($0) }
    }
    let harmonized = ReporterJSON.fields([
      ("value", .int(activity?.rawValue ?? 0)),
      ("description", .string(ReporterCategoryText.titled(summary.activityType))),
      ("totalEnergyBurned", total(summary.energy, "Cal")),
      ("totalEnergyBurnedUnit", .string("Cal")),
      ("totalDistance", total(summary.distance, "m")), ("totalDistanceUnit", .string("m")),
      ("totalSwimmingStrokeCountUnit", .string("count")),
      ("totalFlightsClimbedUnit", .string("count")),
      ("metadata", Self.metadata(sample.metadata)),
    ])
    return .fields(
      head(sample) + [
        ("duration", .double(Double(sample.duration) / 1000)), ("workoutEvents", .array([])),
        ("harmonized", harmonized),
      ])
  }

  /// `Correlation(correlation:)`: its quantity members each in the library's unit for the type.
  func correlation(_ sample: StoredSample) -> ReporterJSON? {
    guard !sample.members.isEmpty || sample.identifier.hasPrefix("HKCorrelationType") else {
      return nil
    }
    let members = sample.members.compactMap { store.storedSample(uuid: $0) }
    let harmonized = ReporterJSON.fields([
      ("quantitySamples", .array(members.compactMap(sampleInLibraryUnit))),
      ("categorySamples", .array(members.compactMap(category))),
      ("metadata", Self.metadata(sample.metadata)),
    ])
    return .fields(head(sample) + [("harmonized", harmonized)])
  }

  /// `HKSample.parsed()`: a quantity in the library's fixed unit for its type, or the model of
  /// the sample's class; nil for a type the library does not parse.
  func sampleInLibraryUnit(_ sample: StoredSample) -> ReporterJSON? {
    switch sample.body {
    case .quantity:
      return ReporterUnitTable.unit(for: sample.identifier).flatMap { quantity(sample, unit: $0) }
    case .category: return category(sample)
    case .workout: return workout(sample)
    case .bloodPressure, .food: return correlation(sample)
    default: return nil
    }
  }

  /// `DeletedObject`: the uuid (HealthKit keeps no metadata of deleted objects here).
  static func deletedObject(uuid: String) -> ReporterJSON {
    .object([("uuid", .string(Self.uuid(uuid)))])
  }
}
