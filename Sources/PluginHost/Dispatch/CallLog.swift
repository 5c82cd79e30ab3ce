/// The plugin calls ``Verification`` keeps, oldest first, in a ring of slots of its own memory:
/// logging a call initialises one slot, dropping the oldest calls deinitialises theirs and moves
/// the start of the ring (no shift of the calls after them, no array to check for uniqueness).
final class CallLog {
  typealias Entry = Verification.LoggedCall

  private var slots: UnsafeMutablePointer<Entry>
  private var capacity: Int
  /// The most slots the ring grows to (the log's limit of calls).
  private let limit: Int
  /// The slot of the oldest call.
  private var head = 0
  /// The calls kept.
  private(set) var count = 0

  init(limit: Int) {
    self.limit = max(limit, 1)
    capacity = min(64, self.limit)
    slots = .allocate(capacity: capacity)
  }

  deinit {
    removeAll()
    slots.deallocate()
  }

  /// The calls, oldest first.
  var entries: [Entry] { (0..<count).map { slots[slot($0)] } }

  /// The slot of the call at `position` (0: the oldest).
  @inline(__always)
  private func slot(_ position: Int) -> Int {
    let index = head &+ position
    return index < capacity ? index : index &- capacity
  }

  /// The call at `position` (0: the oldest).
  subscript(position: Int) -> Entry {
    get { slots[slot(position)] }
    set { slots[slot(position)] = newValue }
  }

  /// Keeps `entry` as the newest call (the caller drops calls first when the log is full).
  @inline(__always)
  func append(_ entry: Entry) {
    if count == capacity { grow() }
    (slots + slot(count)).initialize(to: entry)
    count &+= 1
  }

  /// Twice the slots (up to the limit), the calls laid out oldest first.
  private func grow() {
    precondition(capacity < limit, "CallLog: a call appended past the log's limit")
    let grown = UnsafeMutablePointer<Entry>.allocate(capacity: min(capacity * 2, limit))
    let first = min(count, capacity - head)
    (grown).moveInitialize(from: slots + head, count: first)
    (grown + first).moveInitialize(from: slots, count: count - first)
    slots.deallocate()
    slots = grown
    capacity = min(capacity * 2, limit)
    head = 0
  }

  /// Drops the `dropped` oldest calls; returns the sum of their sizes.
  func removeOldest(_ dropped: Int) -> Int {
    var bytes = 0
    for position in 0..<dropped {
      bytes += (slots + slot(position)).move().size
    }
    head = count == dropped ? 0 : slot(dropped)
    count -= dropped
    return bytes
  }

  /// The position of the newest call that satisfies `matches`, or `nil`.
  func lastPosition(where matches: (Entry) -> Bool) -> Int? {
    var position = count - 1
    while position >= 0 {
      if matches(slots[slot(position)]) { return position }
      position -= 1
    }
    return nil
  }

  func removeAll() { _ = removeOldest(count) }
}
