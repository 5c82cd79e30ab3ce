import Foundation
import HealthKitModel
import HealthStore

/// HealthKit's `HKStatistics`: one interval's values of one quantity type.
open class HKStatistics: NSObject, @unchecked Sendable {
  public let quantityType: HKQuantityType
  public let startDate: Date
  public let endDate: Date
  public let sources: [HKSource]?
  let sum: HKQuantity?
  let average: HKQuantity?
  let minimum: HKQuantity?
  let maximum: HKQuantity?
  let mostRecent: (HKQuantity, DateInterval)?
  let totalDuration: HKQuantity?
  /// With `.separateBySource`: each source's own statistics over the same interval, by bundle
  /// identifier.
  let bySource: [String: HKStatistics]

  init(
    type: HKQuantityType, start: Date, end: Date, sources: [HKSource]?, sum: HKQuantity?,
    average: HKQuantity?, minimum: HKQuantity?, maximum: HKQuantity?,
    mostRecent: (HKQuantity, DateInterval)?, duration: HKQuantity?,
    bySource: [String: HKStatistics] = [:]
  ) {
    quantityType = type
    startDate = start
    endDate = end
    self.sources = sources
    self.sum = sum
    self.average = average
    self.minimum = minimum
    self.maximum = maximum
    self.mostRecent = mostRecent
    totalDuration = duration
    self.bySource = bySource
    super.init()
  }

  public func sumQuantity() -> HKQuantity? { sum }
  public func averageQuantity() -> HKQuantity? { average }
  public func minimumQuantity() -> HKQuantity? { minimum }
  public func maximumQuantity() -> HKQuantity? { maximum }
  public func mostRecentQuantity() -> HKQuantity? { mostRecent?.0 }
  public func mostRecentQuantityDateInterval() -> DateInterval? { mostRecent?.1 }
  public func duration() -> HKQuantity? { totalDuration }
  // Per source: nil unless the query asked for `.separateBySource` and the source has samples
  // in the interval, as in HealthKit.
  public func sumQuantity(for source: HKSource) -> HKQuantity? { of(source)?.sum }
  public func averageQuantity(for source: HKSource) -> HKQuantity? { of(source)?.average }
  public func minimumQuantity(for source: HKSource) -> HKQuantity? { of(source)?.minimum }
  public func maximumQuantity(for source: HKSource) -> HKQuantity? { of(source)?.maximum }
  public func mostRecentQuantity(for source: HKSource) -> HKQuantity? {
    of(source)?.mostRecent?.0
  }
  public func mostRecentQuantityDateInterval(for source: HKSource) -> DateInterval? {
    of(source)?.mostRecent?.1
  }
  public func duration(for source: HKSource) -> HKQuantity? { of(source)?.totalDuration }

  private func of(_ source: HKSource) -> HKStatistics? { bySource[source.bundleIdentifier] }

