/// The samples and workout sessions of the store.
///
/// Each sample is kept once, packed (`PackedSample`: what it shares with other samples, its
/// types, source and unit, is kept once in a table), in a slot of one array (a deleted sample's
/// slot is reused by a later one), found by uuid through one dictionary, and indexed per
/// HealthKit identifier by `(start, sequence)` in a `SampleIndex` (a chunked sorted array): a
/// sample goes after every sample with the same or an earlier start, so ties keep the order of
/// writing, and an insert or delete anywhere in time moves at most one block of entries.
///
/// A range query (the overlap rule in protocol/healthkit-rules.md#time) must find every sample with `sample.start < end` and
/// `sample.end > start` (or, instantaneous, `start <= sample.start < end`). The first condition
/// is a prefix of the index. For the second, each index keeps the longest duration it has ever
/// held (`maxDuration`, never lowered on delete, so it stays an upper bound): a sample that ends
/// after `start` began after `start - maxDuration`. Two binary searches bound the candidates to
/// `[start - maxDuration, end)`, and the exact rule filters them. A query costs
/// O(log n + candidates), and with a limit it stops as soon as the answer is complete.
///
/// Each identifier's samples are also indexed per source (bundle id), so that a read limited to
/// the app's own samples (reading denied) walks only those, whatever other sources stored. Every
/// save and delete goes to a change log per identifier and per identifier and source
/// (`ChangeLog`), which anchored queries walk from their anchor on.
public struct SampleStore: Sendable {
  /// The entries an index block holds at most, unless the store was made with another figure.
  public static let defaultIndexBlockCapacity = 512

  /// Every sample, each in its slot; nil for a free slot.
  private var slots: [PackedSample?] = []
  /// Slots freed by deletes, reused before the array grows.
  private var freeSlots: [Int] = []
  private var slotByUUID: [String: Int] = [:]
  private var indexes: [String: SampleIndex] = [:]
  private var kinds = SampleKinds()
  /// The anchor the next change takes: every insert and every delete takes one, in order.
  private var nextSequence = 1
  /// Per identifier and source: the same index over that source's samples only.
  private var sourceIndexes: [SourceKey: SampleIndex] = [:]
  /// Per identifier: every save and delete, oldest first, with each source's positions.
  private var changeLogs: [String: ChangeLog] = [:]
  /// The bundle ids of the sources that changed samples, numbered in order of appearance.
  private var sourceNames: [String] = []
  private var sourceNumbers: [String: UInt32] = [:]
  /// Per source number: the anchor of its samples' latest change (0 before the first),
  /// counting only that source's saves and deletes.
  private var sourceAnchors: [UInt32: Int] = [:]
  /// The uuids of deleted samples, in the order deleted (a delete record points here).
  private var deletedUUIDs: [String] = []
  private let indexBlockCapacity: Int
  /// Whether saves and deletes are journaled (while an event stream listens).
  var journaling = false
  /// The saves and deletes since the journal was last taken (protocol/events.md#store-changes).
  var journal: [SampleChangeEntry] = []

  /// Workout sessions started and not yet ended or discarded, in the order they started.
  public private(set) var sessionsInProgress: [WorkoutSession] = []
  /// Ids of sessions that were ended or discarded.
  public private(set) var finishedSessions: Set<String> = []

  /// `indexBlockCapacity` (at least 2) is how many entries a block of a per-identifier index
  /// holds before it splits; it changes speed, never results.
  public init(indexBlockCapacity: Int = SampleStore.defaultIndexBlockCapacity) {
    self.indexBlockCapacity = max(2, indexBlockCapacity)
  }

  /// The number of stored samples (correlation members and stages each count).
  public var count: Int { slotByUUID.count }

  /// The sample with this uuid.
  public func sample(uuid: String) -> StoredSample? {
    slotByUUID[uuid].flatMap { slots[$0]?.unpacked(kinds) }
  }

  /// Every sample in the order written.
  public var allInWriteOrder: [StoredSample] {
    var order: [(sequence: Int, slot: Int)] = []
    order.reserveCapacity(slotByUUID.count)
    for (slot, sample) in slots.enumerated() {
      if let sample { order.append((sample.sequence, slot)) }
    }
    order.sort { $0.sequence < $1.sequence }
    return order.compactMap { slots[$0.slot]?.unpacked(kinds) }
  }

