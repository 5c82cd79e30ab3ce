import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// The control methods that put into the store what only the system, the Apple Watch and health
/// institutions write, so that a plugin's reading code can be tested (protocol/channel-api.md#control-channel-hkbridgecontrol):
/// activity summaries, ECGs with their voltages, clinical records. Like `addSamples`: no
/// authorization, iOS version checks apply, all or nothing (a bad entry fails the call, naming
/// `records[i].<field>` or `summaries[i].<field>`).
enum SystemRecordControl {
  static let table: MethodTable = [
    "addActivitySummaries": .control(takes: ["summaries"], addActivitySummaries),
    "addElectrocardiograms": .control(takes: ["records", "source"], addElectrocardiograms),
    "addClinicalRecords": .control(takes: ["records", "source"], addClinicalRecords),
  ]

  static let summaryAmounts = ActivitySummary(year: 1970, month: 1, day: 1).amounts.map(\.field)
  static let summaryKeys = ["year", "month", "day"] + summaryAmounts + ["moveMode", "isPaused"]
  static let ecgKeys = [
    "start", "end", "classification", "symptomsStatus", "averageHeartRate", "samplingFrequency",
    "microvolts",
  ]
  static let clinicalKeys = ["type", "start", "end", "displayName", "fhirResource"]
  static let fhirKeys = ["resourceType", "identifier", "data", "sourceURL", "fhirVersion"]

  // MARK: Activity summaries

  /// `summaries: [{year, month, day, <amounts>?, moveMode?, isPaused?}]`: one summary per day,
  /// replacing the day's summary (a day given twice: the last wins). Returns `null`.
  @Sendable
  static func addActivitySummaries(_ context: MethodContext) throws -> MethodOperation {
    let args = context.arguments
    var summaries: [ActivitySummary] = []
    for (index, value) in try args.list("summaries").enumerated() {
      let entry = try args.element(value, of: "summaries", at: index)
      try entry.rejectUnknownFields(allowed: summaryKeys)
      var summary = ActivitySummary(
        year: try entry.int("year"), month: try entry.int("month"), day: try entry.int("day"))
      var amounts: [String: Double] = [:]
      for name in summaryAmounts { amounts[name] = try entry.optionalNumber(name) ?? 0 }
      summary.activeEnergyBurned = amounts["activeEnergyBurned", default: 0]
      summary.activeEnergyBurnedGoal = amounts["activeEnergyBurnedGoal", default: 0]
      summary.moveTime = amounts["moveTime", default: 0]
      summary.moveTimeGoal = amounts["moveTimeGoal", default: 0]
      summary.exerciseTime = amounts["exerciseTime", default: 0]
      summary.exerciseTimeGoal = amounts["exerciseTimeGoal", default: 0]
      summary.standHours = amounts["standHours", default: 0]
      summary.standHoursGoal = amounts["standHoursGoal", default: 0]
      summary.moveMode =
        try caseValue(entry, "moveMode", CharacteristicCases.activityMoveMode) ?? 1
      summary.isPaused = try entry.optionalBool("isPaused") ?? false
      try summary.check(field: "summaries[\(index)]")
      summaries.append(summary)
    }
    let store = context.store
    return {
      store.addActivitySummaries(summaries)
      return .null
    }
  }

  /// A snapshot entry: `{year, month, day, <amounts>, moveMode, isPaused}`.
  static func summary(_ summary: ActivitySummary) -> ChannelValue {
    var pairs: [(String, ChannelValue)] = [
      ("year", .swiftInt(summary.year)), ("month", .swiftInt(summary.month)),
      ("day", .swiftInt(summary.day)),
    ]
    pairs += summary.amounts.map { ($0.field, .float64($0.value)) }
    let mode = ReadOnlyRecordTables.name(
      of: summary.moveMode, in: CharacteristicCases.activityMoveMode)
    pairs.append(("moveMode", .string(mode ?? "activeEnergy")))
    pairs.append(("isPaused", .bool(summary.isPaused)))
    return .object(pairs)
  }

  // MARK: Electrocardiograms

  /// `records: [{start, end?, classification?, symptomsStatus?, averageHeartRate?,
  /// samplingFrequency?, microvolts?}]`, `source?`: ECGs as an Apple Watch records them.
  /// Returns `{"uuids": [...]}`.
  @Sendable
  static func addElectrocardiograms(_ context: MethodContext) throws -> MethodOperation {
    try addRecords(context, keys: ecgKeys) { record, store, field in
      let reading = ElectrocardiogramReading(
        classification: try caseValue(
          record, "classification", ReadOnlyRecordTables.ecgClassifications) ?? 0,
        symptomsStatus: try caseValue(
          record, "symptomsStatus", ReadOnlyRecordTables.ecgSymptomsStatuses) ?? 0,
        averageHeartRate: try record.optionalNumber("averageHeartRate"),
        samplingFrequency: try record.optionalNumber("samplingFrequency"),
        microvolts: try numbers(record, "microvolts"))
      return try store.plannedElectrocardiogram(
        start: try record.int("start"), end: try record.optionalInt("end"), reading: reading,
        field: field)
    }
  }

