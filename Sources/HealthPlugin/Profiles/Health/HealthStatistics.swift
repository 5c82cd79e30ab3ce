import FlutterCodec
import HealthKitModel
import HealthStore

/// HealthKit's statistics over samples from several sources, as `HKStatisticsCollectionQuery`
/// computes them for the `health` profile (protocol/profiles/health.md, "Statistics"):
///
/// - Buckets are `[anchor + k·interval, anchor + (k+1)·interval)` for k = 0, 1, … while the
///   bucket starts before the end of the range.
/// - Cumulative types (`sum`): a sample counts in a bucket in proportion to the part of its
///   duration inside the bucket (an instantaneous sample counts whole in the bucket holding its
///   instant). Sources are taken in priority order; where a sample overlaps in time samples of a
///   source ranked higher, only the part not covered by them counts (samples of one source never
///   hide each other). So overlapping samples of two sources are not counted twice.
/// - Source priority (Health's default data-source order): sources whose bundle id starts with
///   `com.apple.` (the Health app and Apple devices) first, then every other source; within each
///   group, the source that wrote its first sample of the type earlier ranks higher.
/// - Discrete types (`average`): the arithmetic mean of every sample overlapping the bucket, over
///   all sources (no de-duplication).
/// - A bucket with no sample has no value.
enum HealthStatistics {
  enum Kind {
    case sum
    case average
  }

  struct Bucket: Equatable {
    var start: Int
    var end: Int
    var value: Double
  }

  /// More sample-bucket pairs than the emulator computes in one query.
  struct TooManyBuckets: Error {
    static let limit = 2_000_000
  }

