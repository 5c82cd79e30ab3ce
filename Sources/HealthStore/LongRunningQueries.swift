import HealthKitModel

/// One batch of an anchored object query: what was added and deleted after an anchor, and the
/// anchor to ask from next (protocol/events.md, protocol/channel-api.md#event-channels).
public struct AnchoredBatch: Sendable, Hashable {
  /// Samples added and still stored, oldest change first, shown as the read asked.
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
  /// Whether the query of a checked read sees a save or delete (the privacy rule of
  /// protocol/events.md#store-changes: a denied read sees the app's own changes only).
  public func sees(_ entry: SampleChangeEntry, by prepared: PreparedRead) -> Bool {
    entry.identifier == prepared.identifier
      && (!prepared.ownSamplesOnly || entry.source == bundleId)
  }

  /// `HKAnchoredObjectQuery`: the changes of a checked read's type after `anchor` that the app
  /// may see, at most `limit` (added and deleted together; `nil` or 0: no limit), oldest first.
  public func anchoredBatch(_ prepared: PreparedRead, since anchor: Int, limit: Int?)
    -> AnchoredBatch
  {
    let changes = samples.changes(of: prepared.identifier, since: max(0, anchor))
    let own = bundleId
    let visibleAdded = changes.added.filter { sample in
      if prepared.ownSamplesOnly && sample.source.bundleId != own { return false }
      if let value = prepared.categoryValue, sample.body != .category(rawValue: value) {
        return false
      }
      return true
    }
    let visibleDeleted = changes.deleted.filter { !prepared.ownSamplesOnly || $0.source == own }
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
        if prepared.reportsRequestedType { shown.ckType = prepared.request.type }
        if let unit = prepared.request.unit { shown.body = Self.converted(sample.body, to: unit) }
        batch.added.append(shown)
      case .deleted(let deleted): batch.deleted.append(deleted)
      }
    }
    return batch
  }
}

extension HealthStore {
  /// The raw identifier of a sample type's CKType on this iOS version (as `readRecords`
  /// resolves its type, without authorization); a characteristic is refused.
  public func sampleTypeIdentifier(_ ckType: String, field: String = "type") throws(HealthError)
    -> String
  {
    let resolved = try RecordBuilder.resolve(ckType, os: deviceOSVersion)
    if resolved.typeClass == .characteristic {
      throw HealthError.invalidArgument(
        field: field,
        "'\(ckType)' is a characteristic, not a sample type (\(resolved.identifier))")
    }
    return resolved.identifier
  }
}
