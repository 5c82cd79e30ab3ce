import FlutterCodec

/// Where each key of a map last appears, as Dart keeps a map (a key given twice is one key, the
/// last value winning), with keys compared by ``DartEquality``. A small map is searched entry by
/// entry; a larger one is indexed once by ``DartHash`` of its keys, so that looking up every key
/// of one map in another is linear, not quadratic, in their sizes.
struct MapKeyIndex {
  /// Maps of at most this many entries are searched without an index.
  static let scanLimit = 16

  private let entries: [ChannelMapEntry]
  /// For an indexed map: the position of the last entry of each distinct key, by its key's hash.
  private let positions: [Int: [Int]]?
  /// For an indexed map: whether each entry is the last of its key (found while indexing).
  private let lastOfKey: [Bool]?

  /// How many keys Dart sees (a repeated key counts once).
  var distinctCount: Int {
    guard let lastOfKey else { return entries.indices.filter(isLast).count }
    return lastOfKey.count { $0 }
  }

  init(_ entries: [ChannelMapEntry]) {
    self.entries = entries
    guard entries.count > Self.scanLimit else {
      positions = nil
      lastOfKey = nil
      return
    }
    var positions: [Int: [Int]] = [:]
    positions.reserveCapacity(entries.count)
    var lastOfKey = [Bool](repeating: true, count: entries.count)
    for (index, entry) in entries.enumerated() {
      let hash = DartHash.value(entry.key)
      var bucket = positions[hash, default: []]
      if let same = bucket.firstIndex(where: { DartEquality.equal(entries[$0].key, entry.key) }) {
        lastOfKey[bucket[same]] = false
        bucket[same] = index
      } else {
        bucket.append(index)
      }
      positions[hash] = bucket
    }
    self.positions = positions
    self.lastOfKey = lastOfKey
  }

  /// The position of the last entry whose key Dart calls equal to `key`, or nil.
  func lastIndex(of key: ChannelValue) -> Int? {
    guard let positions else {
      return entries.lastIndex { DartEquality.equal($0.key, key) }
    }
    return positions[DartHash.value(key)]?.first { DartEquality.equal(entries[$0].key, key) }
  }

  /// The value Dart reads for `key`, or nil when the map has no such key.
  func value(for key: ChannelValue) -> ChannelValue? {
    lastIndex(of: key).map { entries[$0].value }
  }

  /// Whether the entry at `index` is the last of its key (the one Dart keeps).
  func isLast(_ index: Int) -> Bool {
    if let lastOfKey { return lastOfKey[index] }
    let key = entries[index].key
    return !entries[(index + 1)...].contains { DartEquality.equal($0.key, key) }
  }
}