  /// The value of every bucket that has one, in time order. Only buckets a sample touches are
  /// computed; more than ``TooManyBuckets/limit`` sample-bucket pairs throw.
  static func buckets(
    _ samples: [StoredSample], kind: Kind, from: Int, to: Int, interval: Int,
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
    // The refusal is arithmetic: the pairs are counted before any bucket is filled.
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
      switch kind {
      case .sum: total = Self.sum(inside, start: start, end: end, value: value)
      case .average: total = average(inside.map(\.sample), value: value)
      }
      if let total { result.append(Bucket(start: start, end: end, value: total)) }
    }
    return result
  }

  struct Ranked {
    var sample: StoredSample
    var rank: Int
  }

  /// Each sample with its source's rank (0 = highest priority).
  static func rank(_ samples: [StoredSample]) -> [Ranked] {
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
  static func uncovered(_ start: Int, _ end: Int, by intervals: [(Int, Int)]) -> Int {
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

  // MARK: Methods

  static let table: ProfileMethodTable = [
    "getIntervalData": getIntervalData,
    "getTotalStepsInInterval": getTotalStepsInInterval,
  ]

  @Sendable
  static func getIntervalData(_ call: ProfileCall) throws -> ChannelValue {
    let args = HealthArguments(call.arguments)
    let key = args.string("dataTypeKey") ?? "DEFAULT"
    let access = HealthStoreAccess(store: call.store)
    let from = HealthTime.milliseconds(args.milliseconds("startTime"))
    let to = HealthTime.milliseconds(args.milliseconds("endTime"))
    let seconds = args.int("interval") ?? 1
    let excludeManual = (args.ints("recordingMethodsToFilter") ?? []).contains(3)
    guard let row = HealthDataTypeTable.statisticsRow(key, os: access.os),
      let info = Catalogue.info(named: row.typeName), let quantity = info.quantity
    else {
      throw HealthProfileError.plugin(
        code: "INVALID_TYPE", message: "Invalid dataTypeKey for interval query: \(key)")
    }
    guard seconds > 0 else {
      throw HealthProfileError.hostFailure(
        code: "STATISTICS_ERROR",
        message:
          "interval \(seconds) is not a positive number of seconds; on iOS, "
          + "HKStatisticsCollectionQuery raises an exception for an interval that is not "
          + "positive and the app crashes",
        iosBehavior: .exception)
    }
    let visibility: HealthStoreAccess.Visibility
    do {
      visibility = try access.visibility([info.identifier])
    } catch {
      throw HealthProfileError.plugin(
        code: "STATISTICS_ERROR", message: "Error getting statistics: \(error.description)")
    }
    guard let unitKey = args.string("dataUnitKey"),
      let unit = HealthUnitTable.unit(unitKey, os: access.os)
    else { return .list([]) }
    let samples = overlapping(
      info.identifier, from: from, to: to, visibility: visibility, excludeManual: excludeManual,
      access: access)
    let kind: Kind = quantity.aggregation == .cumulative ? .sum : .average
    let canonical = quantity.canonicalUnit
    let buckets: [Bucket]
    do {
      buckets = try Self.buckets(
        samples, kind: kind, from: from, to: to, interval: milliseconds(seconds)
      ) { sample in
        guard case .quantity(let amount) = sample.body else { return nil }
        return HealthUnits.value(amount, in: canonical)
      }
    } catch {
      throw tooMany("STATISTICS_ERROR")
    }
    var points: [ChannelValue] = []
    for bucket in buckets {
      guard
        let value = try? Units.convert(
          bucket.value, from: canonical, to: HealthUnits.parseable(unit))
      else {
        throw HealthProfileError.hostFailure(
          code: "STATISTICS_ERROR",
          message:
            "Cannot give \(key) statistics in '\(unit)' (\(unitKey)): HealthKit measures it in "
            + "units like '\(canonical)'. On iOS, doubleValue(for:) raises an exception for "
            + "incompatible units and the app crashes.",
          iosBehavior: .exception)
      }
      points.append(
        .object([
          ("value", .float64(value)),
          ("date_from", .swiftInt(bucket.start)),
          ("date_to", .swiftInt(bucket.end)),
          ("source_id", ""),
          ("source_name", ""),
        ]))
    }
    return .list(points)
  }

  /// The samples a statistics query sees: overlapping `[from, to)` (the host's predicate with no
  /// options), or starting in it when `strictStart`.
  static func overlapping(
    _ identifier: String, from: Int, to: Int, visibility: HealthStoreAccess.Visibility,
    excludeManual: Bool, strictStart: Bool = false, access: HealthStoreAccess
  ) -> [StoredSample] {
    guard from < to else { return [] }
    return access.store.samples.query(
      identifier: identifier, start: from, end: to, ascending: true, limit: nil
    ) { sample in
      if strictStart && sample.start < from { return false }
      if excludeManual && HealthStoreAccess.isUserEntered(sample) { return false }
      return visibility.shows(sample)
    }
  }

  /// The emulator's refusal of a query with too many buckets to compute (HealthKit would work on
  /// it for a very long time).
  static func tooMany(_ code: String) -> HealthProfileError {
    .plugin(
      code: code,
      message:
        "hkbridge: the query spans more than \(TooManyBuckets.limit) sample intervals; narrow "
        + "the range or widen the interval")
  }

  /// An interval in seconds as milliseconds (saturating).
  static func milliseconds(_ seconds: Int) -> Int {
    let (product, overflow) = seconds.multipliedReportingOverflow(by: 1000)
    return overflow ? Int.max : product
  }

  /// A day of the statistics buckets of getTotalStepsInInterval (UTC days from the start).
  static let day = 86_400_000

  @Sendable
  static func getTotalStepsInInterval(_ call: ProfileCall) throws -> ChannelValue {
    let args = HealthArguments(call.arguments)
    let access = HealthStoreAccess(store: call.store)
    let from = HealthTime.milliseconds(args.milliseconds("startTime"))
    let to = HealthTime.milliseconds(args.milliseconds("endTime"))
    let excludeManual = (args.ints("recordingMethodsToFilter") ?? []).contains(3)
    let identifier = Catalogue.info(named: "stepCount")?.identifier ?? "stepCount"
    let visibility: HealthStoreAccess.Visibility
    do {
      visibility = try access.visibility([identifier])
    } catch {
      throw HealthProfileError.plugin(
        code: "STEPS_ERROR", message: "Error getting step count: \(error.description)")
    }
    let samples = overlapping(
      identifier, from: from, to: to, visibility: visibility, excludeManual: excludeManual,
      strictStart: true, access: access)
    let days: [Bucket]
    do {
      days = try buckets(samples, kind: .sum, from: from, to: to, interval: day) { sample in
        guard case .quantity(let amount) = sample.body else { return nil }
        return HealthUnits.value(amount, in: "count")
      }
    } catch {
      throw tooMany("STEPS_ERROR")
    }
    let total = days.reduce(0) { $0 + $1.value }
    return .swiftInt(HealthDataPoints.truncated(total))
  }
}