  // MARK: Writing

  /// Stores a sample; its `sequence` is set here. A sample with the uuid of a stored one
  /// replaces it (uuids are minted new, so this does not happen in use).
  public mutating func insert(_ sample: StoredSample) {
    var stored = sample
    stored.sequence = nextSequence
    nextSequence += 1
    let packed = PackedSample(stored, kinds: &kinds)
    let slot: Int
    if let free = freeSlots.popLast() {
      slot = free
      slots[slot] = packed
    } else {
      slot = slots.count
      slots.append(packed)
    }
    if let replaced = slotByUUID.updateValue(slot, forKey: stored.uuid) {
      discard(slot: replaced)
    }
    if journaling {
      journal.append(
        SampleChangeEntry(
          anchor: stored.sequence, identifier: stored.identifier, uuid: stored.uuid,
          source: stored.source.bundleId, deleted: false, start: stored.start, end: stored.end))
    }
    let entry = IndexEntry(start: stored.start, sequence: stored.sequence, slot: slot)
    let key = SourceKey(identifier: stored.identifier, bundleId: stored.source.bundleId)
    indexes[stored.identifier, default: SampleIndex(blockCapacity: indexBlockCapacity)].insert(
      entry, duration: stored.duration)
    sourceIndexes[key, default: SampleIndex(blockCapacity: indexBlockCapacity)].insert(
      entry, duration: stored.duration)
    log(key, anchor: stored.sequence, uuid: stored.uuid, slot: slot, deleted: false)
  }

  /// Logs a save or delete of `key`'s type and source, taking the source's next anchor.
  private mutating func log(_ key: SourceKey, anchor: Int, uuid: String, slot: Int, deleted: Bool) {
    let source = sourceNumber(key.bundleId)
    let sourceAnchor = (sourceAnchors[source] ?? 0) + 1
    sourceAnchors[source] = sourceAnchor
    var place = slot
    if deleted {
      place = deletedUUIDs.count
      deletedUUIDs.append(uuid)
    }
    changeLogs[key.identifier, default: ChangeLog()].append(
      ChangeRecord(
        anchor: anchor, sourceAnchor: sourceAnchor, slot: place, source: source, deleted: deleted))
  }

  /// The number of a source in the source table, adding it when new.
  private mutating func sourceNumber(_ bundleId: String) -> UInt32 {
    if let number = sourceNumbers[bundleId] { return number }
    let number = UInt32(truncatingIfNeeded: sourceNames.count)
    sourceNames.append(bundleId)
    sourceNumbers[bundleId] = number
    return number
  }

  /// Changes a stored sample's links (its workout, a workout's associated samples) in place:
  /// not a save or delete, so neither its sequence nor the change log moves. The start, end,
  /// type and source stay what they were (they key the indexes). Returns whether it existed.
  @discardableResult
  mutating func relink(uuid: String, _ change: (inout StoredSample) -> Void) -> Bool {
    guard let slot = slotByUUID[uuid], let packed = slots[slot] else { return false }
    var sample = packed.unpacked(kinds)
    let kept = (sample.identifier, sample.source, sample.start, sample.end, sample.sequence)
    change(&sample)
    (sample.identifier, sample.source, sample.start, sample.end, sample.sequence) = kept
    slots[slot] = PackedSample(sample, kinds: &kinds)
    return true
  }

  /// Removes the sample with this uuid and logs the delete; returns whether it existed.
  @discardableResult
  public mutating func remove(uuid: String) -> Bool {
    guard let slot = slotByUUID.removeValue(forKey: uuid) else { return false }
    if let sample = slots[slot] {
      let kind = kinds[sample.kind]
      log(
        SourceKey(identifier: kind.identifier, bundleId: kind.source.bundleId),
        anchor: nextSequence, uuid: uuid, slot: slot, deleted: true)
      if journaling {
        journal.append(
          SampleChangeEntry(
            anchor: nextSequence, identifier: kind.identifier, uuid: uuid,
            source: kind.source.bundleId, deleted: true, start: sample.start, end: sample.end))
      }
      nextSequence += 1
    }
    discard(slot: slot)
    if slotByUUID.isEmpty {
      slots = []
      freeSlots = []
      kinds = SampleKinds()
    }
    return true
  }

