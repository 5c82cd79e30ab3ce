import FlutterCodec
import HealthKitModel
import HealthStore

/// Reads a record (protocol/record-shapes.md) out of the channel's arguments: argument shapes only (required
/// fields present, every field of the right type, no unknown fields). The store checks the rest.
enum RecordParsing {
  static let commonFields = ["type", "start", "end", "metadata"]

  static func record(_ args: Arguments) throws(HealthError) -> RecordInput {
    _ = try args.entries()
    let type = try args.string("type")
    let start = try args.int("start")
    let end = try args.optionalInt("end")
    let metadata = try metadataEntries(args.optionalMap("metadata"))
    let kind = RecordKind.of(type)
    var allowed = commonFields
    let fields: RecordFields
    switch kind {
    case .quantity:
      allowed += ["value", "unit"]
      let value = try args.number("value")
      let unit = try args.string("unit")
      let special = try specialFields(args, type: type, allowed: &allowed)
      fields = .quantity(QuantityInput(value: value, unit: unit), special: special)
    case .category:
      let field = RecordKind.categoryValueField(type)
      allowed.append(field)
      let value = try categoryValue(
        args, field: field, required: !RecordKind.categoryValueIsOptional(type))
      let special = try specialFields(args, type: type, allowed: &allowed)
      fields = .category(value, special: special)
    case .sleepStage:
      fields = .sleepStage
    case .bloodPressure:
      allowed += ["systolic", "diastolic", "unit"]
      fields = .bloodPressure(
        systolic: try args.number("systolic"), diastolic: try args.number("diastolic"),
        unit: try args.string("unit"))
    case .nutrition:
      allowed += ["name", "nutrients"]
      fields = .nutrition(name: try args.optionalString("name"), nutrients: try nutrients(args))
    case .sleepSession:
      allowed.append("stages")
      fields = .sleepSession(try stages(args))
    case .workout:
      allowed +=
        ["activityType", "locationType", "elevation"] + RecordFieldTable.workoutSeriesFields
      fields = .workout(try workout(args))
    case .audiogram:
      allowed.append("points")
      fields = .audiogram(try points(args))
    case .other:
      return RecordInput(type: type, start: start, end: end, metadata: metadata)
    }
    try args.rejectUnknownFields(allowed: allowed)
    return RecordInput(type: type, start: start, end: end, metadata: metadata, fields: fields)
  }

  // MARK: Metadata

  /// The metadata map: string keys; values kept as sent (the store applies protocol/healthkit-rules.md#metadata).
  static func metadataEntries(_ map: Arguments?) throws(HealthError) -> [MetadataInputEntry] {
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
  static func specialFields(_ args: Arguments, type: String, allowed: inout [String])
    throws(HealthError) -> [String: SpecialFieldValue]
  {
    var values: [String: SpecialFieldValue] = [:]
    for rule in RecordFieldTable.rules(for: type) {
      allowed.append(rule.field)
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
  static func categoryValue(_ args: Arguments, field: String, required: Bool) throws(HealthError)
    -> CategoryValueInput?
  {
    guard let found = try args.optionalValue(field) else {
      if required {
        throw HealthError.invalidArgument(
          field: args.fieldName(field),
          "missing required field '\(args.fieldName(field))' (a case name or its raw Int)")
      }
      return nil
    }
    if let name = found.stringValue { return .name(name) }
    if let raw = found.intValue { return .raw(raw) }
    throw HealthError.invalidArgument(
      field: args.fieldName(field),
      "field '\(args.fieldName(field))' must be a case name (String) or its raw value (Int), "
        + "not \(found.typeName)")
  }

  // MARK: Composites

  static func quantity(_ args: Arguments) throws(HealthError) -> QuantityInput {
    try args.rejectUnknownFields(allowed: ["value", "unit"])
    return QuantityInput(value: try args.number("value"), unit: try args.string("unit"))
  }

  static func nutrients(_ args: Arguments) throws(HealthError) -> [NutrientInput] {
    let map = try args.map("nutrients")
    let keys = try map.keys()
    var result: [NutrientInput] = []
    for (key, entry) in zip(keys, try map.entries()) {
      let path = map.fieldName(key)
      guard case .map = entry.value else {
        throw HealthError.invalidArgument(
          field: path, "field '\(path)' must be a map {value, unit}, not \(entry.value.typeName)")
      }
      result.append(
        NutrientInput(name: key, amount: try quantity(Arguments(entry.value, path: path))))
    }
    return result
  }

  static func stages(_ args: Arguments) throws(HealthError) -> [StageInput] {
    try maps(args.list("stages"), of: "stages", in: args, allowed: ["stage", "start", "end"]) {
      stage throws(HealthError) in
      StageInput(
        stage: try stage.string("stage"), start: try stage.int("start"), end: try stage.int("end"))
    }
  }

  /// The elements of the list `name` of `args`, each a map with no keys but `allowed`, read by
  /// `read` in list order.
  static func maps<Element>(
    _ list: [ChannelValue], of name: String, in args: Arguments, allowed: [String],
    _ read: (Arguments) throws(HealthError) -> Element
  ) throws(HealthError) -> [Element] {
    var result: [Element] = []
    for (index, value) in list.enumerated() {
      let entry = try args.element(value, of: name, at: index)
      try entry.rejectUnknownFields(allowed: allowed)
      result.append(try read(entry))
    }
    return result
  }

  // MARK: Workouts

  static func workout(_ args: Arguments) throws(HealthError) -> WorkoutInput {
    let activity = try args.string("activityType")
    let location = try args.optionalString("locationType")
    var series: [WorkoutSeriesInput] = []
    for name in RecordFieldTable.workoutSeriesFields {
      guard let list = try args.optionalList(name), !list.isEmpty else { continue }
      let values = try maps(list, of: name, in: args, allowed: ["value", "unit", "time"]) {
        entry throws(HealthError) in
        TimedQuantityInput(
          value: try entry.number("value"), unit: try entry.string("unit"),
          time: try entry.int("time"))
      }
      series.append(WorkoutSeriesInput(component: name, values: values))
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

  // MARK: Audiograms

  static func points(_ args: Arguments) throws(HealthError) -> [AudiogramPoint] {
    try maps(
      args.list("points"), of: "points", in: args, allowed: ["frequencyHz", "leftDb", "rightDb"]
    ) { point throws(HealthError) in
      AudiogramPoint(
        frequencyHz: try point.number("frequencyHz"), leftDb: try point.optionalNumber("leftDb"),
        rightDb: try point.optionalNumber("rightDb"))
    }
  }
}
