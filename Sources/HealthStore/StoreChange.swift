/// One entry of the store's change journal: a sample saved or deleted (protocol/events.md#store-changes).
public struct SampleChangeEntry: Sendable, Hashable {
  /// The change-log anchor this change took.
  public var anchor: Int
  /// The sample's raw HealthKit identifier.
  public var identifier: String
  public var uuid: String
  /// The bundle id of the sample's source.
  public var source: String
  /// True for a delete, false for a save.
  public var deleted: Bool
  /// The sample's start and end (ms since the Unix epoch): which statistics buckets it touches.
  public var start: Int
  public var end: Int
}

/// What one call changed in the store: every save and delete it made, in the change log's order,
/// with the anchors before and after. Event streams are told of it after the call.
public struct StoreChange: Sendable, Hashable {
  /// The store's anchor before the call.
  public var fromAnchor: Int
  /// The store's anchor after the call (the anchor of its last change).
  public var toAnchor: Int
  /// The saves and deletes, oldest first.
  public var entries: [SampleChangeEntry]
  /// Whether activity summaries were added (they are no samples: no entry, no anchor).
  public var activitySummariesChanged: Bool

  public init(
    fromAnchor: Int, toAnchor: Int, entries: [SampleChangeEntry],
    activitySummariesChanged: Bool = false
  ) {
    self.fromAnchor = fromAnchor
    self.toAnchor = toAnchor
    self.entries = entries
    self.activitySummariesChanged = activitySummariesChanged
  }

  /// Whether samples of `identifier` were saved or deleted (by any source).
  public func changed(_ identifier: String) -> Bool {
    entries.contains { $0.identifier == identifier }
  }

  /// Whether samples of `identifier` of the source `bundleId` were saved or deleted.
  public func changed(_ identifier: String, by bundleId: String) -> Bool {
    entries.contains { $0.identifier == identifier && $0.source == bundleId }
  }

  /// The identifiers changed, in the order of their first change.
  public var identifiers: [String] {
    var seen: Set<String> = []
    return entries.map(\.identifier).filter { seen.insert($0).inserted }
  }
}

extension HealthStore {
  /// Starts or stops keeping the change journal that ``takeChange(since:)`` empties (the
  /// dispatcher keeps it while a stream listens, so that it never grows unread).
  public func setJournaling(_ on: Bool) {
    samples.journaling = on
    if !on {
      samples.journal = []
      summaries.changedSinceTaken = false
    }
  }

  /// The changes journaled since the last call, as one ``StoreChange`` from `anchor`, or `nil`
  /// when nothing changed; the journal is emptied.
  public func takeChange(since anchor: Int) -> StoreChange? {
    let entries = samples.journal
    let summariesChanged = summaries.changedSinceTaken
    samples.journal = []
    summaries.changedSinceTaken = false
    guard !entries.isEmpty || summariesChanged else { return nil }
    return StoreChange(
      fromAnchor: anchor, toAnchor: samples.anchor, entries: entries,
      activitySummariesChanged: summariesChanged)
  }
}
