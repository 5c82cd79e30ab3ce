import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// The query methods of `health_kit_reporter_method_channel`: each replies a JSON string of the
/// library's models (`sampleQuery`: a list of JSON strings). Samples must lie wholly inside the
/// predicate (`.strictStartDate` and `.strictEndDate`), newest start first.
enum ReporterQueryMethods {
  static let table: MethodTable = [
    "quantityQuery": .plain(quantityQuery),
    "categoryQuery": .plain(categoryQuery),
    "workoutQuery": .plain(workoutQuery),
    "sampleQuery": .plain(sampleQuery),
    "statisticsQuery": .plain(statisticsQuery),
    "sourceQuery": .plain(sourceQuery),
    "correlationQuery": .plain(correlationQuery),
    "heartbeatSeriesQuery": .plain(
      emptySeriesQuery("HKDataTypeIdentifierHeartbeatSeries", method: "heartbeatSeriesQuery")),
    "workoutRouteQuery": .plain(
      emptySeriesQuery("HKWorkoutRouteTypeIdentifier", method: "workoutRouteQuery")),
    "queryActivitySummary": .plain(ReporterSystemRecords.queryActivitySummary),
    "electrocardiogramQuery": .plain(ReporterSystemRecords.electrocardiogramQuery),
  ]

  /// The samples of one type a query of the app sees inside `range`, newest start first; the
  /// HealthKit error when reading was never asked for.
  static func samples(
    _ identifier: String, in range: ClosedRange<Int>, store: HealthStore, code: String,
    message: String, strictStart: Bool = true, strictEnd: Bool = true
  ) throws -> [StoredSample] {
    try ReporterHKError.requireAvailable(store, code: code, message: message)
    guard let visibility = store.readVisibility(of: identifier) else {
      throw ReporterError.healthKit(code: code, message: message, error: .notDetermined)
    }
    return store.read(
      SampleQuery(identifier: identifier, start: range.lowerBound, end: range.upperBound + 1),
      visibility: visibility
    ) { sample in
      (!strictStart || sample.start >= range.lowerBound)
        && (!strictEnd || sample.end <= range.upperBound)
    }
  }

  static func jsonList(_ items: [ReporterJSON]) -> ChannelValue {
    .string(ReporterJSON.array(items).text)
  }

  @Sendable
  static func quantityQuery(_ call: MethodContext) throws -> ChannelValue {
    let args = try ReporterArguments(call.rawArguments)
    let identifier = try args.string("identifier")
    let unit = try args.string("unit")
    let range = try args.range()
    guard ReporterTypes.ofClass(.quantity, identifier, store: call.store) != nil else {
      throw ReporterError.platform("invalidType(\"Unknown identifier: \(identifier)\")")
    }
    guard HostUnits.fits(unit, identifier: identifier) else {
      throw ReporterHostFailure.incompatibleUnit(unit, identifier)
    }
    let found = try samples(
      identifier, in: range, store: call.store, code: "QuantityQuery",
      message: "Error in quantityQuery for identifier: \(identifier)")
    let models = ReporterModels(store: call.store)
    return jsonList(found.compactMap { models.quantity($0, unit: unit) })
  }

  @Sendable
  static func categoryQuery(_ call: MethodContext) throws -> ChannelValue {
    let args = try ReporterArguments(call.rawArguments)
    let identifier = try args.string("identifier")
    let range = try args.range()
    guard ReporterTypes.ofClass(.category, identifier, store: call.store) != nil else {
      throw ReporterError.platform("invalidType(\"Unknown identifier: \(identifier)\")")
    }
    let found = try samples(
      identifier, in: range, store: call.store, code: "CategoryQuery",
      message: "Error in categoryQuery for identifier: \(identifier)")
    let models = ReporterModels(store: call.store)
    return jsonList(found.compactMap(models.category))
  }

  static let workoutIdentifier = "HKWorkoutTypeIdentifier"

  @Sendable
  static func workoutQuery(_ call: MethodContext) throws -> ChannelValue {
    let args = try ReporterArguments(call.rawArguments)
    let range = try args.range()
    let option = args.map.value("singleQueryOption")
    // `as? String?`: absent is nil; a value must be a String.
    var strictStart = true
    var strictEnd = true
    switch option {
    case nil: break
    case .string("strictStartDate")?: strictEnd = false
    case .string("strictEndDate")?: strictStart = false
    case .string("notStrict")?: (strictStart, strictEnd) = (false, false)
    case .string?: break
    default: throw args.parsingError
    }
    let found = try samples(
      workoutIdentifier, in: range, store: call.store, code: "WorkoutQuery",
      message: "Error in workoutQuery", strictStart: strictStart, strictEnd: strictEnd)
    let models = ReporterModels(store: call.store)
    return jsonList(found.compactMap(models.workout))
  }

  /// `{identifier, startTimestamp, endTimestamp}` of any sample type, and its samples.
  static func sampleTypeQuery(_ call: MethodContext, code: String, message: String) throws
    -> [StoredSample]
  {
    let args = try ReporterArguments(call.rawArguments)
    let identifier = try args.string("identifier")
    let range = try args.range()
    guard ReporterTypes.sampleType(identifier, store: call.store) != nil else {
      throw ReporterError.identifier(identifier)
    }
    return try samples(identifier, in: range, store: call.store, code: code, message: message)
  }

  @Sendable
  static func sampleQuery(_ call: MethodContext) throws -> ChannelValue {
    let found = try sampleTypeQuery(call, code: "SampleQuery", message: "Error in sampleQuery")
    let models = ReporterModels(store: call.store)
    return .list(found.compactMap(models.sampleInLibraryUnit).map { .string($0.text) })
  }

