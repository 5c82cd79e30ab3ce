import HealthKitModel
import HealthStore

/// What one kind of record becomes: its samples, before metadata is attached and uuids minted.
struct BuiltSamples {
  /// The sample itself, or the correlation; nil for a sleep session.
  var main: PlannedSample?
  /// Correlation members or sleep stages.
  var members: [PlannedSample] = []
  /// A workout's builder samples.
  var associated: [PlannedSample] = []
  /// Whether the reply lists `members`.
  var composite = false
  /// Metadata the record's own fields produce.
  var derived: [MetadataEntry] = []
  /// A food's nutrient keys as written, when one differs from the name its type gives back.
  var writtenNutrientKeys: [String]?
}

extension RecordBuilder {
  // MARK: Field values

  /// Checks the field values (numbers, units, dates, metadata, category cases) and builds the
  /// samples: each kind in its own function (RecordKind*.swift, WorkoutRecords.swift).
  mutating func build() throws(HealthError) -> PreparedRecord {
    guard let type = resolved else {
      throw RecordErrors.invalid("type", "the record's type was not resolved")
    }
    // The field-value order in protocol/errors.md#which-check-fails-first: numbers and units,
    // then dates, metadata, category cases.
    try checkNumbersAndUnits(type)
    try checkDates(start: input.start, end: input.end ?? input.start)
    var metadata = try Self.metadata(input.metadata)
    var built: BuiltSamples
    switch input.fields {
    case .none: built = BuiltSamples(main: plan(type, .empty))
    case .quantity(let quantity, let special):
      built = try quantitySamples(quantity, special: special, type: type)
    case .category(let value, let special):
      built = try categorySamples(value, special: special, type: type)
    case .sleepStage:
      built = BuiltSamples(main: plan(type, .category(rawValue: type.categoryCase?.rawValue ?? 0)))
    case .bloodPressure(let systolic, let diastolic, let unit):
      built = bloodPressureSamples(systolic: systolic, diastolic: diastolic, unit: unit, type: type)
    case .nutrition(let name, let nutrients):
      built = try nutritionSamples(name: name, nutrients: nutrients, type: type)
    case .sleepSession(let stages): built = try sleepSessionSamples(stages)
    case .workout(let workout): built = try workoutSamples(workout, type: type)
    case .audiogram(let points):
      try Self.checkPoints(points)
      built = BuiltSamples(main: plan(type, .audiogram(points)))
    }
    for entry in built.derived where metadata.contains(where: { $0.key == entry.key }) {
      throw RecordErrors.invalid(
        "metadata.\(entry.key)",
        "metadata key '\(entry.key)' is set by the record's own fields; leave it out of metadata")
    }
    metadata += built.derived
    if mode == .app { collectShareIdentifiers(type) }
    if built.main != nil {
      built.main?.metadata = metadata
    } else {
      for index in built.members.indices { built.members[index].metadata = metadata }
    }
    var record = PreparedRecord(
      ckType: input.type, members: built.members, main: built.main, isComposite: built.composite,
      associated: built.associated)
    record.writtenNutrientKeys = built.writtenNutrientKeys
    return record
  }

  /// A sample of the record's time with no metadata yet, of the record's type unless a
  /// member's is given.
  func plan(_ type: ResolvedType, _ body: SampleBody, as member: ResolvedType? = nil)
    -> PlannedSample
  {
    PlannedSample(
      identifier: member?.identifier ?? type.identifier, start: input.start,
      end: input.end ?? input.start, body: body, metadata: [])
  }
}