  /// Empties a slot and takes its sample out of its index.
  private mutating func discard(slot: Int) {
    guard let sample = slots[slot] else { return }
    slots[slot] = nil
    freeSlots.append(slot)
    let kind = kinds[sample.kind]
    let entry = IndexEntry(start: sample.start, sequence: sample.sequence, slot: slot)
    indexes[kind.identifier]?.remove(entry)
    sourceIndexes[SourceKey(identifier: kind.identifier, bundleId: kind.source.bundleId)]?.remove(
      entry)
  }

  // MARK: Querying

  /// The samples of one identifier that overlap `[start, end)` and pass `include`, ordered by
  /// start (ties in the order written), oldest first when `ascending`, at most `limit`.
  public func query(
    identifier: String, start: Int?, end: Int?, ascending: Bool, limit: Int?,
    include: (StoredSample) -> Bool = { _ in true }
  ) -> [StoredSample] {
    var result: [StoredSample] = []
    visit(
      identifier: identifier, start: start, end: end, ascending: ascending, limit: limit,
      include: include
    ) { result.append($0) }
    return result
  }

  /// ``query(identifier:start:end:ascending:limit:include:)`` over one source's samples only
  /// (`source`, a bundle id: a read limited to the app's own samples), or every source's when
  /// nil.
  public func query(
    identifier: String, source: String?, start: Int?, end: Int?, ascending: Bool, limit: Int?,
    include: (StoredSample) -> Bool = { _ in true }
  ) -> [StoredSample] {
    var result: [StoredSample] = []
    visit(
      identifier: identifier, source: source, start: start, end: end, ascending: ascending,
      limit: limit, include: include
    ) { result.append($0) }
    return result
  }

  /// ``visit(identifier:start:end:ascending:limit:include:_:)`` over one source's samples only
  /// (`source`, a bundle id), or every source's when nil: a read limited to the app's own
  /// samples walks only those.
  func visit(
    identifier: String, source: String?, start: Int?, end: Int?, ascending: Bool, limit: Int?,
    include: (StoredSample) -> Bool, _ body: (StoredSample) -> Void
  ) {
    guard let source else {
      return visit(
        identifier: identifier, start: start, end: end, ascending: ascending, limit: limit,
        include: include, body)
    }
    guard let index = sourceIndexes[SourceKey(identifier: identifier, bundleId: source)] else {
      return
    }
    visit(
      index, start: start, end: end, ascending: ascending, limit: limit, include: include, body)
  }

  /// ``query(identifier:start:end:ascending:limit:include:)`` handing each sample to `body` in
  /// turn instead of collecting them (a big answer is never held twice).
  public func visit(
    identifier: String, start: Int?, end: Int?, ascending: Bool, limit: Int?,
    include: (StoredSample) -> Bool, _ body: (StoredSample) -> Void
  ) {
    guard let index = indexes[identifier] else { return }
    visit(
      index, start: start, end: end, ascending: ascending, limit: limit, include: include, body)
  }

  private func visit(
    _ index: SampleIndex, start: Int?, end: Int?, ascending: Bool, limit: Int?,
    include: (StoredSample) -> Bool, _ body: (StoredSample) -> Void
  ) {
    guard !index.isEmpty else { return }
    let rangeStart = start ?? Int.min
    let rangeEnd = end ?? Int.max
    let maximum = limit ?? Int.max
    guard maximum > 0 else { return }
    let (lowKey, overflow) = rangeStart.subtractingReportingOverflow(index.maxDuration)
    let low =
      overflow
      ? IndexPosition(block: 0, offset: 0) : index.firstPosition(startingAtOrAfter: lowKey)
    let high = end == nil ? index.endPosition : index.firstPosition(startingAtOrAfter: rangeEnd)
    guard low < high else { return }
    var count = 0

    func consider(_ entry: IndexEntry) -> Bool {
      guard let packed = slots[entry.slot], packed.overlaps(start: rangeStart, end: rangeEnd)
      else { return false }
      let sample = packed.unpacked(kinds)
      guard include(sample) else { return false }
      body(sample)
      count += 1
      return count >= maximum
    }

    if ascending {
      index.forEach(from: low, to: high, consider)
    } else {
      index.forEachNewestFirst(from: low, to: high, consider)
    }
  }

