import CKTypeRecords
import ChannelCatalogue
import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// The default profile's event channels (protocol/channel-api.md#event-channels): HealthKit's
/// long-running queries on `<plugin channel>/observe`, `/anchored` and `/statistics`. `listen`
/// checks its arguments as `readRecords` checks its own (availability, strict keys, type, iOS
/// version, read authorization) and starts the query.
enum QueryStreams {
  /// The event channels for one plugin channel name.
  static func channels(for pluginChannel: String) -> [ProfileEventChannel] {
    [
      ProfileEventChannel(
        name: pluginChannel + "/observe", errors: PermissionsErrorMapping.flutterError,
        listen: observe),
      ProfileEventChannel(
        name: pluginChannel + "/anchored", errors: PermissionsErrorMapping.flutterError,
        listen: anchored),
      ProfileEventChannel(
        name: pluginChannel + "/statistics", errors: PermissionsErrorMapping.flutterError,
        listen: statistics),
    ]
  }

  /// The checked arguments map: HealthKit available, only `keys`.
  static func arguments(_ listen: EventListen, keys: [String]) throws -> Arguments {
    try listen.store.requireAvailable()
    let args = Arguments(listen.arguments)
    try args.rejectUnknownFields(allowed: keys)
    return args
  }

  // MARK: observe

  /// `HKObserverQuery` for each of `types`: one event `{"type"}` per type when the query starts
  /// (HealthKit runs the handler once at the start), then one per type after each call that
  /// saved or deleted samples of it that the app may see.
  @Sendable
  static func observe(_ listen: EventListen) throws -> any EventStream {
    let args = try arguments(listen, keys: ["types"])
    let types = try args.stringList("types")
    guard !types.isEmpty else {
      throw ArgumentError(
        field: "types", "types is empty; name at least one type to observe, e.g. [\"steps\"]")
    }
    var reads: [PreparedRead] = []
    for type in types {
      reads.append(try RecordStore(listen.store).prepareRead(ReadRequest(type: type)))
    }
    let stream = ObserverStream(reads: reads, store: listen.store)
    for read in reads { listen.sink.success(ObserverStream.event(read)) }
    return stream
  }

  // MARK: anchored

  /// `HKAnchoredObjectQuery`: the initial batch after `anchor` (default 0) at once, then a batch
  /// after each call that changed the type visibly; each batch holds at most `limit` changes,
  /// and batches follow each other until the query caught up.
  @Sendable
  static func anchored(_ listen: EventListen) throws -> any EventStream {
    let args = try arguments(listen, keys: ["type", "anchor", "limit", "unit"])
    let anchor = try args.optionalInt("anchor") ?? 0
    guard anchor >= 0 else {
      throw ArgumentError(
        field: "anchor",
        "anchor \(anchor) is negative; give 0 (or none) for everything, or an anchor a batch sent")
    }
    let limit = try args.optionalInt("limit")
    let read = try RecordStore(listen.store).prepareRead(
      ReadRequest(
        type: try args.string("type"), limit: limit, unit: try args.optionalString("unit")))
    let stream = AnchoredStream(read: read, anchor: anchor, store: listen.store)
    stream.deliver(to: listen.sink, initial: true)
    return stream
  }

  // MARK: statistics

  /// `HKStatisticsCollectionQuery` with an update handler: the buckets of `[start, end)` in
  /// `interval` ms at once, then the whole collection again after each call that changed the
  /// type visibly.
  @Sendable
  static func statistics(_ listen: EventListen) throws -> any EventStream {
    let args = try arguments(listen, keys: ["type", "start", "end", "interval", "unit"])
    let type = try args.string("type")
    let start = try args.int("start")
    let end = try args.int("end")
    let interval = try args.int("interval")
    // Times outside the clock are the argument error writeRecord gives them (every bucket sum
    // is checked as well, so no value can trap).
    for (field, time) in [("start", start), ("end", end)]
    where !HealthStore.clockRange.contains(time) {
      throw RecordErrors.dateOutOfRange(field, time)
    }
    let read = try RecordStore(listen.store).prepareRead(
      ReadRequest(type: type, start: start, end: end, unit: try args.optionalString("unit")))
    guard let quantity = Catalogue.info(read.identifier)?.quantity, type != "bloodPressure" else {
      throw ArgumentError(
        field: "type",
        "'\(type)' is not a quantity type; statistics apply to quantity types such as steps")
    }
    guard interval > 0 else {
      throw ArgumentError(
        field: "interval", "interval \(interval) must be a positive number of milliseconds")
    }
    let request = StatisticsRequest(
      identifier: read.identifier, from: start, to: end, interval: interval,
      unit: read.request.unit ?? quantity.canonicalUnit,
      source: read.query.ownSamplesOnly ? listen.store.bundleId : nil)
    let stream = StatisticsStream(read: read, request: request, store: listen.store)
    try stream.update(nil)
    listen.sink.success(stream.collection())
    return stream
  }
}

