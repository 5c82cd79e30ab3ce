/// One batch of an anchored object query: what was added and deleted after an anchor, and the
/// anchor to ask from next (protocol/events.md, protocol/channel-api.md#event-channels).
public struct AnchoredBatch: Sendable, Hashable {
  /// Samples added and still stored, oldest change first, in the query's unit.
  public var added: [StoredSample]
  /// Samples deleted, oldest change first.
  public var deleted: [DeletedSample]
  /// The anchor to ask from next: the anchor of the batch's last change, or the store's anchor
  /// when the batch holds every change.
  public var anchor: Int
  /// Whether changes after `anchor` are still waiting (the batch stopped at its limit).
  public var more: Bool
}

extension HealthStore {
  /// Whether a query sees a save or delete (the privacy rule of
  /// protocol/events.md#store-changes: a denied read sees the app's own changes only).
  public func sees(_ entry: SampleChangeEntry, by query: SampleQuery) -> Bool {
    entry.identifier == query.identifier && (!query.ownSamplesOnly || entry.source == bundleId)
  }

  /// `HKAnchoredObjectQuery`: the changes of a query's type after `anchor` that the app may
  /// see, at most `limit` (added and deleted together; `nil` or 0: no limit), oldest first.
  public func anchoredBatch(_ query: SampleQuery, since anchor: Int, limit: Int?)
    -> AnchoredBatch
  {
    let changes = samples.changes(of: query.identifier, since: max(0, anchor))
    let own = bundleId
    let visibleAdded = changes.added.filter { sample in
      if query.ownSamplesOnly && sample.source.bundleId != own { return false }
      if let value = query.categoryValue, sample.body != .category(rawValue: value) {
        return false
      }
      return true
    }
    let visibleDeleted = changes.deleted.filter { !query.ownSamplesOnly || $0.source == own }
    enum Change {
      case added(StoredSample)
      case deleted(DeletedSample)
      var anchor: Int {
        switch self {
        case .added(let sample): return sample.sequence
        case .deleted(let deleted): return deleted.anchor
        }
      }
    }
    var all = visibleAdded.map(Change.added) + visibleDeleted.map(Change.deleted)
    all.sort { $0.anchor < $1.anchor }
    let maximum = (limit ?? 0) > 0 ? limit! : Int.max
    let taken = all.prefix(maximum)
    let more = taken.count < all.count
    var batch = AnchoredBatch(
      added: [], deleted: [],
      anchor: more ? (taken.last?.anchor ?? anchor) : max(anchor, changes.anchor),
      more: more)
    for change in taken {
      switch change {
      case .added(let sample):
        var shown = sample
        if let unit = query.unit { shown.body = Self.converted(sample.body, to: unit) }
        batch.added.append(shown)
      case .deleted(let deleted): batch.deleted.append(deleted)
      }
    }
    return batch
  }
}
