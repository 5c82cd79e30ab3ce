import CKTypeRecords
import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// One record map of `writeRecords`, decoded as ConnectKit's iOS record mapper does, into the
/// store's `RecordInput`s. `data` and `bloodPressure` records are decoded here (the `multiple`
/// value pattern in ConnectKitMultipleValues.swift); the other kinds in
/// ConnectKitRecordKinds.swift and ConnectKitWorkouts.swift (protocol/profiles/connect_kit.md).
enum ConnectKitRecordMap {
  static let dataKind = "data"
  static let bloodPressureKind = "bloodPressure"
  /// The value pattern whose properties are each a value of another pattern.
  static let multiplePattern = "multiple"

  /// The workout series a `workout.<component>` CKType stands for (`energy`, `distance`,
  /// `speed`, `power`, `heartRate`), else nil.
  static func workoutComponent(_ type: String) -> String? {
    guard ConnectKitWorkoutComponents.types[type] != nil else { return nil }
    return String(type.dropFirst("workout.".count))
  }

  /// The HealthKit type a `data` record's CKType names: ConnectKit's `getObjectType` for
  /// writing; inside a workout (`duringSession`), a `workout.<component>` CKType is the one
  /// type ConnectKit's mapper gives it whatever the activity (``ConnectKitWorkoutComponents``).
  static func writeType(_ type: String, os: OSVersion, inWorkout: Bool = false) throws(Problem)
    -> String
  {
    var identifier = ConnectKitPermissions.objectType(type, .write, os: os)
    if inWorkout, let component = ConnectKitWorkoutComponents.identifier(type, os: os) {
      identifier = component
    }
    guard let identifier else {
      throw Problem(
        kind: dataKind, field: "type",
        message: "Type '\(type)' is not supported for write operations on iOS HealthKit")
    }
    return identifier
  }

  /// A `data` record (ConnectKit's `DataRecordMapper`, also used for a workout's
  /// `duringSession` entries, `inWorkout`): one sample, or one per entry of a `samples` value (none for an empty list). Failures name
  /// the kind `data` whatever the record says.
  static func decodeData(_ entries: [ChannelMapEntry], os: OSVersion, inWorkout: Bool = false)
    throws(Problem) -> [RecordInput]
  {
    let kind = dataKind
    let fields = Fields(kind: kind, entries: entries)
    let type = try fields.string("type")
    let data = try fields.map("data")
    let identifier = try writeType(type, os: os, inWorkout: inWorkout)
    let (start, end) = try fields.timeRange()
    var pattern = try data.string("valuePattern")
    var value: PatternValue
    var unitText: String?
    var metadata = MetadataList(sourceMetadata(fields))
    if pattern == multiplePattern {
      // The main property is the value; the others become metadata.
      let multiple = try decodeMultiple(data, record: fields, type: type, os: os)
      (pattern, value, unitText) = (multiple.pattern, multiple.value, multiple.unit)
      for entry in multiple.metadata { metadata.set(entry) }
    } else {
      value = try patternValue(pattern, data, kind: kind)
      unitText = data.value("unit")?.stringValue
    }
    let typeClass = Catalogue.info(identifier)?.typeClass
    if case .category(_, let category) = value {
      metadata.set(MetadataInputEntry("ck_categoryName", .string(category)))
    }
    if let unitText { metadata.set(MetadataInputEntry("ck_unit", .string(unitText))) }
    metadata.set(MetadataInputEntry("ck_valuePattern", .string(pattern)))
    func input(_ fields: RecordFields, start: Int, end: Int) -> RecordInput {
      RecordInput(type: type, start: start, end: end, metadata: metadata.entries, fields: fields)
    }
    switch (typeClass, value) {
    case (.quantity?, _):
      guard let unitText, let unit = ConnectKitUnitTable.healthKitUnit(unitText) else {
        throw Problem(
          kind: kind, field: "unit", message: "Missing or invalid unit for quantity type '\(type)'")
      }
      switch value {
      case .quantity(let amount):
        return [
          input(
            .quantity(QuantityInput(value: amount, unit: unit), special: [:]), start: start,
            end: end)
        ]
      case .samples(let samples):
        var inputs: [RecordInput] = []
        for sample in samples {
          guard let amount = sample.value("value")?.doubleValue else {
            throw Problem(
              kind: kind, field: "samples.value", message: "Invalid sample: missing 'value'")
          }
          guard let time = sample.exactInt("time") else {
            throw Problem(
              kind: kind, field: "samples.time", message: "Invalid sample: missing 'time'")
          }
          inputs.append(
            input(
              .quantity(QuantityInput(value: amount, unit: unit), special: [:]), start: time,
              end: time))
        }
        return inputs
      default:
        throw Problem(
          kind: kind, field: "value",
          message: "Invalid value for quantity type: expected Double or Array")
      }
    case (.category?, .category(let name, let category)):
      let raw: Int?
      if type == "sexualActivity" {
        raw = name == "protected" ? 1 : 0
      } else {
        raw = ConnectKitCategoryTable.raw(category: category, value: name, os: os)
      }
      guard let raw else {
        throw Problem(
          kind: kind, field: "value",
          message: "Invalid category value '\(name)' for category '\(category)'")
      }
      let hasCase = Catalogue.info(identifier)?.categoryCases.contains { $0.rawValue == raw }
      return [
        input(
          .category(raw == 0 && hasCase != true ? nil : .raw(raw), special: [:]), start: start,
          end: end)
      ]
    case (.category?, _):
      throw Problem(
        kind: kind, field: "value",
        message: "Invalid category value: expected Map with 'value' and 'categoryName'")
    default:
      throw Problem(kind: kind, field: "type", message: "Unsupported HKObjectType: \(identifier)")
    }
  }