  @Sendable
  static func statisticsQuery(_ call: MethodContext) throws -> ChannelValue {
    let args = try ReporterArguments(call.rawArguments)
    let identifier = try args.string("identifier")
    let unit = try args.string("unit")
    let range = try args.range()
    guard ReporterTypes.ofClass(.quantity, identifier, store: call.store) != nil else {
      throw ReporterError.identifier(identifier, kind: "QuantityType")
    }
    guard HostUnits.fits(unit, identifier: identifier) else {
      throw ReporterHostFailure.incompatibleUnit(unit, identifier)
    }
    let code = "StatisticsQuery"
    let message = "Error in statisticsQuery"
    try ReporterHKError.requireAvailable(call.store, code: code, message: message)
    guard let visibility = call.store.readVisibility(of: identifier) else {
      throw ReporterError.healthKit(code: code, message: message, error: .notDetermined)
    }
    let from = range.lowerBound
    let to = range.upperBound
    let request = StatisticsRequest(
      identifier: identifier, from: from, to: max(to, from + 1), interval: max(1, to - from),
      unit: unit, strictStart: true, source: visibility.onlySource)
    let buckets =
      (try? call.store.statisticsCollection(request) { sample in
        visibility.shows(sample) && sample.end <= to
      }) ?? []
    guard let bucket = buckets.first else {
      throw ReporterError.healthKit(code: code, message: message, error: .noData)
    }
    let statistics = ReporterStatistics.json(
      identifier: identifier, start: from, end: to, value: bucket.value, unit: unit)
    return .string(statistics.text)
  }

  @Sendable
  static func sourceQuery(_ call: MethodContext) throws -> ChannelValue {
    let found = try sampleTypeQuery(call, code: "SourceQuery", message: "Error in sourceQuery")
    var seen: Set<String> = []
    var sources: [ReporterJSON] = []
    for sample in found.reversed() where seen.insert(sample.source.bundleId).inserted {
      sources.append(ReporterModels.source(sample.source))
    }
    return jsonList(sources)
  }

  @Sendable
  static func correlationQuery(_ call: MethodContext) throws -> ChannelValue {
    let args = try ReporterArguments(call.rawArguments)
    let identifier = try args.string("identifier")
    let range = try args.range()
    guard ReporterTypes.ofClass(.correlation, identifier, store: call.store) != nil else {
      throw ReporterError.identifier(identifier, kind: "CorrelationType")
    }
    let code = "CorrelationQuery"
    let message = "Error in correlationQuery"
    try ReporterHKError.requireAvailable(call.store, code: code, message: message)
    // The correlations themselves are all looked at; each is shown when its members are.
    let found = call.store.read(
      SampleQuery(identifier: identifier, start: range.lowerBound, end: range.upperBound + 1),
      visibility: .all
    ) { $0.start >= range.lowerBound && $0.end <= range.upperBound }
    // A correlation is read with its members' types: it is seen when each member is.
    var visible: [StoredSample] = []
    for correlation in found {
      let members = correlation.members.compactMap { call.store.storedSample(uuid: $0) }
      var shown = true
      for member in members {
        guard let visibility = call.store.readVisibility(of: member.identifier) else {
          throw ReporterError.healthKit(code: code, message: message, error: .notDetermined)
        }
        shown = shown && visibility.shows(member)
      }
      if shown { visible.append(correlation) }
    }
    let models = ReporterModels(store: call.store)
    return jsonList(visible.compactMap(models.correlation))
  }

  /// Heartbeat series and workout routes: the store holds none, so the
  /// answer is an empty list once the predicate parses (`[String: Double]`) and reading
  /// `identifier` was asked for (never asked: HealthKit's code 5, as for every read; the
  /// plugin's error is `Method` capitalized, "Error in method").
  static func emptySeriesQuery(_ identifier: String, method: String)
    -> @Sendable (MethodContext) throws -> ChannelValue
  {
    { call in
      guard case .map(let entries) = call.rawArguments,
        entries.allSatisfy({ $0.key.stringValue != nil && CastArguments.number($0.value) != nil })
      else { throw ReporterError.noArguments }
      let args = try ReporterArguments(call.rawArguments)
      let range = try args.range()
      _ = try samples(
        identifier, in: range, store: call.store,
        code: method.prefix(1).uppercased() + method.dropFirst(), message: "Error in \(method)")
      return jsonList([])
    }
  }
}

/// `Statistics(statistics:unit:)` of one HealthKit statistics object: only the field the
/// type's one option fills (`summary` for a cumulative type, `average` for a discrete one);
/// `sources` is empty (the plugin never asks `.separateBySource`).
enum ReporterStatistics {
  static func json(identifier: String, start: Int, end: Int, value: Double?, unit: String)
    -> ReporterJSON
  {
    let cumulative = Catalogue.info(identifier)?.quantity?.aggregation == .cumulative
    let harmonized = ReporterJSON.fields([
      ("summary", cumulative ? value.map { .double($0) } : nil),
      ("average", cumulative ? nil : value.map { .double($0) }), ("unit", .string(unit)),
    ])
    return .fields([
      ("identifier", .string(identifier)), ("startTimestamp", ReporterModels.seconds(start)),
      ("endTimestamp", ReporterModels.seconds(end)), ("harmonized", harmonized),
      ("sources", .array([])),
    ])
  }
}

/// Calls the real host does not survive (an Objective-C exception from HealthKit); the
/// emulator answers with an error whose message says so.
enum ReporterHostFailure {
  static func incompatibleUnit(_ unit: String, _ identifier: String) -> ReporterError {
    .plugin(
      message: "Error in platform method.",
      details: "hkbridge: '\(unit)' is not a unit of \(identifier); HealthKit raises an "
        + "Objective-C exception (HKUnit parsing or doubleValue(for:)) and the app crashes")
  }
}
