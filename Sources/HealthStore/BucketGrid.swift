/// The buckets of a statistics query, `[from + k·interval, from + (k+1)·interval)` for
/// k = 0…`lastIndex`, with every time sum checked: a range and interval anywhere in `Int` give a
/// grid (or, past `Int.max` buckets, a refusal), never an overflow trap
/// (protocol/healthkit-rules.md#statistics).
struct BucketGrid: Sendable, Equatable {
  let from: Int
  let to: Int
  let interval: Int
  /// The index of the last bucket (the one holding `to - 1`).
  let lastIndex: Int

  /// Nil for an empty range or an interval that is not positive; throws when the range holds
  /// more than `Int.max` buckets (a range over half the clock in 1 ms buckets).
  init?(from: Int, to: Int, interval: Int) throws(SampleStatistics.TooManyBuckets) {
    guard interval > 0, from < to else { return nil }
    // `to - from` as an unsigned distance: exact for any two Ints with from < to.
    let last = Self.offset(to - 1, from: from) / UInt(interval)
    guard last < UInt(Int.max) else {
      throw SampleStatistics.TooManyBuckets(tooManyInAnswer: true)
    }
    self.from = from
    self.to = to
    self.interval = interval
    lastIndex = Int(last)
  }

  /// `time - from` for `time >= from`, exact over the whole `Int` range.
  static func offset(_ time: Int, from: Int) -> UInt {
    UInt(bitPattern: time &- from)
  }

  /// The start of bucket `index` (inside the range, so the wrapping sum is exact).
  func start(_ index: Int) -> Int {
    from &+ index &* interval
  }

  /// The end of bucket `index`, `Int.max` when it would lie beyond.
  func end(_ index: Int) -> Int {
    let (sum, overflow) = start(index).addingReportingOverflow(interval)
    return overflow ? Int.max : sum
  }

  /// The index of the bucket holding `time`, which lies in `[from, to)`.
  func index(of time: Int) -> Int {
    Int(Self.offset(time, from: from) / UInt(interval))
  }

  /// The buckets a sample touches, or nil when it lies outside the range: the bucket of its
  /// instant, or every bucket its `[start, end)` overlaps.
  func indices(touchedBy sample: StoredSample) -> ClosedRange<Int>? {
    indices(start: sample.start, end: sample.end)
  }

  /// The buckets a time span touches (an instant when `start == end`), or nil when none.
  func indices(start: Int, end: Int) -> ClosedRange<Int>? {
    if start == end {
      guard from <= start && start < to else { return nil }
      let only = index(of: start)
      return only...only
    }
    guard start < to && end > from else { return nil }
    let first = index(of: max(start, from))
    let last = index(of: min(end, to) - 1)
    return first <= last ? first...last : nil
  }
}
