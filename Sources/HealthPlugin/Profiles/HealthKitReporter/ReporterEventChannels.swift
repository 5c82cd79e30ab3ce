import FlutterCodec
import HealthKitModel
import HealthStore

/// The four event channels of `health_kit_reporter` (protocol/profiles/health_kit_reporter.md,
/// "Event channels"), on the dispatcher's event seam (protocol/events.md). Each stream handler
/// reads its `listen` arguments as the plugin's `setQueries` does: arguments that are not a map
/// refuse the `listen`; a missing key starts no query (the `listen` still succeeds); the first
/// identifier of the wrong class ends the loop, so the identifiers after it are not queried.
enum ReporterEventChannels {
  static let observer = "health_kit_reporter_event_channel_observer_query"
  static let statisticsCollection = "health_kit_reporter_event_channel_statistics_collection_query"
  static let activitySummary = "health_kit_reporter_event_channel_query_activity_summary"
  static let anchoredObject = "health_kit_reporter_event_channel_anchored_object_query"

  static let channels: [ProfileEventChannel] = [
    channel(observer, handler: "ObserverQueryStreamHandler", ReporterObserverStream.make),
    channel(
      statisticsCollection, handler: "StatisticsCollectionQueryStreamHandler",
      ReporterStatisticsStream.make),
    channel(
      activitySummary, handler: "QueryActivitySummaryStreamHandler", ReporterSummaryStream.make),
    channel(
      anchoredObject, handler: "AnchoredObjectQueryStreamHandler", ReporterAnchoredStream.make),
  ]

  /// `String(describing:)` of a stream handler object (address fixed in the emulator).
  static func className(_ handler: String) -> String {
    "<health_kit_reporter.\(handler): 0x600000c08000>"
  }

  static func channel(
    _ name: String, handler: String,
    _ make: @escaping @Sendable (ReporterArguments, EventListen) -> any EventStream
  ) -> ProfileEventChannel {
    ProfileEventChannel(name: name, errors: ReporterError.flutterError) { listen in
      guard case .map = listen.arguments else {
        throw ReporterError.plugin(
          message: "Error call arguments.", details: "No arguments",
          className: className(handler))
      }
      return make(try ReporterArguments(listen.arguments), listen)
    }
  }

  /// The identifiers a stream queries: those before the first that is not of the class.
  static func identifiers(_ names: [String], store: HealthStore, ofClass: TypeClass? = nil)
    -> [String]
  {
    var result: [String] = []
    for name in names {
      guard let info = ReporterTypes.sampleType(name, store: store),
        ofClass == nil || info.typeClass == ofClass
      else { break }
      result.append(name)
    }
    return result
  }

  /// The optional predicate: both timestamps as Dart's milliseconds, else none.
  static func predicate(_ args: ReporterArguments) -> ClosedRange<Int>? {
    try? args.range()
  }

  /// Whether a query of the app sees a change of `entry` (the privacy rule: only its own when
  /// reading was denied; nothing while reading was never asked for).
  static func sees(_ entry: SampleChangeEntry, store: HealthStore) -> Bool {
    switch visibility(entry.identifier, store: store) {
    case .all?: return true
    case .ownOnly(let bundleId)?: return entry.source == bundleId
    case nil: return false
    }
  }

  /// What a query of the app sees of a type; nil when HealthKit fails the query (reading never
  /// asked for, or HealthKit not available on the device), which the handlers answer with
  /// nothing.
  static func visibility(_ identifier: String, store: HealthStore) -> ReadVisibility? {
    guard store.availability == .available else { return nil }
    return store.readVisibility(of: identifier)
  }

  static func inside(_ sample: StoredSample, _ range: ClosedRange<Int>?) -> Bool {
    guard let range else { return true }
    return sample.start >= range.lowerBound && sample.end <= range.upperBound
  }
}

/// `HKObserverQuery` per identifier: `{"identifier": id}` once when the query starts, then after
/// every call that saved or deleted samples of the type the app may see (inside the predicate,
/// when one was given; a delete always counts).
final class ReporterObserverStream: EventStream {
  let identifiers: [String]
  let range: ClosedRange<Int>?
  let store: HealthStore

