import HealthKitModel

/// Who is writing a record.
public enum WriteMode: Sendable {
  /// The app (`writeRecord`, `writeRecords`, `endWorkout`): writability and authorization apply.
  case app
  /// Another app or device (control `addSamples`): no authorization; device-exclusive types are
  /// allowed (an Apple Watch records them), characteristics still are not samples.
  case external
}

/// One HealthKit sample a record will create, before its uuid is minted.
public struct PlannedSample: Hashable, Sendable {
  public var ckType: String
  public var identifier: String
  public var start: Int
  public var end: Int
  public var body: SampleBody
  public var metadata: [MetadataEntry]
}

/// A record that passed every check: the samples to create. `commitRecord` mints the members'
/// uuids first, in record order, then the container's (protocol/record-shapes.md#fields-by-kind).
public struct PreparedRecord: Hashable, Sendable {
  public var ckType: String
  /// Correlation members or sleep stages (each its own sample).
  public var members: [PlannedSample]
  /// The sample itself, or the correlation; nil for a sleep session (no container).
  public var main: PlannedSample?
  /// Whether the reply lists `members` (bloodPressure, nutrition, sleepSession).
  public var isComposite: Bool
}

/// A written record: the uuid and identifier the reply shows, and the members' when composite.
public struct WrittenRecord: Hashable, Sendable {
  public struct Member: Hashable, Sendable {
    public var uuid: String
    public var identifier: String
  }

  public var uuid: String
  public var identifier: String
  public var members: [Member]?
}

extension HealthStore {
  /// The device's iOS version as the model's type.
  public var deviceOSVersion: OSVersion { osVersion }

  /// Checks a record in the order of protocol/errors.md#which-check-fails-first — CKType and its members mapped → iOS version →
  /// writability → field values → authorization — and returns what to store. Changes nothing.
  public func prepareRecord(_ input: RecordInput, mode: WriteMode) throws(HealthError)
    -> PreparedRecord
  {
    var builder = RecordBuilder(input: input, os: deviceOSVersion, mode: mode)
    try builder.map()
    try builder.checkOS()
    try builder.checkWritability()
    let record = try builder.build()
    if mode == .app {
      for (name, identifier) in builder.shareIdentifiers {
        let status = authorization[identifier]?.share ?? .notDetermined
        guard status == .sharingAuthorized else {
          throw RecordErrors.notAuthorized(
            status, name: name, identifier: identifier, action: "saving the \(input.type) record")
        }
      }
    }
    return record
  }

  /// Stores a prepared record: mints the members' uuids, then the container's, and inserts
  /// every sample.
  @discardableResult
  public func commitRecord(_ record: PreparedRecord, source: SampleSource) -> WrittenRecord {
    let memberUUIDs = record.members.map { _ in mintUUID(for: source) }
    let mainUUID = record.main.map { _ in mintUUID(for: source) }
    for (member, uuid) in zip(record.members, memberUUIDs) {
      samples.insert(stored(member, uuid: uuid, source: source, container: mainUUID))
    }
    if let main = record.main, let mainUUID {
      var sample = stored(main, uuid: mainUUID, source: source, container: nil)
      sample.members = memberUUIDs
      samples.insert(sample)
    }
    let members = zip(record.members, memberUUIDs).map {
      WrittenRecord.Member(uuid: $1, identifier: $0.identifier)
    }
    let shown =
      record.main.map { WrittenRecord.Member(uuid: mainUUID ?? "", identifier: $0.identifier) }
      ?? members.first ?? WrittenRecord.Member(uuid: "", identifier: "")
    return WrittenRecord(
      uuid: shown.uuid, identifier: shown.identifier,
      members: record.isComposite ? members : nil)
  }

  private func stored(
    _ planned: PlannedSample, uuid: String, source: SampleSource, container: String?
  ) -> StoredSample {
    StoredSample(
      uuid: uuid, ckType: planned.ckType, identifier: planned.identifier, start: planned.start,
      end: planned.end, body: planned.body, metadata: planned.metadata, source: source,
      container: container)
  }

  /// This app's source.
  public var appSource: SampleSource { SampleSource(bundleId: bundleId) }
}

/// Checks one record step by step and builds its samples.
struct RecordBuilder {
  let input: RecordInput
  let os: OSVersion
  let mode: WriteMode
  /// A version newer than any: resolving with it reports only mapping refusals.
  static let anyOS = OSVersion(9_999)

  var resolved: ResolvedType?
  /// Members resolved in record order (bloodPressure members, nutrients, stages).
  var memberTypes: [ResolvedType] = []
  /// For a workout: the activity and each series' target, in record order.
  var activity: WorkoutActivity?
  var seriesTargets: [String] = []
  var elevationKeys: (ascended: String, descended: String)?
  /// What `authorization` must allow: (name shown, raw identifier), no duplicates.
  var shareIdentifiers: [(String, String)] = []

