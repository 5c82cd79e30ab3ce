/// A HealthKit identifier and a source's bundle id: what a denied read is limited to.
struct SourceKey: Hashable, Sendable {
  var identifier: String
  var bundleId: String
}

/// One save or delete in a change log: 32 bytes (the uuids of deletes are kept apart, a save's
/// sample is found by its slot).
struct ChangeRecord: Sendable {
  /// The store-wide anchor the change took.
  var anchor: Int
  /// The source's own anchor: how many changes of its samples (of any type) the store had made
  /// up to and including this one.
  var sourceAnchor: Int
  /// A save: the slot its sample went to (gone when the slot no longer holds a sample of the
  /// same anchor). A delete: where the deleted uuid is kept (`SampleStore`'s deleted uuids).
  var slot: Int
  /// The source's number in the store's source table.
  var source: UInt32
  var deleted: Bool
}

/// The saves and deletes of one type in anchor order, and for each source the positions of its
/// own (both anchors only grow): the changes after an anchor are found by a binary search and
/// walked in order, so an anchored batch costs what it delivers, not what the store holds
/// (protocol/healthkit-rules.md#change-log).
struct ChangeLog: Sendable {
  private(set) var records: [ChangeRecord] = []
  /// Per source number: the positions of its records, oldest first.
  private(set) var positions: [UInt32: [Int32]] = [:]

  mutating func append(_ record: ChangeRecord) {
    // 2^31 changes of one type would need tens of GiB first; truncating cannot trap.
    positions[record.source, default: []].append(Int32(truncatingIfNeeded: records.count))
    records.append(record)
  }

  /// The first record whose anchor is after `anchor`.
  func firstIndex(after anchor: Int) -> Int {
    var low = 0
    var high = records.count
    while low < high {
      let middle = low + (high - low) / 2
      if records[middle].anchor <= anchor { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The first of `source`'s positions whose record's source anchor is after `anchor`.
  func firstPosition(of own: [Int32], after anchor: Int) -> Int {
    var low = 0
    var high = own.count
    while low < high {
      let middle = low + (high - low) / 2
      if records[Int(own[middle])].sourceAnchor <= anchor {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }
}

/// A change a log walk hands out: a save whose sample is still stored, or a delete.
enum LoggedChange: Sendable {
  case added(StoredSample)
  case deleted(DeletedSample)
}