  /// The statistics of `samples` (visible, of `type`) over `[start, end)`; nil when no sample
  /// lies in it. Sums follow the store's de-duplicating rule (protocol/healthkit-rules.md#statistics).
  static func compute(
    _ samples: [StoredSample], type: HKQuantityType, start: Int, end: Int,
    options: HKStatisticsOptions
  ) -> HKStatistics? {
    let inside = samples.filter { $0.overlaps(start: start, end: end) }
    guard !inside.isEmpty, end > start else { return nil }
    let canonical = Catalogue.info(type.identifier)?.quantity?.canonicalUnit ?? "count"
    let unit = HKUnit(checked: canonical)
    func value(_ sample: StoredSample) -> Double? {
      guard case .quantity(let amount) = sample.body else { return nil }
      return try? Units.convert(amount.value, from: amount.unit, to: canonical)
    }
    let values = inside.compactMap(value)
    guard !values.isEmpty else { return nil }
    func quantity(_ number: Double) -> HKQuantity { HKQuantity(unit: unit, doubleValue: number) }
    var sum: HKQuantity?
    if options.contains(.cumulativeSum) {
      let buckets = try? SampleStatistics.buckets(
        inside, option: .cumulativeSum, from: start, to: end, interval: end - start, value: value)
      sum = buckets?.first.map { quantity($0.value) }
    }
    var recent: (HKQuantity, DateInterval)?
    if options.contains(.mostRecent),
      let last = inside.max(by: { ($0.end, $0.sequence) < ($1.end, $1.sequence) }),
      let number = value(last)
    {
      recent = (quantity(number), DateInterval(start: date(last.start), end: date(last.end)))
    }
    var sources: [HKSource] = []
    for sample in inside
    where !sources.contains(where: {
      $0.bundleIdentifier == sample.source.bundleId
    }) {
      sources.append(HKSource(sample.source))
    }
    var bySource: [String: HKStatistics] = [:]
    if options.contains(.separateBySource) {
      let alone = options.subtracting(.separateBySource)
      for source in sources {
        let own = inside.filter { $0.source.bundleId == source.bundleIdentifier }
        bySource[source.bundleIdentifier] = compute(
          own, type: type, start: start, end: end, options: alone)
      }
    }
    return HKStatistics(
      // HealthKit lists the sources only for a query with `.separateBySource`; else nil.
      type: type, start: date(start), end: date(end),
      sources: options.contains(.separateBySource) ? sources : nil,
      sum: sum,
      average: options.contains(.discreteAverage)
        ? quantity(values.reduce(0, +) / Double(values.count)) : nil,
      minimum: options.contains(.discreteMin) ? values.min().map(quantity) : nil,
      maximum: options.contains(.discreteMax) ? values.max().map(quantity) : nil,
      mostRecent: recent,
      duration: options.contains(.duration)
        ? HKQuantity(
          unit: .second(),
          doubleValue: Double(inside.map { min($0.end, end) - max($0.start, start) }.reduce(0, +))
            / 1000) : nil,
      bySource: bySource)
  }

  /// The visible stored samples of `type` in `[start, end)` passing `predicate`, or the error.
  static func visibleSamples(
    _ type: HKQuantityType, predicate: NSPredicate?, start: Int?, end: Int?, in store: HealthStore
  ) -> Result<[StoredSample], HKError> {
    if let error = HKQuery.failure(reading: type.identifier, in: store) { return .failure(error) }
    guard let visibility = store.readVisibility(forQueryOf: type.identifier) else {
      return .failure(.notDetermined)
    }
    let window = HKObjectPredicate.window(of: predicate)
    let from = [start, window.start.map(milliseconds)].compactMap { $0 }.max()
    let to = [end, window.end.map(milliseconds)].compactMap { $0 }.min()
    let found = store.read(
      SampleQuery(identifier: type.identifier, start: from, end: to, ascending: true),
      visibility: visibility
    ) { sample in
      guard let predicate else { return true }
      return predicate.evaluate(with: StoreObjects.object(sample, in: store))
    }
    return .success(found)
  }
}

/// HealthKit's `HKStatisticsQuery`: the statistics of one quantity type over the predicate's
/// window.
open class HKStatisticsQuery: HKQuery, @unchecked Sendable {
  let options: HKStatisticsOptions
  let handler: (HKStatisticsQuery, HKStatistics?, Error?) -> Void

  public init(
    quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?,
    options: HKStatisticsOptions,
    completionHandler handler: @escaping (HKStatisticsQuery, HKStatistics?, Error?) -> Void
  ) {
    self.options = options
    self.handler = handler
    super.init(objectType: quantityType, predicate: quantitySamplePredicate)
  }

