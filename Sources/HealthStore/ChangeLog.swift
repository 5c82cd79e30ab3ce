/// A HealthKit identifier and a source's bundle id: what a denied read is limited to.
struct SourceKey: Hashable, Sendable {
  var identifier: String
  var bundleId: String
}

/// One save or delete in a change log.
struct ChangeRecord: Sendable {
  /// The store-wide anchor the change took.
  var anchor: Int
  /// The source's own anchor: how many changes of its samples (of any type) the store had made
  /// up to and including this one.
  var sourceAnchor: Int
  var uuid: String
  /// The bundle id of the sample's source.
  var source: String
  /// For a save, the slot the sample went to (a save whose slot no longer holds a sample of the
  /// same anchor is gone); unused for a delete.
  var slot: Int
  var deleted: Bool
}

/// The saves and deletes of one type, or of one type and source, in anchor order (both anchors
/// only grow): the changes after an anchor are found by a binary search and walked in order, so
/// an anchored batch costs what it delivers, not what the store holds
/// (protocol/healthkit-rules.md#anchors).
struct ChangeLog: Sendable {
  private(set) var records: [ChangeRecord] = []

  mutating func append(_ record: ChangeRecord) {
    records.append(record)
  }

  /// The first record whose anchor (the source's own when `bySource`) is after `anchor`.
  func firstIndex(after anchor: Int, bySource: Bool) -> Int {
    var low = 0
    var high = records.count
    while low < high {
      let middle = low + (high - low) / 2
      let value = bySource ? records[middle].sourceAnchor : records[middle].anchor
      if value <= anchor { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

/// A change a log walk hands out: a save whose sample is still stored, or a delete.
enum LoggedChange: Sendable {
  case added(StoredSample)
  case deleted(DeletedSample)
}
