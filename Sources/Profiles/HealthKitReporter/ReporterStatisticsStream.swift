import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

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
      let interval = ReporterInterval(CastArguments(map.value("intervalComponents") ?? .null))
    else { return FixedEventStream() }
    var queries: [Query] = []
    for item in units {
      let unit = CastArguments(item)
      guard let identifier = unit.string("identifier"), let text = unit.string("unit") else {
        continue
      }
      guard ReporterTypes.ofClass(.quantity, identifier, store: listen.store) != nil else { break }
      if HostUnits.fits(text, identifier: identifier) {
        queries.append(Query(identifier: identifier, unit: text))
      }
    }
    let anchor = HostDate.milliseconds(anchorValue)
    let to = HostDate.milliseconds(toValue)
    // Boundaries beyond the calendar's reach end the enumeration (ReporterInterval).
    guard var step = interval.step(holding: HostDate.milliseconds(fromValue), anchor: anchor)
    else { return FixedEventStream() }
    var intervals: [(start: Int, end: Int)] = []
    while intervals.count < maximumIntervals,
      let start = interval.boundary(anchor: anchor, step: step),
      intervals.isEmpty || start < to,
      let end = interval.boundary(anchor: anchor, step: step + 1)
    {
      intervals.append((start, end))
      step += 1
    }
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
        interval: interval.end - interval.start, unit: query.unit,
        source: visibility.onlySource)
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