  override func run(in store: HealthStore) {
    let type = objectType as! HKQuantityType
    let result = HKStatistics.visibleSamples(
      type, predicate: predicate, start: nil, end: nil, in: store)
    let window = HKObjectPredicate.window(of: predicate)
    let answer = result.map { samples -> HKStatistics? in
      let start = window.start.map(milliseconds) ?? samples.map(\.start).min() ?? 0
      let end = window.end.map(milliseconds) ?? (samples.map(\.end).max() ?? start) + 1
      return HKStatistics.compute(samples, type: type, start: start, end: end, options: options)
    }
    deliver {
      switch answer {
      case .success(let statistics?): self.handler(self, statistics, nil)
      case .success(nil): self.handler(self, nil, HKError.noData.nsError)
      case .failure(let error): self.handler(self, nil, error.nsError)
      }
    }
  }
}

/// HealthKit's `HKStatisticsCollection`: statistics per interval.
open class HKStatisticsCollection: NSObject, @unchecked Sendable {
  let all: [HKStatistics]
  let sourceSet: Set<HKSource>
  /// How the collection's intervals are laid out, to enumerate empty ones too.
  let grid: HKStatisticsGrid?

  init(_ statistics: [HKStatistics], grid: HKStatisticsGrid? = nil) {
    all = statistics
    sourceSet = Set(statistics.flatMap { $0.sources ?? [] })
    self.grid = grid
    super.init()
  }

  public func statistics() -> [HKStatistics] { all }

  public func statistics(for date: Date) -> HKStatistics? {
    all.first { $0.startDate <= date && date < $0.endDate }
  }

  public func sources() -> Set<HKSource> { sourceSet }

  /// Every interval from the one holding `startDate` to the last one starting before
  /// `endDate`, in order; an interval with no sample as statistics with no values (HealthKit
  /// calls the block once per interval, "including intervals with no data").
  public func enumerateStatistics(
    from startDate: Date, to endDate: Date,
    with block: (HKStatistics, UnsafeMutablePointer<ObjCBool>) -> Void
  ) {
    var stop = ObjCBool(false)
    guard let grid else {
      for statistics in all where statistics.endDate > startDate && statistics.startDate < endDate {
        block(statistics, &stop)
        if stop.boolValue { return }
      }
      return
    }
    for interval in grid.intervals(from: startDate, to: endDate) {
      let found = all.first { $0.startDate == interval.start && $0.endDate == interval.end }
      block(found ?? grid.empty(interval), &stop)
      if stop.boolValue { return }
    }
  }
}

/// The intervals of a statistics collection query: calendar steps of `components` from
/// `anchor`, in the device's calendar.
struct HKStatisticsGrid {
  let type: HKQuantityType
  let options: HKStatisticsOptions
  let anchor: Date
  let components: DateComponents
  /// More intervals than one answer holds (a guard against a step that hardly moves).
  static let maximumIntervals = 100_000

  var calendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone.current
    return calendar
  }

  /// From the interval holding `first` to the last one starting before `last` (at least the
  /// one holding `first`).
  func intervals(from first: Date, to last: Date) -> [DateInterval] {
    let calendar = calendar
    var start = anchor
    var steps = 0
    // Step back to an interval that starts at or before `first`.
    while start > first, steps < Self.maximumIntervals,
      let earlier = calendar.date(byAdding: negated(components), to: start), earlier < start
    {
      start = earlier
      steps += 1
    }
    var result: [DateInterval] = []
    steps = 0
    while steps < Self.maximumIntervals,
      let end = calendar.date(byAdding: components, to: start), end > start
    {
      steps += 1
      if end > first {
        guard result.isEmpty || start < last else { break }
        result.append(DateInterval(start: start, end: end))
      }
      start = end
    }
    return result
  }

  /// An interval's statistics with no values.
  func empty(_ interval: DateInterval) -> HKStatistics {
    HKStatistics(
      type: type, start: interval.start, end: interval.end,
      sources: options.contains(.separateBySource) ? [] : nil, sum: nil, average: nil,
      minimum: nil, maximum: nil, mostRecent: nil, duration: nil)
  }

  private func negated(_ components: DateComponents) -> DateComponents {
    var result = DateComponents()
    result.year = components.year.map { -$0 }
    result.month = components.month.map { -$0 }
    result.weekOfYear = components.weekOfYear.map { -$0 }
    result.day = components.day.map { -$0 }
    result.hour = components.hour.map { -$0 }
    result.minute = components.minute.map { -$0 }
    result.second = components.second.map { -$0 }
    return result
  }
}

