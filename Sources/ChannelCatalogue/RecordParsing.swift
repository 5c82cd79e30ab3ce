import CKTypeRecords
import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// Reads a record (protocol/record-shapes.md) out of the channel's arguments: argument shapes only (required
/// fields present, every field of the right type, no unknown keys, checked first). The store
/// checks the rest.
package enum RecordParsing {
  static let commonFields = ["type", "start", "end", "metadata"]

  package static func record(_ args: Arguments) throws(ArgumentError) -> RecordInput {
    _ = try args.entries()
    // Without a type, no kind says which keys the record takes: a key no record takes (a
    // misspelt `type` among them) is reported before the missing type.
    if try args.optionalValue("type")?.stringValue == nil {
      try args.rejectUnknownFields(allowed: anyRecordKeys)
    }
    let type = try args.string("type")
    let kind = RecordKind.of(type)
    // Unknown keys first (argument shapes), once the record's kind says which keys it takes; a
    // type the mapper does not know is refused as such by the store.
    if let keys = keys(of: kind, type: type) { try args.rejectUnknownFields(allowed: keys) }
    let start = try args.int("start")
    let end = try args.optionalInt("end")
    let metadata = try metadataEntries(args.optionalMap("metadata"))
    let fields: RecordFields
    switch kind {
    case .quantity:
      let value = try args.number("value")
      let unit = try args.string("unit")
      let special = try specialFields(args, type: type)
      fields = .quantity(QuantityInput(value: value, unit: unit), special: special)
    case .category:
      let value = try categoryValue(
        args, field: RecordKind.categoryValueField(type),
        required: !RecordKind.categoryValueIsOptional(type))
      let special = try specialFields(args, type: type)
      fields = .category(value, special: special)
    case .sleepStage:
      fields = .sleepStage
    case .bloodPressure:
      fields = .bloodPressure(
        systolic: try args.number("systolic"), diastolic: try args.number("diastolic"),
        unit: try args.string("unit"))
    case .nutrition:
      fields = .nutrition(name: try args.optionalString("name"), nutrients: try nutrients(args))
    case .sleepSession:
      fields = .sleepSession(try stages(args))
    case .workout:
      fields = .workout(try workout(args, end: end ?? start))
    case .audiogram:
      fields = .audiogram(try points(args))
    case .other:
      return RecordInput(type: type, start: start, end: end, metadata: metadata)
    }
    return RecordInput(type: type, start: start, end: end, metadata: metadata, fields: fields)
  }

  /// Every key some record takes (the union over the CKType table).
  static let anyRecordKeys: [String] = RecordTypeMapper.rows.reduce(into: []) { union, row in
    for key in keys(of: RecordKind.of(row.ckType), type: row.ckType) ?? []
    where !union.contains(key) {
      union.append(key)
    }
  }

  /// The keys a record of `kind` takes (the fields by kind of protocol/records.md, plus its
  /// CKType's special fields); nil for a type whose fields are not modelled (refused before
  /// they matter).
  static func keys(of kind: RecordKind, type: String) -> [String]? {
    let special = RecordFieldTable.rules(for: type).map(\.field)
    switch kind {
    case .quantity: return commonFields + ["value", "unit"] + special
    case .category: return commonFields + [RecordKind.categoryValueField(type)] + special
    case .sleepStage: return commonFields
    case .bloodPressure: return commonFields + ["systolic", "diastolic", "unit"]
    case .nutrition: return commonFields + ["name", "nutrients"]
    case .sleepSession: return commonFields + ["stages"]
    case .workout:
      return commonFields + ["activityType", "locationType", "elevation"]
        + RecordFieldTable.workoutSeriesFields
    case .audiogram: return commonFields + ["points"]
    case .other: return nil
    }
  }

  // MARK: Metadata

  /// The metadata map: string keys; values kept as sent (the store applies protocol/healthkit-rules.md#metadata).
  static func metadataEntries(_ map: Arguments?) throws(ArgumentError) -> [MetadataInputEntry] {
    guard let map else { return [] }
    let keys = try map.keys()
    return zip(keys, try map.entries()).map { key, entry in
      MetadataInputEntry(key, metadataValue(entry.value))
    }
  }

  static func metadataValue(_ value: ChannelValue) -> MetadataInput {
    switch value {
    case .string(let string): return .string(string)
    case .bool(let bool): return .bool(bool)
    case .int32(let int): return .int(Int(int))
    case .int64(let int): return .int(Int(int))
    case .float64(let double): return .double(double)
    default: return .unsupported(typeName: value.typeName)
    }
  }

  // MARK: Quantities and categories

  /// The special fields of a CKType (protocol/record-shapes.md), by their shape.
  static func specialFields(_ args: Arguments, type: String) throws(ArgumentError)
    -> [String: SpecialFieldValue]
  {
    var values: [String: SpecialFieldValue] = [:]
    for rule in RecordFieldTable.rules(for: type) {
      switch rule.shape {
      case .string:
        if let string = try args.optionalString(rule.field) { values[rule.field] = .string(string) }
      case .bool:
        let flag =
          rule.required
          ? try args.bool(rule.field) : try args.optionalBool(rule.field)
        if let flag { values[rule.field] = .bool(flag) }
      }
    }
    return values
  }

  /// A category value: a case name (String) or a raw value (Int), in `field` (`appearance` for
  /// `cervicalMucus`, else `value`).
  static func categoryValue(_ args: Arguments, field: String, required: Bool) throws(ArgumentError)
    -> CategoryValueInput?
  {
    guard let found = try args.optionalValue(field) else {
      if required {
        throw ArgumentError(
          field: args.fieldName(field),
          "missing required field '\(args.fieldName(field))' (a case name or its raw Int)")
      }
      return nil
    }
    if let name = found.stringValue { return .name(name) }
    if let raw = found.intValue { return .raw(raw) }
    throw ArgumentError(
      field: args.fieldName(field),
      "field '\(args.fieldName(field))' must be a case name (String) or its raw value (Int), "
        + "not \(found.typeName)")
  }

  // MARK: Composites

  static func quantity(_ args: Arguments) throws(ArgumentError) -> QuantityInput {
    try args.rejectUnknownFields(allowed: ["value", "unit"])
    return QuantityInput(value: try args.number("value"), unit: try args.string("unit"))
  }

  static func nutrients(_ args: Arguments) throws(ArgumentError) -> [NutrientInput] {
    let map = try args.map("nutrients")
    let keys = try map.keys()
    var result: [NutrientInput] = []
    for (key, entry) in zip(keys, try map.entries()) {
      let path = map.fieldName(key)
      guard case .map = entry.value else {
        throw ArgumentError(
          field: path, "field '\(path)' must be a map {value, unit}, not \(entry.value.typeName)")
      }
      result.append(
        NutrientInput(name: key, amount: try quantity(Arguments(entry.value, path: path))))
    }
    return result
  }

  static func stages(_ args: Arguments) throws(ArgumentError) -> [StageInput] {
    try maps(args.list("stages"), of: "stages", in: args, allowed: ["stage", "start", "end"]) {
      stage throws(ArgumentError) in
      StageInput(
        stage: try stage.string("stage"), start: try stage.int("start"), end: try stage.int("end"))
    }
  }

  /// The elements of the list `name` of `args`, each a map with no keys but `allowed`, read by
  /// `read` in list order.
  static func maps<Element>(
    _ list: [ChannelValue], of name: String, in args: Arguments, allowed: [String],
    _ read: (Arguments) throws(ArgumentError) -> Element
  ) throws(ArgumentError) -> [Element] {
    var result: [Element] = []
    for (index, value) in list.enumerated() {
      let entry = try args.element(value, of: name, at: index)
      try entry.rejectUnknownFields(allowed: allowed)
      result.append(try read(entry))
    }
    return result
  }

  // MARK: Workouts

  /// A workout record's fields; a total `{value, unit}` of `energy` or `distance` is recorded at
  /// `end` (the workout's end).
  static func workout(_ args: Arguments, end: Int) throws(ArgumentError) -> WorkoutInput {
    let activity = try args.string("activityType")
    let location = try args.optionalString("locationType")
    var series: [WorkoutSeriesInput] = []
    for name in RecordFieldTable.workoutSeriesFields {
      let totalAllowed = RecordFieldTable.workoutTotalFields.contains(name)
      guard let amount = try workoutAmount(args, name, totalAllowed: totalAllowed) else { continue }
      series.append(amount.series(name, time: end))
    }
    var elevation: ElevationInput?
    if let map = try args.optionalMap("elevation") {
      try map.rejectUnknownFields(allowed: ["ascended", "descended", "unit"])
      elevation = ElevationInput(
        ascended: try map.optionalNumber("ascended"),
        descended: try map.optionalNumber("descended"),
        unit: try map.string("unit"))
    }
    return WorkoutInput(
      activityType: activity, location: location, series: series, elevation: elevation)
  }

  /// A workout amount `name`: a list of samples `{value, unit, time}`, or (for `energy` and
  /// `distance`, when `totalAllowed`) a total `{value, unit}`; nil when left out or an empty list.
  package static func workoutAmount(_ args: Arguments, _ name: String, totalAllowed: Bool)
    throws(ArgumentError) -> WorkoutAmount?
  {
    guard let found = try args.optionalValue(name) else { return nil }
    if totalAllowed, case .map = found {
      return .total(try quantity(Arguments(found, path: args.fieldName(name))))
    }
    guard let list = found.listValue else {
      let expected =
        totalAllowed
        ? "a total {value, unit} or a list of samples {value, unit, time}"
        : "a list of samples {value, unit, time}"
      throw args.wrongType(name, found, expected: expected)
    }
    guard !list.isEmpty else { return nil }
    return .samples(
      try maps(list, of: name, in: args, allowed: ["value", "unit", "time"]) {
        entry throws(ArgumentError) in
        TimedQuantityInput(
          value: try entry.number("value"), unit: try entry.string("unit"),
          time: try entry.int("time"))
      })
  }

  // MARK: Audiograms

  static func points(_ args: Arguments) throws(ArgumentError) -> [AudiogramPoint] {
    try maps(
      args.list("points"), of: "points", in: args, allowed: ["frequencyHz", "leftDb", "rightDb"]
    ) { point throws(ArgumentError) in
      AudiogramPoint(
        frequencyHz: try point.number("frequencyHz"), leftDb: try point.optionalNumber("leftDb"),
        rightDb: try point.optionalNumber("rightDb"))
    }
  }
}
