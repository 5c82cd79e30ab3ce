import HealthKitModel
import HealthStore

/// The field-value checks of a record (the "field values" step in protocol/errors.md#which-check-fails-first, protocol/healthkit-rules.md): numbers,
/// units, metadata, special fields, category cases and audiogram points.
extension RecordBuilder {
  // MARK: Values and units

  /// A quantity value: finite, and not negative for a cumulative type.
  static func checkAmount(_ value: Double, field: String, identifier: String) throws(HealthError) {
    guard value.isFinite else {
      throw RecordErrors.invalid(field, "\(field) must be a finite number, not \(value)")
    }
    let cumulative = Catalogue.info(identifier)?.quantity?.aggregation == .cumulative
    if cumulative && value < 0 {
      throw RecordErrors.invalid(
        field,
        "\(field) \(value) is negative; \(Catalogue.shortName(of: identifier)) adds up, so its "
          + "values are 0 or more")
    }
  }

  @discardableResult
  static func checkUnit(_ unit: String, field: String, identifier: String) throws(HealthError)
    -> HealthUnit
  {
    do {
      return try Units.check(unit: unit, for: identifier)
    } catch {
      throw RecordErrors.badUnit(field, error, identifier: identifier)
    }
  }

  // MARK: Metadata

  /// protocol/healthkit-rules.md#metadata: String, Int, Double or bool (stored as 0/1); no null or nested values; no `HK…`
  /// key that is not HealthKit's own; each key once.
  static func metadata(_ entries: [MetadataInputEntry]) throws(HealthError) -> [MetadataEntry] {
    var result: [MetadataEntry] = []
    for entry in entries {
      let field = "metadata.\(entry.key)"
      guard !entry.key.isEmpty else {
        throw RecordErrors.invalid("metadata", "metadata keys must not be empty")
      }
      guard MetadataKeys.isAllowed(entry.key) else {
        throw RecordErrors.invalid(
          field,
          "metadata key '\(entry.key)' starts with 'HK' but is not one of HealthKit's keys; "
            + "HealthKit reserves the prefix (use your own prefix, e.g. 'app_…')")
      }
      guard !result.contains(where: { $0.key == entry.key }) else {
        throw RecordErrors.invalid(field, "metadata key '\(entry.key)' is given twice")
      }
      let value: MetadataValue
      switch entry.value {
      case .string(let string): value = .string(string)
      case .int(let int): value = .int(int)
      case .double(let double): value = .double(double)
      case .bool(let bool): value = .int(bool ? 1 : 0)
      case .unsupported(let typeName):
        throw RecordErrors.invalid(
          field,
          "metadata value of '\(entry.key)' is \(typeName); HealthKit metadata values are String, "
            + "Int, Double or bool (no null, lists or maps)")
      }
      result.append(MetadataEntry(entry.key, value))
    }
    return result
  }

  /// The metadata a CKType's special fields produce, in table order.
  static func specialMetadata(_ ckType: String, _ values: [String: SpecialFieldValue])
    throws(HealthError) -> [MetadataEntry]
  {
    var result: [MetadataEntry] = []
    for rule in RecordFieldTable.rules(for: ckType) {
      guard let value = values[rule.field] else { continue }
      switch (rule.target, value) {
      case (.string(let key), .string(let string)):
        result.append(MetadataEntry(key, .string(string)))
      case (.flag(let key), .bool(let flag)):
        result.append(MetadataEntry(key, .int(flag ? 1 : 0)))
      case (.choice(let key, let cases), .string(let name)):
        guard let raw = SpecialFields.rawValue(of: name, in: cases) else {
          let names = cases.map { "\"\($0.name)\"" }.joined(separator: ", ")
          throw RecordErrors.invalid(
            rule.field, "\(rule.field) \"\(name)\" is not one of \(names)")
        }
        result.append(MetadataEntry(key, .int(raw)))
      default:
        throw RecordErrors.invalid(rule.field, "\(rule.field) has the wrong type")
      }
    }
    return result
  }

  // MARK: Categories

  static func categoryRaw(
    _ value: CategoryValueInput?, type: ResolvedType, ckType: String, os: OSVersion
  ) throws(HealthError) -> Int {
    guard let info = Catalogue.info(type.identifier) else { return 0 }
    let field = RecordKind.categoryValueField(ckType)
    let names = info.categoryCases.filter { ($0.minimumOS ?? os) <= os }.map {
      "\"\($0.name)\" (\($0.rawValue))"
    }.joined(separator: ", ")
    switch value {
    case .none:
      return 0
    case .name(let name):
      guard let found = info.categoryCase(named: name) else {
        throw RecordErrors.invalid(
          field, "\(field) \"\(name)\" is not a case of \(info.name); expected one of \(names)")
      }
      if let minimum = found.minimumOS, minimum > os {
        throw RecordErrors.tooNew(
          "\(info.name) value '\(name)'", type: ckType, minimumOS: minimum, deviceOS: os)
      }
      return found.rawValue
    case .raw(let raw):
      let matching = info.categoryCases.filter { $0.rawValue == raw }
      guard !matching.isEmpty else {
        throw RecordErrors.invalid(
          field, "\(field) \(raw) is not a raw value of \(info.name); expected one of \(names)")
      }
      if !matching.contains(where: { ($0.minimumOS ?? os) <= os }) {
        let minimum = matching.compactMap(\.minimumOS).min() ?? os
        throw RecordErrors.tooNew(
          "\(info.name) value \(raw)", type: ckType, minimumOS: minimum, deviceOS: os)
      }
      return raw
    }
  }

  // MARK: Audiograms

  static func checkPoints(_ points: [AudiogramPoint]) throws(HealthError) {
    guard !points.isEmpty else {
      throw RecordErrors.invalid(
        "points", "an audiogram needs at least one point {frequencyHz, leftDb?, rightDb?}")
    }
    for (index, point) in points.enumerated() {
      let field = "points[\(index)]"
      guard point.frequencyHz.isFinite, point.frequencyHz > 0 else {
        throw RecordErrors.invalid(
          field + ".frequencyHz",
          "\(field).frequencyHz must be a positive finite number, not \(point.frequencyHz)")
      }
      guard point.leftDb != nil || point.rightDb != nil else {
        throw RecordErrors.invalid(
          field, "\(field) has neither leftDb nor rightDb; give at least one ear's threshold")
      }
      for (name, value) in [("leftDb", point.leftDb), ("rightDb", point.rightDb)] {
        if let value, !value.isFinite {
          throw RecordErrors.invalid(
            "\(field).\(name)", "\(field).\(name) must be a finite number, not \(value)")
        }
      }
    }
  }
}

extension MetadataInputEntry {
  /// `entries` as a sample keeps them, checked as a record's metadata is (for a sample a caller
  /// builds itself, such as ConnectKit's `duringSession` values of a workout).
  public static func stored(_ entries: [MetadataInputEntry]) throws(HealthError) -> [MetadataEntry]
  {
    try RecordBuilder.metadata(entries)
  }
}
