import CKTypeRecords
import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// Metadata as the host builds it, a Swift dictionary: a key set again keeps its place here and
/// takes the new value (the dictionary's own order varies from run to run on iOS).
struct MetadataList {
  private(set) var entries: [MetadataInputEntry]

  init(_ entries: [MetadataInputEntry] = []) { self.entries = entries }

  mutating func set(_ entry: MetadataInputEntry) {
    if let index = entries.firstIndex(where: { $0.key == entry.key }) {
      entries[index] = entry
    } else {
      entries.append(entry)
    }
  }
}

/// The `multiple` value pattern of `data` records (ConnectKit's `unwrapData`): `data.value` maps
/// property names to values of the other patterns; the record's `metadata.mainProperty` names
/// the one that is the sample's value. Every other property is checked the same way and kept
/// as metadata: `ck_<property>`, the JSON text of `{unit, value, valuePattern}`, and for a few
/// types a HealthKit key as well.
extension ConnectKitRecordMap {
  struct MultipleValue {
    /// The main property's pattern, value and unit.
    var pattern: String
    var value: PatternValue
    var unit: String?
    /// The other properties' metadata, in the order the map holds them.
    var metadata: [MetadataInputEntry]
  }

  static func decodeMultiple(_ data: Fields, record: Fields, type: String, os: OSVersion)
    throws(Problem) -> MultipleValue
  {
    let kind = dataKind
    let found = data.value("value")
    guard let properties = found.flatMap({ Fields(kind: kind, $0) }) else {
      throw Problem(
        kind: kind, field: "value",
        message:
          "Invalid multiple value: expected Map, got '\(ConnectKitRecordMap.swiftDescription(found))'"
      )
    }
    guard
      let main = record.value("metadata").flatMap({ Fields(kind: kind, $0) })?.optionalString(
        "mainProperty"), !main.isEmpty
    else {
      throw Problem(
        kind: kind, field: "metadata.mainProperty",
        message: "Missing required 'mainProperty' in record metadata for MULTIPLE value")
    }
    guard let mainFields = properties.value(main).flatMap({ Fields(kind: kind, $0) }) else {
      throw Problem(
        kind: kind, field: main, message: "Main property '\(main)' not found in MULTIPLE value")
    }
    let mainPattern = try mainFields.string("valuePattern")
    var result = MultipleValue(
      pattern: mainPattern, value: try patternValue(mainPattern, mainFields, kind: kind),
      unit: mainFields.optionalString("unit"), metadata: [])
    var seen: Set<String> = [main]
    var metadata = MetadataList()
    for entry in properties.entries {
      // A property that is not a map is skipped (the host logs it).
      guard let key = entry.key.stringValue, seen.insert(key).inserted,
        let property = properties.value(key).flatMap({ Fields(kind: kind, $0) })
      else { continue }
      let pattern = try property.string("valuePattern")
      let value = try patternValue(pattern, property, kind: kind)
      let unit = property.optionalString("unit")
      if let special = healthKitMetadata(type: type, property: key, value: value, os: os) {
        metadata.set(special)
      }
      metadata.set(
        MetadataInputEntry(
          "ck_\(key)", .string(jsonText(pattern: pattern, value: value, unit: unit))))
    }
    result.metadata = metadata.entries
    return result
  }

  /// The HealthKit key some properties of some types also set (ConnectKit's
  /// `tryMapToHKMetadata`): a category property's raw value through ConnectKit's categories, or
  /// for `bloodGlucose`'s `mealType` the value's name as the food type.
  static func healthKitMetadata(type: String, property: String, value: PatternValue, os: OSVersion)
    -> MetadataInputEntry?
  {
    guard case .category(let name, let category) = value else { return nil }
    let key: String
    switch (type, property) {
    case ("bloodGlucose", "mealType"):
      return MetadataInputEntry("HKMetadataKeyFoodType", .string(name))
    case ("bloodGlucose", "mealTime"): key = "HKMetadataKeyBloodGlucoseMealTime"
    case ("bodyTemperature", "measurementLocation"),
      ("basalBodyTemperature", "measurementLocation"):
      key = "HKMetadataKeyBodyTemperatureSensorLocation"
    case ("vo2Max", "measurementMethod"): key = "HKMetadataKeyVO2MaxTestType"
    default: return nil
    }
    guard let raw = ConnectKitCategoryTable.raw(category: category, value: name, os: os) else {
      return nil
    }
    return MetadataInputEntry(key, .int(raw))
  }

  /// `{"unit": …, "value": …, "valuePattern": …}` as `JSONSerialization` writes it (slashes
  /// escaped, whole numbers without a fraction), with its keys sorted: the host's dictionary
  /// order varies from run to run.
  static func jsonText(pattern: String, value: PatternValue, unit: String?) -> String {
    let json: ChannelValue
    switch value {
    case .quantity(let amount): json = .float64(amount)
    case .category(let name, let category):
      json = .object([("categoryName", .string(category)), ("value", .string(name))])
    case .samples(let samples): json = .list(samples.map { .map($0.entries) })
    case .label(let text): json = .string(text)
    }
    return jsonText(
      .object([
        ("unit", unit.map { .string($0) } ?? .null), ("value", json),
        ("valuePattern", .string(pattern)),
      ]))
  }

  static func jsonText(_ value: ChannelValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .int32, .int64: return "\(value.intValue ?? 0)"
    case .float64(let number):
      if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
        return "\(Int(number))"
      }
      return number.isFinite ? "\(number)" : "null"
    case .string(let text): return jsonString(text)
    case .list(let items): return "[" + items.map(jsonText).joined(separator: ",") + "]"
    case .map(let entries):
      var byKey: [String: ChannelValue] = [:]
      for entry in entries {
        if let key = entry.key.stringValue { byKey[key] = entry.value }
      }
      return "{"
        + byKey.keys.sorted().map { jsonString($0) + ":" + jsonText(byKey[$0] ?? .null) }
        .joined(separator: ",") + "}"
    default: return jsonString(value.typeName)
    }
  }

  static func jsonString(_ text: String) -> String { JSONEncoderText.quoted(text) }
}
