/// One sample in a per-identifier index: its start, its write sequence (ties of `start` keep the
/// order of writing) and the store slot that holds it.
struct IndexEntry: Hashable, Sendable {
  var start: Int
  var sequence: Int
  var slot: Int

  /// Whether this entry comes before `other` in `(start, sequence)` order.
  func precedes(_ other: IndexEntry) -> Bool {
    start < other.start || (start == other.start && sequence < other.sequence)
  }

  /// Whether both stand for the same sample (the slot is where it is kept, not what it is).
  func isSameSample(as other: IndexEntry) -> Bool {
    start == other.start && sequence == other.sequence
  }
}

/// A sorted run of entries, never empty, with a copy of its first entry so that the search over
/// blocks reads one contiguous array.
struct IndexBlock: Sendable {
  private(set) var first: IndexEntry
  private(set) var entries: [IndexEntry]

  init(_ entries: [IndexEntry], first: IndexEntry) {
    self.entries = entries
    self.first = first
  }

  init(_ entry: IndexEntry) {
    self.init([entry], first: entry)
  }

  var count: Int { entries.count }

  /// The first offset whose entry is not before `entry`.
  func offset(of entry: IndexEntry) -> Int {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = low + (high - low) / 2
      if entries[middle].precedes(entry) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The first offset whose start is `>= start`.
  func offset(startingAtOrAfter start: Int) -> Int {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = low + (high - low) / 2
      if entries[middle].start < start { low = middle + 1 } else { high = middle }
    }
    return low
  }

  mutating func append(_ entry: IndexEntry) {
    entries.append(entry)
  }

  mutating func insert(_ entry: IndexEntry, at offset: Int) {
    entries.insert(entry, at: offset)
    if offset == 0 { first = entry }
  }

  /// Removes one entry; the caller drops the block when it becomes empty.
  mutating func remove(at offset: Int) {
    entries.remove(at: offset)
    if offset == 0, let head = entries.first { first = head }
  }

  /// Moves the second half of the entries into a new block, which it returns.
  mutating func splitOffSecondHalf() -> IndexBlock {
    let half = entries.count / 2
    let tail = Array(entries[half...])
    entries.removeSubrange(half...)
    return IndexBlock(tail, first: tail[0])
  }

  /// Appends every entry of `next`, which follows this block.
  mutating func absorb(_ next: IndexBlock) {
    entries.append(contentsOf: next.entries)
  }
}

/// A place in a `SampleIndex`: an entry's block and offset. Positions are kept normalised (the
/// offset is inside its block, or the position is the end, `(blocks.count, 0)`), so comparing
/// them compares places.
struct IndexPosition: Comparable, Sendable {
  var block: Int
  var offset: Int

  static func < (left: IndexPosition, right: IndexPosition) -> Bool {
    (left.block, left.offset) < (right.block, right.offset)
  }
}

/// The samples of one identifier in `(start, sequence)` order, as a chunked sorted array: blocks
/// of at most `blockCapacity` entries, a block split in two when an insert overfills it and
/// merged with a neighbour when deletes leave it under a quarter full (and the two fit in three
/// quarters of a block). A lookup is a binary
/// search over the blocks' first entries and one within a block; an insert or delete moves at
/// most one block's entries (and, on a split or merge, the block list). Appending in time order
/// fills blocks completely.
///
/// The index also keeps the longest duration it has ever held (`maxDuration`, never lowered by a
/// delete, so it stays an upper bound), which bounds where the samples overlapping a range can
/// start.
struct SampleIndex: Sendable {
  let blockCapacity: Int
  private(set) var blocks: [IndexBlock] = []
  private(set) var count = 0
  private(set) var maxDuration = 0

  /// `blockCapacity` is at least 2.
  init(blockCapacity: Int) {
    self.blockCapacity = max(2, blockCapacity)
  }

  var isEmpty: Bool { count == 0 }

  /// The position after the last entry.
  var endPosition: IndexPosition { IndexPosition(block: blocks.count, offset: 0) }

  /// The block that holds `entry`, or would hold it: the last block whose first entry is not
  /// after it, or the first block when every block starts after it. The index is not empty.
  private func block(for entry: IndexEntry) -> Int {
    var low = 0
    var high = blocks.count
    while low < high {
      let middle = low + (high - low) / 2
      if entry.precedes(blocks[middle].first) { high = middle } else { low = middle + 1 }
    }
    return max(low - 1, 0)
  }