  init(input: RecordInput, os: OSVersion, mode: WriteMode) {
    self.input = input
    self.os = os
    self.mode = mode
  }

  // MARK: Mapping

  /// The CKType and every member, nutrient, stage and activity component map to HealthKit.
  mutating func map() throws(HealthError) {
    let type = try Self.resolve(input.type, os: Self.anyOS)
    resolved = type
    switch input.fields {
    case .bloodPressure:
      memberTypes = try RecordTypeMapper.memberCKTypes(of: "bloodPressure").map {
        (member) throws(HealthError) in try Self.resolve(member, os: Self.anyOS)
      }
    case .nutrition(_, let nutrients):
      for nutrient in nutrients {
        memberTypes.append(try Self.resolveMember("nutrition", nutrient.name, what: "nutrient"))
      }
    case .sleepSession(let stages):
      for stage in stages {
        memberTypes.append(try Self.resolveMember("sleepSession", stage.stage, what: "stage"))
      }
    case .workout(let workout):
      guard let found = WorkoutActivities.activity(named: workout.activityType) else {
        throw Self.unknownActivity(workout.activityType)
      }
      activity = found
      for series in workout.series {
        seriesTargets.append(
          try Self.seriesIdentifier(series.component, activity: found.name, os: Self.anyOS))
      }
      if workout.elevation != nil {
        try Self.elevation(activity: found.name, os: Self.anyOS)
      }
    default:
      break
    }
  }

  static func resolve(_ ckType: String, os: OSVersion) throws(HealthError) -> ResolvedType {
    do {
      return try RecordTypeMapper.resolve(ckType, os: os)
    } catch {
      throw RecordErrors.refused(error)
    }
  }

  static func resolveMember(_ composite: String, _ name: String, what: String) throws(HealthError)
    -> ResolvedType
  {
    // protocol/record-shapes.md names nutrients by their `nutrition.*` CKTypes: `protein` and `nutrition.protein`
    // are the same nutrient (likewise a stage may be written `deep` or `sleepSession.deep`).
    let prefix = composite + "."
    let ckType = name.hasPrefix(prefix) ? name : prefix + name
    guard RecordTypeMapper.row(ckType) != nil else {
      let names = RecordTypeMapper.memberCKTypes(of: composite).map {
        String($0.dropFirst(composite.count + 1))
      }
      throw HealthError(
        .unsupportedType,
        "unknown \(composite) \(what) '\(name)'; expected one of \(names.joined(separator: ", "))",
        type: ckType, reason: RefusalReason.unknownType.rawValue)
    }
    return try resolve(ckType, os: anyOS)
  }

  static func unknownActivity(_ name: String) -> HealthError {
    let lower = name.lowercased()
    let hint =
      WorkoutActivities.all.first { $0.name.lowercased() == lower }.map {
        "; did you mean '\($0.name)'?"
      } ?? " (e.g. 'traditionalStrengthTraining', 'running')"
    return .invalidArgument(
      field: "activityType",
      "activityType '\(name)' is not an HKWorkoutActivityType case name\(hint)")
  }

  /// The quantity identifier of a workout series for the activity.
  static func seriesIdentifier(_ component: String, activity: String, os: OSVersion)
    throws(HealthError) -> String
  {
    if let dependent = WorkoutComponent(rawValue: component) {
      do {
        switch try RecordTypeMapper.resolveComponent(dependent, activity: activity, os: os) {
        case .quantity(let identifier): return identifier
        case .elevationMetadata: return ""
        }
      } catch {
        throw RecordErrors.refused(error)
      }
    }
    return try resolve("workout.\(component)", os: os).identifier
  }

  @discardableResult
  static func elevation(activity: String, os: OSVersion) throws(HealthError) -> (
    ascended: String, descended: String
  ) {
    do {
      switch try RecordTypeMapper.resolveComponent(.elevation, activity: activity, os: os) {
      case .elevationMetadata(let ascended, let descended): return (ascended, descended)
      case .quantity(let identifier): return (identifier, identifier)
      }
    } catch {
      throw RecordErrors.refused(error)
    }
  }

  // MARK: iOS version

  mutating func checkOS() throws(HealthError) {
    guard let type = resolved else { return }
    _ = try Self.resolve(input.type, os: os)
    for member in memberTypes {
      _ = try Self.resolve(member.ckType, os: os)
    }
    if case .workout(let workout) = input.fields, let activity {
      guard os >= activity.minimumOS else {
        throw RecordErrors.tooNew(
          "the workout activity '\(activity.name)'", type: "workout",
          minimumOS: activity.minimumOS, deviceOS: os)
      }
      for series in workout.series {
        _ = try Self.seriesIdentifier(series.component, activity: activity.name, os: os)
      }
      if workout.elevation != nil {
        elevationKeys = try Self.elevation(activity: activity.name, os: os)
      }
    }
    _ = type
  }

