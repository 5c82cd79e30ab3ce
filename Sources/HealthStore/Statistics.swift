import HealthKitModel

/// HealthKit's statistics over samples from several sources, as `HKStatisticsCollectionQuery`
/// computes them (protocol/healthkit-rules.md#statistics):
///
/// - Buckets are `[anchor + k·interval, anchor + (k+1)·interval)` for k = 0, 1, … while the
///   bucket starts before the end of the range.
/// - Cumulative types (`cumulativeSum`): a sample counts in a bucket in proportion to the part
///   of its duration inside the bucket (an instantaneous sample counts whole in the bucket
///   holding its instant). Sources are taken in priority order; where a sample overlaps in time
///   samples of a source ranked higher, only the part not covered by them counts (samples of one
///   source never hide each other). So overlapping samples of two sources are not counted twice.
/// - Source priority (Health's default data-source order): sources whose bundle id starts with
///   `com.apple.` (the Health app and Apple devices) first, then every other source; within each
///   group, the source that wrote its first sample of the type earlier ranks higher.
/// - Discrete types (`discreteAverage`): the arithmetic mean of every sample overlapping the
///   bucket, over all sources (no de-duplication).
/// - A bucket with no sample has no value.
public enum SampleStatistics {
  /// `HKStatisticsOptions`: how a bucket's samples become its value.
  public enum Option: Sendable, Hashable {
    case cumulativeSum
    case discreteAverage

    /// The option HealthKit allows for a quantity type: a sum for a cumulative one, else an
    /// average.
    public init(_ aggregation: Aggregation) {
      self = aggregation == .cumulative ? .cumulativeSum : .discreteAverage
    }
  }

  /// One bucket that has a value.
  public struct Bucket: Equatable, Sendable {
    public var start: Int
    public var end: Int
    public var value: Double

    public init(start: Int, end: Int, value: Double) {
      self.start = start
      self.end = end
      self.value = value
    }
  }

  /// More sample-bucket pairs than the emulator computes in one query.
  public struct TooManyBuckets: Error, Sendable {
    public static let limit = 2_000_000
    public init() {}
  }

  /// A sample with its source's rank (0 = highest priority).
  public struct Ranked: Sendable {
    public var sample: StoredSample
    public var rank: Int
  }

  /// The value of every bucket that has one, in time order. Only buckets a sample touches are
  /// computed; more than ``TooManyBuckets/limit`` sample-bucket pairs throw.
  public static func buckets(
    _ samples: [StoredSample], option: Option, from: Int, to: Int, interval: Int,
    value: (StoredSample) -> Double?
  ) throws(TooManyBuckets) -> [Bucket] {
    guard interval > 0, from < to else { return [] }
    let lastIndex = (to - 1 - from) / interval
    /// The buckets a sample touches, or `nil` when none.
    func span(_ sample: StoredSample) -> ClosedRange<Int>? {
      guard sample.overlaps(start: from, end: to) else { return nil }
      let first = (max(sample.start, from) - from) / interval
      let last =
        sample.start == sample.end ? first : min(lastIndex, (sample.end - 1 - from) / interval)
      return first <= last ? first...last : nil
    }
    // The refusal is arithmetic (overflow-safe): the pairs are counted before any bucket is filled.
    var pairs = 0
    for sample in samples {
      guard let range = span(sample) else { continue }
      pairs += min(range.upperBound - range.lowerBound, TooManyBuckets.limit) + 1
      if pairs > TooManyBuckets.limit { throw TooManyBuckets() }
    }
    var members: [Int: [Ranked]] = [:]
    for ranked in rank(samples) {
      guard let range = span(ranked.sample) else { continue }
      for index in range { members[index, default: []].append(ranked) }
    }
    var result: [Bucket] = []
    for index in members.keys.sorted() {
      let start = from + index * interval
      let (sum, overflow) = start.addingReportingOverflow(interval)
      let end = overflow ? Int.max : sum
      let inside = members[index] ?? []
      let total: Double?
      switch option {
      case .cumulativeSum: total = Self.sum(inside, start: start, end: end, value: value)
      case .discreteAverage: total = average(inside.map(\.sample), value: value)
      }
      if let total { result.append(Bucket(start: start, end: end, value: total)) }
    }
    return result
  }

