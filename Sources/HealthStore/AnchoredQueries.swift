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
  ///
  /// The batch walks the type's change log from `anchor` on and stops after the change past
  /// its limit, so a batch costs what it delivers (protocol/healthkit-rules.md#anchors). A
  /// query limited to the app's own samples (reading denied) walks the app's own log, and its
  /// anchors count only the app's own changes: they are the anchors of a store where no other
  /// source ever wrote, so they reveal nothing of what the app may not read.
  ///
  /// `include` narrows the added samples further (a query's predicate): a save it refuses is
  /// skipped like one of another category value, without counting toward the limit; deletes are
  /// all given (a deleted object has nothing left to test).
  public func anchoredBatch(
    _ query: SampleQuery, since anchor: Int, limit: Int?,
    include: ((StoredSample) -> Bool)? = nil
  ) -> AnchoredBatch {
    let own = query.ownSamplesOnly ? bundleId : nil
    let maximum = (limit ?? 0) > 0 ? limit! : Int.max
    var batch = AnchoredBatch(added: [], deleted: [], anchor: anchor, more: false)
    var taken = 0
    var last = anchor
    samples.forEachChange(of: query.identifier, source: own, after: max(0, anchor)) {
      changeAnchor, change in
      if case .added(let sample) = change, let value = query.categoryValue,
        sample.body != .category(rawValue: value)
      {
        return false
      }
      if case .added(let sample) = change, let include, !include(sample) { return false }
      guard taken < maximum else {
        batch.more = true
        return true
      }
      taken += 1
      last = changeAnchor
      switch change {
      case .added(let sample):
        var shown = sample
        if let unit = query.unit { shown.body = Self.converted(sample.body, to: unit) }
        batch.added.append(shown)
      case .deleted(let deleted): batch.deleted.append(deleted)
      }
      return false
    }
    let latest = own.map { samples.sourceAnchor($0) } ?? samples.anchor
    batch.anchor = batch.more ? last : max(anchor, latest)
    return batch
  }
}