  // MARK: Clinical records

  /// `records: [{type, start, end?, displayName, fhirResource?: {resourceType, identifier,
  /// data?, sourceURL?, fhirVersion?}}]`, `source?`: records a health institution sent.
  /// Returns `{"uuids": [...]}`.
  @Sendable
  static func addClinicalRecords(_ context: MethodContext) throws -> MethodOperation {
    try addRecords(context, keys: clinicalKeys) { record, store, field in
      let type = try record.string("type")
      let start = try record.int("start")
      let end = try record.optionalInt("end")
      let content = ClinicalRecordContent(
        displayName: try record.string("displayName"),
        fhirResource: try fhirResource(record.optionalMap("fhirResource")))
      return try store.plannedClinicalRecord(
        identifier: Catalogue.info(named: type)?.identifier ?? type, start: start, end: end,
        content: content, field: field)
    }
  }

  /// The shared shape of the methods that add another source's samples: `records` (each a map
  /// of `keys`, planned by `plan` with its field name `records[i]`) and `source?`; all or
  /// nothing, saved in order: `{"uuids": [...]}`.
  static func addRecords(
    _ context: MethodContext, keys: [String],
    plan: (Arguments, HealthStore, String) throws -> PlannedSample
  ) throws -> MethodOperation {
    let args = context.arguments
    let store = context.store
    let records = try args.list("records")
    let source = try RecordMethods.externalSource(args)
    var planned: [PlannedSample] = []
    for (index, value) in records.enumerated() {
      let record = try args.element(value, of: "records", at: index)
      try record.rejectUnknownFields(allowed: keys)
      planned.append(try plan(record, store, "records[\(index)]"))
    }
    return {
      let uuids = planned.compactMap { store.save(PlannedObjects(main: $0), source: source).main }
      return .object([("uuids", .list(uuids.map { .string($0) }))])
    }
  }

  static func fhirResource(_ map: Arguments?) throws(ArgumentError) -> FHIRResourceContent? {
    guard let map else { return nil }
    try map.rejectUnknownFields(allowed: fhirKeys)
    var data: [UInt8] = []
    switch try map.optionalValue("data") {
    case nil: break
    case .string(let text)?: data = Array(text.utf8)
    case .uint8List(let bytes)?: data = bytes
    case let other?:
      throw ArgumentError(
        field: map.fieldName("data"),
        "field '\(map.fieldName("data"))' must be the resource's JSON as a String or a "
          + "Uint8List, not \(other.typeName)")
    }
    return FHIRResourceContent(
      resourceType: try map.string("resourceType"), identifier: try map.string("identifier"),
      data: data, sourceURL: try map.optionalString("sourceURL"),
      fhirVersion: try map.optionalString("fhirVersion") ?? "4.0.1")
  }

  // MARK: Shared

  /// An optional enum field given as its case name (`"sinusRhythm"`) or raw value (`1`); a
  /// raw value is checked by the store, an unknown name here.
  static func caseValue(_ args: Arguments, _ name: String, _ cases: [CategoryCase])
    throws(ArgumentError) -> Int?
  {
    guard let value = try args.optionalValue(name) else { return nil }
    if let raw = value.intValue { return raw }
    let names = cases.map(\.name)
    guard let text = value.stringValue else {
      throw ArgumentError(
        field: args.fieldName(name),
        "field '\(args.fieldName(name))' must be a case name (\(names.joined(separator: ", "))) "
          + "or its raw value, not \(value.typeName)")
    }
    guard let raw = ReadOnlyRecordTables.rawValue(of: text, in: cases) else {
      let meant = NearestName.find(text, among: names)
      throw ArgumentError(
        field: args.fieldName(name),
        "field '\(args.fieldName(name))' is \"\(text)\"; expected one of "
          + names.joined(separator: ", "),
        didYouMean: meant)
    }
    return raw
  }

  /// An optional list of numbers (or a Float64List), each element named in an error.
  static func numbers(_ args: Arguments, _ name: String) throws(ArgumentError) -> [Double] {
    guard let value = try args.optionalValue(name) else { return [] }
    if case .float64List(let doubles) = value { return doubles }
    guard let list = value.listValue else {
      throw ArgumentError(
        field: args.fieldName(name),
        "field '\(args.fieldName(name))' must be a list of numbers, not \(value.typeName)")
    }
    return try args.elements(of: list, name: name, each: "a number") { $0.doubleValue }
  }
}