/// An observer query over several types.
final class ObserverStream: EventStream {
  let reads: [PreparedRead]
  let store: HealthStore

  init(reads: [PreparedRead], store: HealthStore) {
    self.reads = reads
    self.store = store
  }

  static func event(_ read: PreparedRead) -> ChannelValue {
    .object([("type", .string(read.request.type))])
  }

  func storeDidChange(_ change: StoreChange, sink: EventSink) {
    for read in reads where change.entries.contains(where: { store.sees($0, by: read.query) }) {
      sink.success(Self.event(read))
    }
  }
}

/// An anchored object query: remembers the anchor of its last batch.
final class AnchoredStream: EventStream {
  let read: PreparedRead
  let store: HealthStore
  private(set) var anchor: Int

  init(read: PreparedRead, anchor: Int, store: HealthStore) {
    self.read = read
    self.anchor = anchor
    self.store = store
  }

  /// Sends batches until every visible change is delivered; `initial` sends one even when empty.
  func deliver(to sink: EventSink, initial: Bool) {
    var first = initial
    while true {
      let batch = store.anchoredBatch(read.query, since: anchor, limit: read.request.limit)
      if !first && batch.added.isEmpty && batch.deleted.isEmpty { return }
      first = false
      anchor = batch.anchor
      sink.success(
        .object([
          ("type", .string(read.request.type)),
          (
            "added",
            .list(
              batch.added.map {
                RecordEncoding.sample($0, type: read.ckType(of: $0), store: store)
              })
          ),
          ("deleted", .list(batch.deleted.map { .string($0.uuid) })),
          ("anchor", .swiftInt(batch.anchor)),
        ]))
      if !batch.more { return }
    }
  }

  func storeDidChange(_ change: StoreChange, sink: EventSink) {
    guard change.entries.contains(where: { store.sees($0, by: read.query) }) else { return }
    deliver(to: sink, initial: false)
  }
}

/// A statistics collection query with an update handler. It keeps the value of every bucket
/// that has one; a change recomputes only the buckets its samples touch, and the whole
/// collection is sent again from those kept values.
final class StatisticsStream: EventStream {
  let read: PreparedRead
  let request: StatisticsRequest
  let store: HealthStore
  /// The buckets that have a value, by index (0: the bucket at `request.from`), each as the
  /// event sends it.
  private var buckets: [Int: ChannelValue] = [:]

  init(read: PreparedRead, request: StatisticsRequest, store: HealthStore) {
    self.read = read
    self.request = request
    self.store = store
  }

  /// Recomputes the buckets numbered `indices` (nil: all) from the store.
  func update(_ indices: ClosedRange<Int>?) throws(ArgumentError) {
    let computed: [SampleStatistics.Bucket]
    do {
      computed = try store.statisticsCollection(request, buckets: indices)
    } catch {
      throw ArgumentError(field: "interval", error.message)
    }
    if let indices {
      // A few buckets are dropped one by one; a wide range by a pass over those kept.
      if indices.upperBound - indices.lowerBound < buckets.count {
        for index in indices { buckets[index] = nil }
      } else {
        buckets = buckets.filter { !indices.contains($0.key) }
      }
    } else {
      buckets = [:]
    }
    for bucket in computed {
      guard let index = request.bucketIndices(start: bucket.start, end: bucket.start)?.lowerBound
      else { continue }
      buckets[index] = .object([
        ("start", .swiftInt(bucket.start)), ("end", .swiftInt(bucket.end)),
        ("value", .float64(bucket.value)),
      ])
    }
    if buckets.count > SampleStatistics.TooManyBuckets.bucketLimit {
      throw ArgumentError(
        field: "interval", SampleStatistics.TooManyBuckets(tooManyInAnswer: true).message)
    }
  }

  /// `{"type", "unit", "buckets": [{"start", "end", "value"}]}`: the buckets that have a value.
  func collection() -> ChannelValue {
    .object([
      ("type", .string(read.request.type)),
      ("unit", .string(request.unit)),
      ("buckets", .list(buckets.keys.sorted().compactMap { buckets[$0] })),
    ])
  }

  func storeDidChange(_ change: StoreChange, sink: EventSink) {
    let seen = change.entries.filter { store.sees($0, by: read.query) }
    guard !seen.isEmpty else { return }
    do {
      // Each change's buckets, merged where they meet (a handful per call in practice).
      var ranges: [ClosedRange<Int>] = []
      for entry in seen {
        guard let touched = request.bucketIndices(start: entry.start, end: entry.end) else {
          continue
        }
        ranges.append(touched)
      }
      ranges.sort { $0.lowerBound < $1.lowerBound }
      var merged: [ClosedRange<Int>] = []
      for range in ranges {
        if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
          merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
        } else {
          merged.append(range)
        }
      }
      for range in merged { try update(range) }
      sink.success(collection())
    } catch {
      sink.error(PermissionsErrorMapping.flutterError(error))
    }
  }
}
