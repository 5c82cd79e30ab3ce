/// The samples and workout sessions of the store.
///
/// Samples are kept once, by their write sequence, and indexed per HealthKit identifier in an
/// array sorted by `(start, sequence)`: a sample is inserted after every sample with the same or
/// an earlier start, so ties keep the order of writing.
///
/// A range query (SPEC 7's overlap rule) must find every sample with `sample.start < end` and
/// `sample.end > start` (or, instantaneous, `start <= sample.start < end`). The first condition
/// is a prefix of the sorted array. For the second, each index keeps the longest duration it
/// has ever held (`maxDuration`, never lowered on delete, so it stays an upper bound): a sample
/// that ends after `start` began after `start - maxDuration`. Two binary searches bound the
/// candidates to `[start - maxDuration, end)`, and the exact rule filters them. A query costs
/// O(log n + candidates), and with a limit it stops as soon as the answer is complete.
public struct SampleStore: Sendable {
  /// Every sample by its write sequence.
  private var bySequence: [Int: StoredSample] = [:]
  private var sequenceByUUID: [String: Int] = [:]
  private var indexes: [String: TypeIndex] = [:]
  private var nextSequence = 1

  /// Workout sessions started and not yet ended or discarded, in the order they started.
  public private(set) var sessionsInProgress: [WorkoutSession] = []
  /// Ids of sessions that were ended or discarded.
  public private(set) var finishedSessions: Set<String> = []

  public init() {}

  /// The number of stored samples (correlation members and stages each count).
  public var count: Int { bySequence.count }

  /// The sample with this uuid.
  public func sample(uuid: String) -> StoredSample? {
    sequenceByUUID[uuid].flatMap { bySequence[$0] }
  }

  /// Every sample in the order written.
  public var allInWriteOrder: [StoredSample] {
    bySequence.keys.sorted().compactMap { bySequence[$0] }
  }

  // MARK: Writing

  /// Stores a sample (its uuid must be new); its `sequence` is set here.
  public mutating func insert(_ sample: StoredSample) {
    var stored = sample
    stored.sequence = nextSequence
    nextSequence += 1
    bySequence[stored.sequence] = stored
    sequenceByUUID[stored.uuid] = stored.sequence
    indexes[stored.identifier, default: TypeIndex()].insert(
      IndexEntry(start: stored.start, sequence: stored.sequence), duration: stored.duration)
  }

  /// Removes the sample with this uuid; returns whether it existed.
  @discardableResult
  public mutating func remove(uuid: String) -> Bool {
    guard let sequence = sequenceByUUID.removeValue(forKey: uuid),
      let sample = bySequence.removeValue(forKey: sequence)
    else { return false }
    indexes[sample.identifier]?.remove(IndexEntry(start: sample.start, sequence: sequence))
    return true
  }

  // MARK: Querying

  /// The samples of one identifier that overlap `[start, end)` and pass `include`, ordered by
  /// start (ties in the order written), oldest first when `ascending`, at most `limit`.
  public func query(
    identifier: String, start: Int?, end: Int?, ascending: Bool, limit: Int?,
    include: (StoredSample) -> Bool = { _ in true }
  ) -> [StoredSample] {
    guard let index = indexes[identifier], !index.entries.isEmpty else { return [] }
    let rangeStart = start ?? Int.min
    let rangeEnd = end ?? Int.max
    let maximum = limit ?? Int.max
    guard maximum > 0 else { return [] }
    let entries = index.entries
    let (lowKey, overflow) = rangeStart.subtractingReportingOverflow(index.maxDuration)
    let low = overflow ? 0 : index.firstPosition(startingAtOrAfter: lowKey)
    let high = end == nil ? entries.count : index.firstPosition(startingAtOrAfter: rangeEnd)
    guard low < high else { return [] }
    var result: [StoredSample] = []

    func consider(_ position: Int) -> Bool {
      guard let sample = bySequence[entries[position].sequence],
        sample.overlaps(start: rangeStart, end: rangeEnd), include(sample)
      else { return false }
      result.append(sample)
      return result.count >= maximum
    }

    if ascending {
      for position in low..<high where consider(position) { break }
      return result
    }
    // Newest first; samples with the same start keep the order written.
    var runEnd = high
    while runEnd > low {
      let runStart = entries[runEnd - 1].start
      var first = runEnd - 1
      while first > low && entries[first - 1].start == runStart { first -= 1 }
      for position in first..<runEnd where consider(position) { return result }
      runEnd = first
    }
    return result
  }

  // MARK: Workout sessions

  /// The session in progress with this id.
  public func session(id: String) -> WorkoutSession? {
    sessionsInProgress.first { $0.id == id }
  }

  /// The live session in progress, if any.
  public var liveSession: WorkoutSession? { sessionsInProgress.first { $0.live } }

  public mutating func startSession(_ session: WorkoutSession) {
    sessionsInProgress.append(session)
  }

  /// Ends or discards a session in progress.
  public mutating func finishSession(id: String) {
    sessionsInProgress.removeAll { $0.id == id }
    finishedSessions.insert(id)
  }
}

/// A position in a per-identifier index.
struct IndexEntry: Hashable, Sendable {
  var start: Int
  var sequence: Int

  func precedes(_ other: IndexEntry) -> Bool {
    (start, sequence) < (other.start, other.sequence)
  }
}

/// The samples of one identifier sorted by `(start, sequence)`, with the longest duration ever
/// held.
struct TypeIndex: Sendable {
  var entries: [IndexEntry] = []
  var maxDuration = 0

  /// The first position whose start is `>= start` (binary search).
  func firstPosition(startingAtOrAfter start: Int) -> Int {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = low + (high - low) / 2
      if entries[middle].start < start { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The first position not before `entry` in `(start, sequence)` order.
  func position(of entry: IndexEntry) -> Int {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = low + (high - low) / 2
      if entries[middle].precedes(entry) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  mutating func insert(_ entry: IndexEntry, duration: Int) {
    maxDuration = max(maxDuration, duration)
    if let last = entries.last, !entry.precedes(last) {
      entries.append(entry)
    } else {
      entries.insert(entry, at: position(of: entry))
    }
  }

  mutating func remove(_ entry: IndexEntry) {
    let position = position(of: entry)
    if position < entries.count && entries[position] == entry {
      entries.remove(at: position)
    }
  }
}

/// A workout started with `startWorkout` and not yet ended or discarded.
public struct WorkoutSession: Hashable, Sendable {
  public var id: String
  /// The `HKWorkoutActivityType` case name.
  public var activityType: String
  public var location: String?
  /// Milliseconds since the Unix epoch.
  public var start: Int
  /// An `HKWorkoutSession` (iOS 17 on iPhone) rather than a plain `HKWorkoutBuilder`.
  public var live: Bool

  public init(id: String, activityType: String, location: String?, start: Int, live: Bool) {
    self.id = id
    self.activityType = activityType
    self.location = location
    self.start = start
    self.live = live
  }
}