  init(identifiers: [String], range: ClosedRange<Int>?, store: HealthStore) {
    self.identifiers = identifiers
    self.range = range
    self.store = store
  }

  static func make(_ args: ReporterArguments, _ listen: EventListen) -> any EventStream {
    guard let names = args.map.strings("identifiers") else { return FixedEventStream() }
    let stream = ReporterObserverStream(
      identifiers: ReporterEventChannels.identifiers(names, store: listen.store),
      range: ReporterEventChannels.predicate(args), store: listen.store)
    for identifier in stream.identifiers
    where ReporterEventChannels.visibility(identifier, store: listen.store) != nil {
      listen.sink.success(event(identifier))
    }
    return stream
  }

  static func event(_ identifier: String) -> ChannelValue {
    .object([("identifier", .string(identifier))])
  }

  func storeDidChange(_ change: StoreChange, sink: EventSink) {
    for identifier in identifiers {
      let fires = change.entries.contains { entry in
        guard entry.identifier == identifier, ReporterEventChannels.sees(entry, store: store)
        else { return false }
        if entry.deleted { return true }
        return store.samples.sample(uuid: entry.uuid).map {
          ReporterEventChannels.inside($0, range)
        } ?? false
      }
      if fires { sink.success(Self.event(identifier)) }
    }
  }
}

/// `HKAnchoredObjectQuery` per identifier with updates: the initial batch (every sample the app
/// sees inside the predicate, no deleted objects), then after each change of the type the
/// samples added since the query's anchor and the objects deleted since, as
/// `{"samples": [JSON], "deletedObjects": [JSON]}`.
final class ReporterAnchoredStream: EventStream {
  let identifiers: [String]
  let range: ClosedRange<Int>
  let store: HealthStore
  var anchors: [String: Int] = [:]

  init(identifiers: [String], range: ClosedRange<Int>, store: HealthStore) {
    self.identifiers = identifiers
    self.range = range
    self.store = store
  }

  static func make(_ args: ReporterArguments, _ listen: EventListen) -> any EventStream {
    guard let names = args.map.strings("identifiers"), let range = try? args.range() else {
      return FixedEventStream()
    }
    let stream = ReporterAnchoredStream(
      identifiers: ReporterEventChannels.identifiers(names, store: listen.store), range: range,
      store: listen.store)
    for identifier in stream.identifiers {
      if let batch = stream.batch(identifier, since: 0, initial: true) {
        listen.sink.success(batch)
      }
    }
    return stream
  }

  /// The batch since `anchor` (moving the query's anchor on), or nil when reading was never
  /// asked for (HealthKit fails the query; the plugin sends nothing).
  func batch(_ identifier: String, since anchor: Int, initial: Bool) -> ChannelValue? {
    guard let visibility = ReporterEventChannels.visibility(identifier, store: store) else {
      return nil
    }
    let changes = store.samples.changes(of: identifier, since: anchor)
    anchors[identifier] = changes.anchor
    let models = ReporterModels(store: store)
    let added = changes.added.filter {
      visibility.shows($0) && ReporterEventChannels.inside($0, range)
    }
    let deleted =
      !initial
      ? changes.deleted.filter { deletedSample in
        if case .ownOnly(let bundleId) = visibility { return deletedSample.source == bundleId }
        return true
      } : []
    guard initial || !added.isEmpty || !deleted.isEmpty else { return nil }
    return .object([
      ("samples", .list(added.compactMap(models.sampleInLibraryUnit).map { .string($0.text) })),
      (
        "deletedObjects",
        .list(deleted.map { .string(ReporterModels.deletedObject(uuid: $0.uuid).text) })
      ),
    ])
  }

  func storeDidChange(_ change: StoreChange, sink: EventSink) {
    for identifier in identifiers where change.changed(identifier) {
      if let batch = batch(identifier, since: anchors[identifier] ?? 0, initial: false) {
        sink.success(batch)
      }
    }
  }
}

