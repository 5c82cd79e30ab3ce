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

  /// More buckets or sample-bucket pairs than the emulator computes in one query
  /// (protocol/healthkit-rules.md#statistics).
  public struct TooManyBuckets: Error, Sendable, Equatable {
    /// The sample-bucket pairs one query computes at most.
    public static let limit = 2_000_000
    /// The buckets with a value one answer holds at most (empty buckets cost nothing).
    public static let bucketLimit = 100_000
    /// True when the answer would hold more than ``bucketLimit`` buckets with a value (or the
    /// range more than `Int.max` buckets); false when the samples touch more than ``limit``
    /// buckets in all.
    public var tooManyInAnswer: Bool

    public init(tooManyInAnswer: Bool = false) {
      self.tooManyInAnswer = tooManyInAnswer
    }

    /// What was refused and what would be answered, for a profile's error message.
    public var message: String {
      tooManyInAnswer
        ? "the answer would hold more than \(Self.bucketLimit) buckets with a value; narrow the "
          + "range or widen the interval"
        : "the query spans more than \(Self.limit) sample intervals; narrow the range or widen "
          + "the interval"
    }
  }

  /// A sample with its source's rank (0 = highest priority).
  public struct Ranked: Sendable {
    public var sample: StoredSample
    public var rank: Int
  }

  /// The value of every bucket that has one, in time order. Only buckets a sample touches are
  /// computed; more than ``TooManyBuckets/limit`` sample-bucket pairs, or more than
  /// ``TooManyBuckets/bucketLimit`` buckets with a value, throw. Every time sum is checked: any
  /// `Int` range and interval is answered or refused, never trapped on.
  public static func buckets(
    _ samples: [StoredSample], option: Option, from: Int, to: Int, interval: Int,
    value: (StoredSample) -> Double?
  ) throws(TooManyBuckets) -> [Bucket] {
    guard let grid = try BucketGrid(from: from, to: to, interval: interval) else { return [] }
    return try buckets(
      rank(samples), option: option, grid: grid, indices: 0...grid.lastIndex, value: value)
  }

  /// The buckets of `grid` with an index in `indices` that have a value, in time order, from
  /// ranked samples (the ones overlapping those buckets, or more).
  static func buckets(
    _ ranked: [Ranked], option: Option, grid: BucketGrid, indices: ClosedRange<Int>,
    value: (StoredSample) -> Double?
  ) throws(TooManyBuckets) -> [Bucket] {
    func span(_ sample: StoredSample) -> ClosedRange<Int>? {
      guard let range = grid.indices(touchedBy: sample) else { return nil }
      let clamped = range.clamped(to: indices)
      return range.overlaps(indices) ? clamped : nil
    }
    // The refusals are arithmetic (overflow-safe): the pairs, and the buckets the samples touch
    // (their spans merged), are counted before any bucket is filled.
    var pairs = 0
    var spans: [ClosedRange<Int>] = []
    for item in ranked {
      guard let range = span(item.sample) else { continue }
      pairs += min(range.upperBound - range.lowerBound, TooManyBuckets.limit) + 1
      if pairs > TooManyBuckets.limit { throw TooManyBuckets() }
      spans.append(range)
    }
    if touchedBuckets(spans) > TooManyBuckets.bucketLimit {
      throw TooManyBuckets(tooManyInAnswer: true)
    }
    var members: [Int: [Ranked]] = [:]
    for item in ranked {
      guard let range = span(item.sample) else { continue }
      for index in range { members[index, default: []].append(item) }
    }
    var result: [Bucket] = []
    for index in members.keys.sorted() {
      let start = grid.start(index)
      let end = grid.end(index)
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

  /// How many buckets the spans cover together (each counted once), saturating past
  /// ``TooManyBuckets/bucketLimit``.
  static func touchedBuckets(_ spans: [ClosedRange<Int>]) -> Int {
    var count = 0
    // Bucket indices are never negative.
    var reach = -1
    for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) where span.upperBound > reach {
      let first = max(span.lowerBound, reach + 1)
      count += min(span.upperBound - first, TooManyBuckets.bucketLimit) + 1
      reach = span.upperBound
      if count > TooManyBuckets.bucketLimit { return count }
    }
    return count
  }

  /// Each sample with its source's rank (0 = highest priority), sources ranked by the first
  /// sample each wrote among `samples`.
  public static func rank(_ samples: [StoredSample]) -> [Ranked] {
    var firstWrite: [String: Int] = [:]
    for sample in samples {
      firstWrite[sample.source.bundleId] = min(
        firstWrite[sample.source.bundleId] ?? Int.max, sample.sequence)
    }
    return ranked(samples, firstSave: firstWrite)
  }

  /// Each sample with its source's rank: `com.apple.` sources first, then by `firstSave` (the
  /// anchor of each source's first sample), then by bundle id.
  static func ranked(_ samples: [StoredSample], firstSave firstWrite: [String: Int]) -> [Ranked] {
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
        total += amount * Double(visible) / (Double(sample.end) - Double(sample.start))
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
  /// Only the samples of this source (a bundle id): a read the app was denied sees its own
  /// samples only, and the query then walks only those. Nil: every source's.
  public var source: String?

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

  /// A request over the samples of `source` only (nil: every source's).
  public init(
    identifier: String, from: Int, to: Int, interval: Int, unit: String,
    strictStart: Bool = false, source: String?
  ) {
    self.init(
      identifier: identifier, from: from, to: to, interval: interval, unit: unit,
      strictStart: strictStart)
    self.source = source
  }

  /// The indices of the buckets a sample spanning `[start, end)` (an instant when equal)
  /// touches, nil when none or the request has no buckets: what a change there recomputes.
  public func bucketIndices(start: Int, end: Int) -> ClosedRange<Int>? {
    guard let grid = try? BucketGrid(from: from, to: to, interval: interval) else { return nil }
    return grid.indices(start: start, end: end)
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
    try statisticsCollection(request, buckets: nil, include: include)
  }

  /// ``statisticsCollection(_:include:)`` for the buckets numbered `indices` only (0: the
  /// bucket at `from`; nil: all): only the samples overlapping them are read, so a stream
  /// recomputes what a change touched. Sources rank by their first save of the type in the
  /// whole store, so a bucket's value does not depend on which other buckets are asked for.
  public func statisticsCollection(
    _ request: StatisticsRequest, buckets indices: ClosedRange<Int>?,
    include: (StoredSample) -> Bool = { _ in true }
  ) throws(SampleStatistics.TooManyBuckets) -> [SampleStatistics.Bucket] {
    guard let quantity = Catalogue.info(request.identifier)?.quantity,
      let grid = try BucketGrid(from: request.from, to: request.to, interval: request.interval)
    else { return [] }
    let all = 0...grid.lastIndex
    guard indices?.overlaps(all) ?? true else { return [] }
    let wanted = indices?.clamped(to: all) ?? all
    let end = min(grid.end(wanted.upperBound), request.to)
    var found: [StoredSample] = []
    func included(_ sample: StoredSample) -> Bool {
      if request.strictStart && sample.start < request.from { return false }
      return include(sample)
    }
    samples.visit(
      identifier: request.identifier, source: request.source, start: grid.start(wanted.lowerBound),
      end: end, ascending: true, limit: nil, include: included
    ) { found.append($0) }
    let unit = request.unit
    return try SampleStatistics.buckets(
      rankedInStore(found, identifier: request.identifier),
      option: SampleStatistics.Option(quantity.aggregation), grid: grid, indices: wanted
    ) { sample in
      guard case .quantity(let amount) = sample.body else { return nil }
      // `HKUnit(from: "")` is the dimensionless count unit.
      let from = amount.unit.isEmpty ? "count" : amount.unit
      return try? Units.convert(amount.value, from: from, to: unit.isEmpty ? "count" : unit)
    }
  }

  /// Each sample with its source's rank in the store's source order for `identifier`
  /// (protocol/healthkit-rules.md#statistics): `com.apple.` sources first, then by their first
  /// save of the type.
  func rankedInStore(_ found: [StoredSample], identifier: String) -> [SampleStatistics.Ranked] {
    var firstSave: [String: Int] = [:]
    for sample in found where firstSave[sample.source.bundleId] == nil {
      firstSave[sample.source.bundleId] =
        samples.firstSave(of: identifier, by: sample.source.bundleId) ?? sample.sequence
    }
    return SampleStatistics.ranked(found, firstSave: firstSave)
  }
}