  // MARK: Writability

  func checkWritability() throws(HealthError) {
    guard resolved != nil else { return }
    do {
      _ = try RecordTypeMapper.resolveForWriting(input.type, os: Self.anyOS)
    } catch {
      if mode == .external && error.reason != .characteristic { return }
      var refusal = RecordErrors.refused(error)
      if mode == .external {
        refusal.message += "; set it with the control method setCharacteristic"
      }
      throw refusal
    }
  }

  // MARK: Field values

  /// Checks the field values (numbers, units, dates, metadata, category cases) and builds the
  /// samples.
  mutating func build() throws(HealthError) -> PreparedRecord {
    guard let type = resolved else {
      throw RecordErrors.invalid("type", "the record's type was not resolved")
    }
    let start = input.start
    let end = input.end ?? input.start
    // the field-value order in protocol/errors.md#which-check-fails-first: numbers and units, then dates, metadata, category cases.
    try checkNumbersAndUnits(type)
    try checkDates(start: start, end: end)
    var metadata = try Self.metadata(input.metadata)
    var derived: [MetadataEntry] = []
    var members: [PlannedSample] = []
    var main: PlannedSample?
    var composite = false

    func sample(_ ckType: String, _ identifier: String, _ body: SampleBody) -> PlannedSample {
      PlannedSample(
        ckType: ckType, identifier: identifier, start: start, end: end, body: body, metadata: [])
    }

    switch input.fields {
    case .none:
      main = sample(input.type, type.identifier, .empty)

    case .quantity(let quantity, let special):
      try Self.checkAmount(quantity.value, field: "value", identifier: type.identifier)
      try Self.checkUnit(quantity.unit, field: "unit", identifier: type.identifier)
      derived = try Self.specialMetadata(input.type, special)
      main = sample(
        input.type, type.identifier,
        .quantity(MeasuredQuantity(value: quantity.value, unit: quantity.unit)))

    case .category(let value, let special):
      derived = try Self.specialMetadata(input.type, special)
      let raw = try Self.categoryRaw(value, type: type, ckType: input.type, os: os)
      main = sample(input.type, type.identifier, .category(rawValue: raw))

    case .sleepStage:
      main = sample(
        input.type, type.identifier, .category(rawValue: type.categoryCase?.rawValue ?? 0))

    case .bloodPressure(let systolic, let diastolic, let unit):
      composite = true
      let ids = memberTypes.map(\.identifier)
      let systolicId = ids.first ?? ""
      let diastolicId = ids.last ?? ""
      try Self.checkAmount(systolic, field: "systolic", identifier: systolicId)
      try Self.checkAmount(diastolic, field: "diastolic", identifier: diastolicId)
      try Self.checkUnit(unit, field: "unit", identifier: systolicId)
      members = [
        sample(
          "bloodPressure.systolic", systolicId,
          .quantity(MeasuredQuantity(value: systolic, unit: unit))),
        sample(
          "bloodPressure.diastolic", diastolicId,
          .quantity(MeasuredQuantity(value: diastolic, unit: unit))),
      ]
      main = sample(
        input.type, type.identifier,
        .bloodPressure(systolic: systolic, diastolic: diastolic, unit: unit))

    case .nutrition(let name, let nutrients):
      composite = true
      guard !nutrients.isEmpty else {
        throw RecordErrors.invalid(
          "nutrients",
          "a nutrition record needs at least one nutrient, e.g. {\"protein\": "
            + "{\"value\": 20, \"unit\": \"g\"}}")
      }
      var seen: Set<String> = []
      for (nutrient, member) in zip(nutrients, memberTypes) {
        let field = "nutrients.\(nutrient.name)"
        guard seen.insert(member.ckType).inserted else {
          throw RecordErrors.invalid(field, "nutrient '\(nutrient.name)' is given twice")
        }
        try Self.checkAmount(
          nutrient.amount.value, field: field + ".value", identifier: member.identifier)
        try Self.checkUnit(
          nutrient.amount.unit, field: field + ".unit", identifier: member.identifier)
        members.append(
          sample(
            member.ckType, member.identifier,
            .quantity(MeasuredQuantity(value: nutrient.amount.value, unit: nutrient.amount.unit))))
      }
      if let name {
        derived.append(MetadataEntry(RecordFieldTable.foodTypeKey, .string(name)))
      }
      main = sample(
        input.type, type.identifier,
        .food(
          nutrients.map {
            NutrientAmount(
              name: $0.name, amount: MeasuredQuantity(value: $0.amount.value, unit: $0.amount.unit))
          }))

    case .sleepSession(let stages):
      composite = true
      guard !stages.isEmpty else {
        throw RecordErrors.invalid(
          "stages",
          "a sleepSession needs at least one stage, e.g. {\"stage\": \"deep\", "
            + "\"start\": …, \"end\": …}")
      }
      for (index, (stage, member)) in zip(stages, memberTypes).enumerated() {
        let field = "stages[\(index)]"
        try checkStage(stage, field: field, start: start, end: end)
        var planned = sample(
          member.ckType, member.identifier, .category(rawValue: member.categoryCase?.rawValue ?? 0))
        planned.start = stage.start
        planned.end = stage.end
        members.append(planned)
      }

    case .workout(let workout):
      main = try workoutSample(workout, type: type, start: start, end: end, derived: &derived)

    case .audiogram(let points):
      try Self.checkPoints(points)
      main = sample(input.type, type.identifier, .audiogram(points))
    }

    for entry in derived {
      if metadata.contains(where: { $0.key == entry.key }) {
        throw RecordErrors.invalid(
          "metadata.\(entry.key)",
          "metadata key '\(entry.key)' is set by the record's own fields; leave it out of metadata")
      }
    }
    metadata += derived
    if mode == .app { collectShareIdentifiers(type) }
    if main != nil {
      main?.metadata = metadata
    } else if !members.isEmpty {
      for index in members.indices { members[index].metadata = metadata }
    }
    return PreparedRecord(ckType: input.type, members: members, main: main, isComposite: composite)
  }

