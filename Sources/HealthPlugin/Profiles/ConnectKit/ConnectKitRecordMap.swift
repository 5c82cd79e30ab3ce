import FlutterCodec
import HealthKitModel
import HealthStore

/// One record map of `writeRecords`, decoded as ConnectKit's iOS record mapper does, into the
/// store's `RecordInput`. The emulator decodes `recordKind: "data"` records with a `quantity`
/// or `category` value and `bloodPressure` records; other kinds and value patterns are decode
/// failures that say so (protocol/profiles/connect_kit.md).
enum ConnectKitRecordMap {
  static let dataKind = "data"
  static let bloodPressureKind = "bloodPressure"
  /// Kinds ConnectKit's Dart side sends that the emulator does not decode (yet).
  static let otherKinds: Set<String> = [
    "workout", "nutrition", "sleepSession", "audiogram", "ecg",
  ]
  static let otherValuePatterns: Set<String> = ["label", "samples", "multiple"]

  /// A record the mapper refuses: the failure message is `"<kind> | <field> | <message>"`.
  struct Problem: Error {
    var kind: String
    var field: String?
    var message: String

    var text: String { "\(kind) | \(field ?? "") | \(message)" }
  }

  /// A record's fields by key; the host drops null values before decoding, so `null` is absent.
  struct Fields {
    let kind: String
    let entries: [ChannelMapEntry]

    func value(_ key: String) -> ChannelValue? {
      guard let found = entries.last(where: { $0.key.stringValue == key })?.value,
        !found.isNull
      else { return nil }
      return found
    }

    func required(_ key: String) throws(Problem) -> ChannelValue {
      guard let found = value(key) else {
        throw Problem(kind: kind, field: key, message: "Missing required field")
      }
      return found
    }

    func wrongType(_ key: String, _ expected: String, _ value: ChannelValue) -> Problem {
      Problem(kind: kind, field: key, message: "Expected \(expected) but got \(value.typeName)")
    }

    func string(_ key: String) throws(Problem) -> String {
      let found = try required(key)
      guard let text = found.stringValue else { throw wrongType(key, "String", found) }
      return text
    }

    /// An Int, or a Double truncated towards zero, as the host reads times.
    func int(_ key: String) throws(Problem) -> Int {
      let found = try required(key)
      if let number = found.intValue { return number }
      if case .float64(let real) = found, let number = Int(exactly: real.rounded(.towardZero)) {
        return number
      }
      throw wrongType(key, "Int", found)
    }

    /// `startTime` and `endTime`, the end not before the start.
    func timeRange() throws(Problem) -> (start: Int, end: Int) {
      let start = try int("startTime")
      let end = try int("endTime")
      guard end >= start else {
        throw Problem(
          kind: kind, field: nil,
          message: "End time (\(ConnectKitRecordMap.dateText(end))) cannot be before start time "
            + "(\(ConnectKitRecordMap.dateText(start)))")
      }
      return (start, end)
    }

    func map(_ key: String) throws(Problem) -> Fields {
      let found = try required(key)
      guard let entries = found.mapEntries, entries.allSatisfy({ $0.key.stringValue != nil })
      else { throw wrongType(key, "Map", found) }
      return Fields(kind: kind, entries: entries)
    }
  }

  static func decode(_ entries: [ChannelMapEntry], os: OSVersion) throws(Problem) -> RecordInput {
    let record = Fields(kind: "UnexpectedError", entries: entries)
    guard let kind = record.value("recordKind")?.stringValue else {
      throw Problem(
        kind: "UnexpectedError", field: nil, message: "Missing required field 'recordKind'")
    }
    if kind == bloodPressureKind {
      return try decodeBloodPressure(Fields(kind: kind, entries: entries))
    }
    guard kind == dataKind else {
      guard otherKinds.contains(kind) else {
        throw Problem(
          kind: kind, field: nil, message: "Unknown or unsupported record kind: '\(kind)'")
      }
      throw Problem(
        kind: kind, field: "recordKind",
        message: "hkbridge does not emulate ConnectKit's '\(kind)' records yet; it writes "
          + "'data' records (quantity and category values) and 'bloodPressure' records")
    }
    let fields = Fields(kind: kind, entries: entries)
    let type = try fields.string("type")
    let data = try fields.map("data")
    guard let identifier = ConnectKitPermissions.objectType(type, .write, os: os) else {
      throw Problem(
        kind: kind, field: "type",
        message: "Type '\(type)' is not supported for write operations on iOS HealthKit")
    }
    let (start, end) = try fields.timeRange()
    let pattern = try data.string("valuePattern")
    let value = try patternValue(pattern, data, kind: kind)
    let typeClass = Catalogue.info(identifier)?.typeClass
    let unitText = data.value("unit")?.stringValue
    let recordFields: RecordFields
    switch (typeClass, value) {
    case (.quantity?, _):
      guard let unitText, let unit = ConnectKitUnitTable.healthKitUnit(unitText) else {
        throw Problem(
          kind: kind, field: "unit", message: "Missing or invalid unit for quantity type '\(type)'")
      }
      guard case .quantity(let amount) = value else {
        throw Problem(
          kind: kind, field: "value",
          message: "Invalid value for quantity type: expected Double or Array")
      }
      recordFields = .quantity(QuantityInput(value: amount, unit: unit), special: [:])
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
      recordFields = .category(raw == 0 && hasCase != true ? nil : .raw(raw), special: [:])
    case (.category?, _):
      throw Problem(
        kind: kind, field: "value",
        message: "Invalid category value: expected Map with 'value' and 'categoryName'")
    default:
      throw Problem(kind: kind, field: "type", message: "Unsupported HKObjectType: \(identifier)")
    }
    var metadata: [MetadataInputEntry] = []
    if case .category(_, let category) = value {
      metadata.append(MetadataInputEntry("ck_categoryName", .string(category)))
    }
    if let unitText { metadata.append(MetadataInputEntry("ck_unit", .string(unitText))) }
    metadata.append(MetadataInputEntry("ck_valuePattern", .string(pattern)))
    metadata.insert(contentsOf: sourceMetadata(fields), at: 0)
    return RecordInput(
      type: type, start: start, end: end, metadata: metadata,
      fields: recordFields)
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
  }

  static func patternValue(_ pattern: String, _ data: Fields, kind: String) throws(Problem)
    -> PatternValue
  {
    let value = data.value("value")
    let got = value?.typeName ?? "nil"
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
    case _ where otherValuePatterns.contains(pattern):
      throw Problem(
        kind: kind, field: "valuePattern",
        message: "hkbridge does not emulate valuePattern '\(pattern)' yet; it writes 'quantity' "
          + "and 'category' values")
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
    // Civil date from days since 1970-01-01 (proleptic Gregorian).
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let time =
      "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
    let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    return "\(yearText)-\(two(month))-\(two(day)) \(time) +0000"
  }
}