/// HealthKit's `HKStatisticsCollectionQuery`: statistics per calendar interval from an anchor
/// date; with a `statisticsUpdateHandler` it keeps answering as the store changes.
open class HKStatisticsCollectionQuery: HKQuery, LiveQuery, @unchecked Sendable {
  public let anchorDate: Date
  public let options: HKStatisticsOptions
  public let intervalComponents: DateComponents
  public var initialResultsHandler:
    ((HKStatisticsCollectionQuery, HKStatisticsCollection?, Error?) -> Void)?
  public var statisticsUpdateHandler:
    ((HKStatisticsCollectionQuery, HKStatistics?, HKStatisticsCollection?, Error?) -> Void)?

  public init(
    quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?,
    options: HKStatisticsOptions, anchorDate: Date, intervalComponents: DateComponents
  ) {
    self.anchorDate = anchorDate
    self.options = options
    self.intervalComponents = intervalComponents
    super.init(objectType: quantityType, predicate: quantitySamplePredicate)
  }

  var grid: HKStatisticsGrid {
    HKStatisticsGrid(
      type: objectType as! HKQuantityType, options: options, anchor: anchorDate,
      components: intervalComponents)
  }

  /// The collection over the predicate's window (or the samples' span): the intervals that
  /// hold a sample.
  func collection(in store: HealthStore) -> Result<HKStatisticsCollection, HKError> {
    let type = objectType as! HKQuantityType
    let grid = grid
    return HKStatistics.visibleSamples(type, predicate: predicate, start: nil, end: nil, in: store)
      .map { samples in
        let window = HKObjectPredicate.window(of: predicate)
        guard let first = window.start ?? samples.map(\.start).min().map(date),
          let last = window.end ?? samples.map(\.end).max().map({ date($0 + 1) })
        else { return HKStatisticsCollection([], grid: grid) }
        let statistics = grid.intervals(from: first, to: last).compactMap { interval in
          HKStatistics.compute(
            samples, type: type, start: milliseconds(interval.start),
            end: milliseconds(interval.end), options: options)
        }
        return HKStatisticsCollection(statistics, grid: grid)
      }
  }

  override func run(in store: HealthStore) {
    let result = collection(in: store)
    lastAnchor = store.changeAnchor
    if statisticsUpdateHandler != nil, case .success = result { HealthKitBinding.register(self) }
    deliver {
      switch result {
      case .success(let collection): self.initialResultsHandler?(self, collection, nil)
      case .failure(let error): self.initialResultsHandler?(self, nil, error.nsError)
      }
    }
  }

  /// The change-log anchor the query last answered at.
  var lastAnchor = 0

  func storeChanged() {
    let result = HealthKitBinding.withStore { store -> Result<HKStatisticsCollection, HKError>? in
      defer { lastAnchor = store.changeAnchor }
      let identifier = objectType!.identifier
      guard let visibility = store.readVisibility(forQueryOf: identifier) else { return nil }
      let changes = store.changes(of: identifier, since: lastAnchor, visibility: visibility)
      guard !changes.added.isEmpty || !changes.deleted.isEmpty else { return nil }
      return collection(in: store)
    }
    guard HealthKitBinding.isRunning(self), case .success(let collection)? = result else { return }
    deliver {
      self.statisticsUpdateHandler?(self, collection.statistics().last, collection, nil)
    }
  }

  override func stop() {
    super.stop()
    HealthKitBinding.unregister(self)
  }
}