  /// The numbers and units of every kind (the build below relies on them being checked).
  func checkNumbersAndUnits(_ type: ResolvedType) throws(HealthError) {
    switch input.fields {
    case .quantity(let quantity, _):
      try Self.checkAmount(quantity.value, field: "value", identifier: type.identifier)
      try Self.checkUnit(quantity.unit, field: "unit", identifier: type.identifier)
    case .bloodPressure(let systolic, let diastolic, let unit):
      let ids = memberTypes.map(\.identifier)
      try Self.checkAmount(systolic, field: "systolic", identifier: ids.first ?? "")
      try Self.checkAmount(diastolic, field: "diastolic", identifier: ids.last ?? "")
      try Self.checkUnit(unit, field: "unit", identifier: ids.first ?? "")
    case .nutrition(_, let nutrients):
      for (nutrient, member) in zip(nutrients, memberTypes) {
        let field = "nutrients.\(nutrient.name)"
        try Self.checkAmount(
          nutrient.amount.value, field: field + ".value", identifier: member.identifier)
        try Self.checkUnit(
          nutrient.amount.unit, field: field + ".unit", identifier: member.identifier)
      }
    case .workout(let workout):
      try checkWorkoutNumbers(workout)
    case .audiogram(let points):
      try Self.checkPoints(points)
    default:
      break
    }
  }

  mutating func collectShareIdentifiers(_ type: ResolvedType) {
    var pairs: [(String, String)] = []
    switch input.fields {
    case .bloodPressure, .nutrition:
      pairs = memberTypes.map { ($0.ckType, $0.identifier) }
    default:
      pairs = [(input.type, type.identifier)]
    }
    for pair in pairs where !shareIdentifiers.contains(where: { $0.1 == pair.1 }) {
      shareIdentifiers.append(pair)
    }
  }

  func checkDates(start: Int, end: Int) throws(HealthError) {
    guard HealthStore.clockRange.contains(start) else {
      throw RecordErrors.dateOutOfRange("start", start)
    }
    guard HealthStore.clockRange.contains(end) else {
      throw RecordErrors.dateOutOfRange("end", end)
    }
    guard end >= start else {
      throw RecordErrors.invalid(
        "end", "end \(end) is before start \(start); a sample ends at or after its start")
    }
  }

  func checkStage(_ stage: StageInput, field: String, start: Int, end: Int) throws(HealthError) {
    guard stage.end >= stage.start else {
      throw RecordErrors.invalid(
        field + ".end", "\(field) ends (\(stage.end)) before it starts (\(stage.start))")
    }
    guard stage.start >= start else {
      throw RecordErrors.invalid(
        field + ".start",
        "\(field) starts at \(stage.start), before the session's start \(start); stages lie "
          + "inside the session")
    }
    guard stage.end <= end else {
      throw RecordErrors.invalid(
        field + ".end",
        "\(field) ends at \(stage.end), after the session's end \(end); stages lie inside the "
          + "session")
    }
  }
}