  /// A `bloodPressure` record: `systolic` and `diastolic` maps of `{value, unit}` with the same
  /// unit, systolic not below diastolic, at `startTime` (HealthKit's correlation of both).
  static func decodeBloodPressure(_ fields: Fields) throws(Problem) -> RecordInput {
    let kind = fields.kind
    let (start, _) = try fields.timeRange()
    func reading(_ key: String) throws(Problem) -> (value: Double, unit: String) {
      let map = try fields.map(key)
      guard let amount = map.value("value")?.doubleValue else {
        throw Problem(kind: kind, field: key, message: "Missing or invalid 'value' field")
      }
      guard let unitText = map.value("unit")?.stringValue else {
        throw Problem(kind: kind, field: key, message: "Missing or invalid 'unit' field")
      }
      guard let unit = ConnectKitUnitTable.healthKitUnit(unitText) else {
        throw Problem(kind: dataKind, field: "unit", message: "Unsupported unit '\(unitText)'")
      }
      return (amount, unit)
    }
    let systolic = try reading("systolic")
    let diastolic = try reading("diastolic")
    guard systolic.unit == diastolic.unit else {
      throw Problem(
        kind: kind, field: "unit",
        message: "Systolic and diastolic units must match: systolic=\(systolic.unit), "
          + "diastolic=\(diastolic.unit)")
    }
    guard systolic.value >= diastolic.value else {
      throw Problem(
        kind: kind, field: nil,
        message: "Systolic (\(systolic.value)) cannot be less than diastolic (\(diastolic.value))")
    }
    var metadata = sourceMetadata(fields)
    for key in ["bodyPosition", "measurementLocation"] {
      if let text = fields.value(key)?.stringValue {
        metadata.append(MetadataInputEntry("ck_\(key)", .string(text)))
      }
    }
    return RecordInput(
      type: "bloodPressure", start: start, end: start, metadata: metadata,
      fields: .bloodPressure(
        systolic: systolic.value, diastolic: diastolic.value, unit: systolic.unit))
  }

  /// `HKWasUserEntered` and `ck_recordingMethod` from `source.recordingMethod`.
  static func sourceMetadata(_ fields: Fields) -> [MetadataInputEntry] {
    guard let method = try? fields.map("source").string("recordingMethod") else { return [] }
    return [
      MetadataInputEntry("HKWasUserEntered", .bool(method == "manualEntry")),
      MetadataInputEntry("ck_recordingMethod", .string(method)),
    ]
  }

  /// A decoded `data.value`: what the host's `unwrapData` makes of each pattern.
  enum PatternValue {
    case quantity(Double)
    case category(value: String, categoryName: String)
    /// `{value, time}` maps, each one sample at `time`.
    case samples([Fields])
    /// A text value: no HealthKit sample type takes one, so it always fails later.
    case label(String)
  }

  /// `String(describing: dataMap["value"])` on iOS, an optional `Any` of what Flutter's codec
  /// decoded: `nil` when absent, else `Optional(…)` of the value's debug text (an `NSNumber`
  /// prints a whole double without a fraction, a bool as 1 or 0; `NSNull` `<null>`; a string in
  /// quotes). A list or a map prints `NSArray`'s / `NSDictionary`'s multi-line text on iOS; the
  /// profile names its type instead.
  static func swiftDescription(_ value: ChannelValue?) -> String {
    guard let value else { return "nil" }
    let inner: String
    switch value {
    case .null: inner = "<null>"
    case .bool(let flag): inner = flag ? "1" : "0"
    case .int32(let number): inner = String(number)
    case .int64(let number): inner = String(number)
    case .float64(let number):
      inner =
        number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
    case .string(let text): inner = String(reflecting: text)
    default: inner = value.typeName
    }
    return "Optional(\(inner))"
  }

  static func patternValue(_ pattern: String, _ data: Fields, kind: String) throws(Problem)
    -> PatternValue
  {
    let value = data.value("value")
    let got = swiftDescription(value)
    switch pattern {
    case "quantity":
      guard let amount = value?.doubleValue else {
        throw Problem(
          kind: kind, field: "value", message: "Invalid quantity value: expected Double, got \(got)"
        )
      }
      return .quantity(amount)
    case "category":
      guard let name = value?.stringValue else {
        throw Problem(
          kind: kind, field: "value",
          message: "Invalid category value: expected String, got '\(got)'")
      }
      guard let category = data.value("categoryName")?.stringValue else {
        throw Problem(
          kind: kind, field: "categoryName",
          message: "Invalid categoryName for value: expected String, got '\(name)'")
      }
      return .category(value: name, categoryName: category)
    case "samples":
      guard let samples = data.mapList("value") else {
        throw Problem(
          kind: kind, field: "value", message: "Invalid samples value: expected Array, got '\(got)'"
        )
      }
      return .samples(samples)
    case "label":
      guard let text = value?.stringValue else {
        throw Problem(
          kind: kind, field: "value", message: "Invalid label value: expected String, got '\(got)'")
      }
      return .label(text)
    default:
      throw Problem(
        kind: kind, field: "valuePattern", message: "Unsupported valuePattern '\(pattern)'")
    }
  }

  /// How Foundation prints a `Date`: `2024-01-01 00:00:00 +0000` (UTC, whole seconds).
  static func dateText(_ milliseconds: Int) -> String {
    let seconds = Int((Double(milliseconds) / 1000).rounded(.down))
    let days = Int((Double(seconds) / 86_400).rounded(.down))
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = CivilDate.date(daysFromEpoch: days)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let time =
      "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
    let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    return "\(yearText)-\(two(month))-\(two(day)) \(time) +0000"
  }
}