  /// Each sample with its source's rank (0 = highest priority).
  public static func rank(_ samples: [StoredSample]) -> [Ranked] {
    var firstWrite: [String: Int] = [:]
    for sample in samples {
      firstWrite[sample.source.bundleId] = min(
        firstWrite[sample.source.bundleId] ?? Int.max, sample.sequence)
    }
    let order = firstWrite.keys.sorted { a, b in
      let appleA = a.hasPrefix("com.apple.")
      let appleB = b.hasPrefix("com.apple.")
      if appleA != appleB { return appleA }
      return (firstWrite[a] ?? 0, a) < (firstWrite[b] ?? 0, b)
    }
    let rankOf = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
    return samples.map { Ranked(sample: $0, rank: rankOf[$0.source.bundleId] ?? 0) }
  }

  /// The de-duplicated sum over one bucket; nil when no sample lies in it.
  static func sum(
    _ samples: [Ranked], start: Int, end: Int, value: (StoredSample) -> Double?
  ) -> Double? {
    guard !samples.isEmpty else { return nil }
    var total = 0.0
    var covered: [(Int, Int)] = []
    for rank in Set(samples.map(\.rank)).sorted() {
      let ofSource = samples.filter { $0.rank == rank }.map(\.sample)
      for sample in ofSource {
        guard let amount = value(sample) else { continue }
        if sample.start == sample.end {
          let hidden = covered.contains { $0.0 <= sample.start && sample.start < $0.1 }
          if !hidden { total += amount }
          continue
        }
        let clipStart = max(sample.start, start)
        let clipEnd = min(sample.end, end)
        let visible = uncovered(clipStart, clipEnd, by: covered)
        total += amount * Double(visible) / Double(sample.end - sample.start)
      }
      covered += ofSource.filter { $0.start < $0.end }.map {
        (max($0.start, start), min($0.end, end))
      }
    }
    return total
  }

  /// How much of `[start, end)` the intervals do not cover.
  public static func uncovered(_ start: Int, _ end: Int, by intervals: [(Int, Int)]) -> Int {
    guard start < end else { return 0 }
    let clipped =
      intervals
      .map { (max($0.0, start), min($0.1, end)) }
      .filter { $0.0 < $0.1 }
      .sorted { $0 < $1 }
    var coveredLength = 0
    var reach = start
    for (a, b) in clipped where b > reach {
      coveredLength += b - max(a, reach)
      reach = b
    }
    return (end - start) - coveredLength
  }

  static func average(_ samples: [StoredSample], value: (StoredSample) -> Double?) -> Double? {
    let values = samples.compactMap(value)
    guard !values.isEmpty else { return nil }
    return values.reduce(0, +) / Double(values.count)
  }
}

/// What a statistics query asks: one quantity type over `[from, to)` in buckets of `interval`
/// milliseconds anchored at `from`, with the query's predicate.
public struct StatisticsRequest: Sendable {
  /// The raw quantity identifier.
  public var identifier: String
  public var from: Int
  public var to: Int
  public var interval: Int
  /// The unit of the values (one the type's dimension fits).
  public var unit: String
  /// `HKQueryOptions.strictStartDate`: only samples that start in the range.
  public var strictStart: Bool

  public init(
    identifier: String, from: Int, to: Int, interval: Int, unit: String,
    strictStart: Bool = false
  ) {
    self.identifier = identifier
    self.from = from
    self.to = to
    self.interval = interval
    self.unit = unit
    self.strictStart = strictStart
  }
}

extension HealthStore {
  /// `HKStatisticsCollectionQuery` over the samples of one quantity type that pass `include`
  /// (the caller's visibility and predicate): the buckets with a value, each in
  /// `request.unit`, summed or averaged as the type's aggregation allows. An unknown or
  /// non-quantity identifier has no buckets.
  public func statisticsCollection(
    _ request: StatisticsRequest, include: (StoredSample) -> Bool = { _ in true }
  ) throws(SampleStatistics.TooManyBuckets) -> [SampleStatistics.Bucket] {
    guard let quantity = Catalogue.info(request.identifier)?.quantity,
      request.from < request.to
    else { return [] }
    let found = samples.query(
      identifier: request.identifier, start: request.from, end: request.to, ascending: true,
      limit: nil
    ) { sample in
      if request.strictStart && sample.start < request.from { return false }
      return include(sample)
    }
    let unit = request.unit
    return try SampleStatistics.buckets(
      found, option: SampleStatistics.Option(quantity.aggregation), from: request.from,
      to: request.to, interval: request.interval
    ) { sample in
      guard case .quantity(let amount) = sample.body else { return nil }
      // `HKUnit(from: "")` is the dimensionless count unit.
      let from = amount.unit.isEmpty ? "count" : amount.unit
      return try? Units.convert(amount.value, from: from, to: unit.isEmpty ? "count" : unit)
    }
  }
}