  // MARK: Change log

  /// The anchor of the latest change (an insert or a delete); 0 before the first. It only grows.
  public var anchor: Int { nextSequence - 1 }

  /// What changed for one identifier after `anchor` (HealthKit's anchored object query): the
  /// samples added since that are still stored, in the order added, the samples deleted since
  /// (a sample added and deleted since is only among the deleted), and the anchor to ask from
  /// next time.
  public func changes(of identifier: String, since anchor: Int) -> SampleChanges {
    var changes = SampleChanges(added: [], deleted: [], anchor: self.anchor)
    forEachChange(of: identifier, source: nil, after: anchor) { _, change in
      switch change {
      case .added(let sample): changes.added.append(sample)
      case .deleted(let deleted): changes.deleted.append(deleted)
      }
      return false
    }
    return changes
  }

  /// The anchor of the latest change of `bundleId`'s samples, counting only that source's
  /// changes (of every type); 0 before the first. It only grows.
  func sourceAnchor(_ bundleId: String) -> Int {
    sourceNumbers[bundleId].flatMap { sourceAnchors[$0] } ?? 0
  }

  /// The store-wide anchor of `bundleId`'s first save of `identifier` (its place in the source
  /// order of statistics), nil when it never saved one.
  func firstSave(of identifier: String, by bundleId: String) -> Int? {
    guard let source = sourceNumbers[bundleId], let log = changeLogs[identifier],
      let first = log.positions[source]?.first
    else { return nil }
    return log.records[Int(first)].anchor
  }

  /// Hands `body` each change of `identifier` after `anchor`, oldest first, with its anchor,
  /// until it returns true: a save whose sample is still stored, or a delete. With `source` (a
  /// bundle id), only that source's changes, and anchors are the source's own
  /// (``sourceAnchor(_:)``), which no other source's change moves.
  func forEachChange(
    of identifier: String, source: String?, after anchor: Int,
    _ body: (Int, LoggedChange) -> Bool
  ) {
    guard let log = changeLogs[identifier] else { return }
    let records = log.records
    func hand(_ record: ChangeRecord, _ recordAnchor: Int) -> Bool {
      let change: LoggedChange
      if record.deleted {
        change = .deleted(
          DeletedSample(
            uuid: deletedUUIDs[record.slot], anchor: recordAnchor,
            source: sourceNames[Int(record.source)]))
      } else {
        guard record.slot < slots.count, let packed = slots[record.slot],
          packed.sequence == record.anchor
        else { return false }
        change = .added(packed.unpacked(kinds))
      }
      return body(recordAnchor, change)
    }
    guard let source else {
      for position in log.firstIndex(after: anchor)..<records.count
      where hand(records[position], records[position].anchor) {
        return
      }
      return
    }
    guard let number = sourceNumbers[source], let own = log.positions[number] else { return }
    for place in log.firstPosition(of: own, after: anchor)..<own.count {
      let record = records[Int(own[place])]
      if hand(record, record.sourceAnchor) { return }
    }
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

/// A workout session started and not yet ended or discarded.
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

/// A sample the change log records as deleted.
public struct DeletedSample: Hashable, Sendable {
  public var uuid: String
  /// The anchor of the delete.
  public var anchor: Int
  /// The bundle id of the deleted sample's source (so that a query can keep the privacy rule:
  /// an app that may not read a type hears only of its own deletes).
  public var source: String

  public init(uuid: String, anchor: Int, source: String) {
    self.uuid = uuid
    self.anchor = anchor
    self.source = source
  }
}

/// The answer of `SampleStore.changes(of:since:)`.
public struct SampleChanges: Hashable, Sendable {
  /// Samples added after the anchor asked from and still stored, oldest change first.
  public var added: [StoredSample]
  /// Samples deleted after the anchor asked from, oldest change first.
  public var deleted: [DeletedSample]
  /// The store's anchor when asked: the anchor to ask from next time.
  public var anchor: Int
}