  private func normalised(block: Int, offset: Int) -> IndexPosition {
    offset < blocks[block].count
      ? IndexPosition(block: block, offset: offset) : IndexPosition(block: block + 1, offset: 0)
  }

  /// The position of the first entry whose start is `>= start` (the end when none is).
  func firstPosition(startingAtOrAfter start: Int) -> IndexPosition {
    var low = 0
    var high = blocks.count
    while low < high {
      let middle = low + (high - low) / 2
      if blocks[middle].first.start < start { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return IndexPosition(block: 0, offset: 0) }
    return normalised(block: low - 1, offset: blocks[low - 1].offset(startingAtOrAfter: start))
  }

  // MARK: Changing

  mutating func insert(_ entry: IndexEntry, duration: Int) {
    maxDuration = max(maxDuration, duration)
    count += 1
    guard let last = blocks.indices.last, let lastEntry = blocks[last].entries.last else {
      blocks.append(IndexBlock(entry))
      return
    }
    if !entry.precedes(lastEntry) {
      if blocks[last].count < blockCapacity {
        blocks[last].append(entry)
      } else {
        blocks.append(IndexBlock(entry))
      }
      return
    }
    let block = block(for: entry)
    blocks[block].insert(entry, at: blocks[block].offset(of: entry))
    if blocks[block].count > blockCapacity {
      let tail = blocks[block].splitOffSecondHalf()
      blocks.insert(tail, at: block + 1)
    }
  }

  /// Removes the entry for the same sample as `entry`; returns whether it was there.
  @discardableResult
  mutating func remove(_ entry: IndexEntry) -> Bool {
    guard !blocks.isEmpty else { return false }
    let block = block(for: entry)
    let offset = blocks[block].offset(of: entry)
    guard offset < blocks[block].count, blocks[block].entries[offset].isSameSample(as: entry)
    else { return false }
    count -= 1
    blocks[block].remove(at: offset)
    if blocks[block].count == 0 {
      blocks.remove(at: block)
    } else if blocks[block].count < blockCapacity / 4 {
      mergeIntoNeighbour(block)
    }
    return true
  }

  /// Merges a block that fell under a quarter full into the previous block, or takes in the
  /// next one, when the two fill at most three quarters of a block: the merged block then takes
  /// a quarter block of inserts before it splits again, as a split half takes a quarter block
  /// of deletes before it merges, so splits and merges stay rare whatever the pattern.
  private mutating func mergeIntoNeighbour(_ block: Int) {
    let fits = blockCapacity - blockCapacity / 4
    if block > 0 && blocks[block - 1].count + blocks[block].count <= fits {
      let moved = blocks.remove(at: block)
      blocks[block - 1].absorb(moved)
    } else if block + 1 < blocks.count && blocks[block].count + blocks[block + 1].count <= fits {
      let moved = blocks.remove(at: block + 1)
      blocks[block].absorb(moved)
    }
  }

  // MARK: Walking

  /// Calls `visit` on the entries from `low` up to, not including, `high`, in order, until it
  /// returns true.
  func forEach(from low: IndexPosition, to high: IndexPosition, _ visit: (IndexEntry) -> Bool) {
    var position = low
    while position < high {
      let entries = blocks[position.block].entries
      let stop = position.block == high.block ? high.offset : entries.count
      for offset in position.offset..<stop where visit(entries[offset]) { return }
      position = IndexPosition(block: position.block + 1, offset: 0)
    }
  }

  /// Calls `visit` on the entries from `low` up to, not including, `high`, latest start first,
  /// entries with the same start in the order written, until it returns true.
  func forEachNewestFirst(
    from low: IndexPosition, to high: IndexPosition, _ visit: (IndexEntry) -> Bool
  ) {
    guard low < high else { return }
    // Entries are collected walking backwards, one run of equal starts at a time, and each run
    // is visited forwards once it is complete.
    var run: [IndexEntry] = []
    var block = high.block
    var stop = high.offset
    if block == blocks.count {
      block -= 1
      stop = blocks[block].count
    }
    while true {
      let entries = blocks[block].entries
      let begin = block == low.block ? low.offset : 0
      var offset = stop
      while offset > begin {
        offset -= 1
        let entry = entries[offset]
        if let previous = run.last, previous.start != entry.start {
          for member in run.reversed() where visit(member) { return }
          run.removeAll(keepingCapacity: true)
        }
        run.append(entry)
      }
      if block == low.block { break }
      block -= 1
      stop = blocks[block].count
    }
    for member in run.reversed() where visit(member) { return }
  }
}