/// `HKStatisticsCollectionQuery` per preferred unit with updates: one `Statistics` JSON string
/// per interval from the one holding `enumerateFrom` to the last starting before `enumerateTo`,
/// when the query starts, and all of them again after each change of the type the app sees.
final class ReporterStatisticsStream: EventStream {
  struct Query {
    var identifier: String
    var unit: String
  }

  let queries: [Query]
  let range: ClosedRange<Int>
  /// The intervals enumerated, each `[start, end)` in milliseconds.
  let intervals: [(start: Int, end: Int)]
  let store: HealthStore

  init(
    queries: [Query], range: ClosedRange<Int>, intervals: [(start: Int, end: Int)],
    store: HealthStore
  ) {
    self.queries = queries
    self.range = range
    self.intervals = intervals
    self.store = store
  }

  /// More intervals than one enumeration sends (the emulator's limit).
  static let maximumIntervals = 10_000

  static func make(_ args: ReporterArguments, _ listen: EventListen) -> any EventStream {
    let map = args.map
    guard case .list(let units)? = map.value("preferredUnits"), let range = try? args.range(),
      let anchorValue = map.number("anchorTimestamp"), let fromValue = map.number("enumerateFrom"),
      let toValue = map.number("enumerateTo"), case .map? = map.value("intervalComponents"),
      let interval = ReporterInterval(HealthArguments(map.value("intervalComponents") ?? .null))
    else { return FixedEventStream() }
    var queries: [Query] = []
    for item in units {
      let unit = HealthArguments(item)
      guard let identifier = unit.string("identifier"), let text = unit.string("unit") else {
        continue
      }
      guard ReporterTypes.ofClass(.quantity, identifier, store: listen.store) != nil else { break }
      if HealthUnits.fits(text, identifier: identifier) {
        queries.append(Query(identifier: identifier, unit: text))
      }
    }
    let anchor = HealthTime.milliseconds(anchorValue)
    let to = HealthTime.milliseconds(toValue)
    var step = interval.step(holding: HealthTime.milliseconds(fromValue), anchor: anchor)
    var intervals: [(start: Int, end: Int)] = []
    repeat {
      let start = interval.boundary(anchor: anchor, step: step)
      intervals.append((start, interval.boundary(anchor: anchor, step: step + 1)))
      step += 1
    } while intervals.count < maximumIntervals && interval.boundary(anchor: anchor, step: step) < to
    let stream = ReporterStatisticsStream(
      queries: queries, range: range, intervals: intervals, store: listen.store)
    for query in queries { stream.enumerate(query, sink: listen.sink) }
    return stream
  }

  /// One event per interval (an interval without samples has no value).
  func enumerate(_ query: Query, sink: EventSink) {
    guard let visibility = ReporterEventChannels.visibility(query.identifier, store: store) else {
      return
    }
    for interval in intervals {
      let request = StatisticsRequest(
        identifier: query.identifier, from: interval.start, to: interval.end,
        interval: interval.end - interval.start, unit: query.unit)
      let value =
        (try? store.statisticsCollection(request) { sample in
          visibility.shows(sample) && ReporterEventChannels.inside(sample, self.range)
        })?.first?.value
      let statistics = ReporterStatistics.json(
        identifier: query.identifier, start: interval.start, end: interval.end, value: value,
        unit: query.unit)
      sink.success(.string(statistics.text))
    }
  }

  func storeDidChange(_ change: StoreChange, sink: EventSink) {
    for query in queries
    where change.entries.contains(where: {
      $0.identifier == query.identifier && ReporterEventChannels.sees($0, store: store)
    }) {
      enumerate(query, sink: sink)
    }
  }
}

/// `HKActivitySummaryQuery` with updates: the store keeps no activity summaries, so the query
/// delivers one empty list when it starts and nothing after.
final class ReporterSummaryStream: EventStream {
  static func make(_ args: ReporterArguments, _ listen: EventListen) -> any EventStream {
    if (try? args.range()) != nil, listen.store.availability == .available {
      listen.sink.success(.string(ReporterJSON.array([]).text))
    }
    return ReporterSummaryStream()
  }
}
