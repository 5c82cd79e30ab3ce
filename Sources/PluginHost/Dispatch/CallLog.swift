import FlutterCodec

/// The plugin calls ``Verification`` keeps, oldest first, in a ring of slots of its own memory:
/// logging a call initialises one slot, dropping the oldest calls deinitialises theirs and moves
/// the start of the ring (no shift of the calls after them, no array to check for uniqueness).
///
/// A slot is a plain record: the method's name and the reply's code are numbers in the log's
/// table of names (``name(_:)``), so that keeping or dropping a call copies or frees no string;
/// only the arguments are a value. ``Entry`` (a ``Verification/LoggedCall``) is made when the
/// calls are asked for.
final class CallLog {
  typealias Entry = Verification.LoggedCall

  /// One logged call as kept.
  struct Record {
    /// The method's name in ``names``.
    var name: UInt32
    /// ``noCode`` for a success, else the code's name in ``names``.
    var code: UInt32
    /// The sizes (``Entry/size``) of every call logged before this one and of this one, summed
    /// (set when it is logged): what dropping calls frees is a difference, no walk.
    var sizes: Int
    /// Names a call answered later, so that its result finds its entry (0: answered at once).
    var serial: Int
    var arguments: ChannelValue

    init(name: UInt32, code: UInt32, serial: Int = 0, arguments: ChannelValue) {
      self.name = name
      self.code = code
      self.sizes = 0
      self.serial = serial
      self.arguments = arguments
    }
  }

  /// The code of a success (`nil`).
  static let noCode = UInt32.max

  // Touched on every call: no run-time exclusivity checks (serving is single-threaded and no
  // access to these overlaps another).
  @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Record>
  @exclusivity(unchecked) private var capacity: Int
  /// The most slots the ring grows to (the log's limit of calls).
  private let limit: Int
  /// About the most bytes (``bytes``) the calls kept may take.
  private let byteLimit: Int
  /// ``loggedSizes`` past which the calls kept are over ``byteLimit`` (``droppedSizes`` plus
  /// the limit): one compare a call.
  @exclusivity(unchecked) private var byteCeiling: Int
  /// The slot of the oldest call.
  @exclusivity(unchecked) private var head = 0
  /// The calls kept.
  @exclusivity(unchecked) private(set) var count = 0
  /// The sizes of every call ever logged, summed (``Record/sizes``), and of every call dropped.
  @exclusivity(unchecked) private var loggedSizes = 0
  @exclusivity(unchecked) private var droppedSizes = 0
  /// The calls kept whose arguments hold references (dropping them must deinitialise them).
  @exclusivity(unchecked) private var holding = 0
  /// Every method name and code logged so far, each once (kept across ``removeAll()``: a test
  /// calls the same few methods again and again).
  @exclusivity(unchecked) private var names: [String] = []
  /// The UTF-8 length of each name (a call's size counts its method's).
  @exclusivity(unchecked) private var lengths: [Int] = []
  /// By UTF-8 bytes, not by `String` equality: a name in another Unicode normalisation is
  /// logged as it was sent.
  @exclusivity(unchecked) private var numbers: [[UInt8]: UInt32] = [:]

  /// A log of at most `limit` calls and about `byteLimit` bytes of them (``bytes``): when it
  /// holds `limit` calls, its older half is dropped before the next is kept; once the calls
  /// kept are over `byteLimit` bytes, the older half again, until they fit (the newest call
  /// stays), so that a long run keeps memory flat with no per-call shifting.
  init(limit: Int, byteLimit: Int = .max) {
    self.limit = max(limit, 1)
    self.byteLimit = max(byteLimit, 0)
    byteCeiling = self.byteLimit
    capacity = min(64, self.limit)
    slots = .allocate(capacity: capacity)
  }

  deinit {
    removeAll()
    slots.deallocate()
  }

  /// The number of `name` (a method's or a code's) in the table of names; added when new.
  func name(_ name: String) -> UInt32 {
    let bytes = Array(name.utf8)
    if let number = numbers[bytes] { return number }
    let number = UInt32(names.count)
    names.append(name)
    lengths.append(bytes.count)
    numbers[bytes] = number
    return number
  }

  /// The name numbered `number` (``name(_:)``).
  func name(numbered number: UInt32) -> String { names[Int(number)] }

  /// The UTF-8 length of the name numbered `number`.
  @inline(__always)
  func length(of number: UInt32) -> Int { lengths[Int(number)] }

  /// The code of `code` (``noCode`` for `nil`).
  func code(_ code: String?) -> UInt32 { code.map(name) ?? Self.noCode }

  /// The code numbered `number` (``code(_:)``): `nil` for ``noCode``.
  func codeName(_ number: UInt32) -> String? {
    number == Self.noCode ? nil : names[Int(number)]
  }

  /// The sizes (``Entry/size``) of the calls kept, summed.
  var bytes: Int { loggedSizes - droppedSizes }

  /// The calls, oldest first.
  var entries: [Entry] { (0..<count).map { self[$0] } }

  /// The slot of the call at `position` (0: the oldest).
  @inline(__always)
  private func slot(_ position: Int) -> Int {
    let index = head &+ position
    return index < capacity ? index : index &- capacity
  }

  /// The call at `position` (0: the oldest), as an entry.
  subscript(position: Int) -> Entry {
    let record = slots[slot(position)]
    return Entry(
      method: names[Int(record.name)], arguments: record.arguments,
      code: codeName(record.code), serial: record.serial)
  }

  /// Gives the call at `position` its reply's code; it is no longer waited for (serial 0).
  func finish(at position: Int, code: String?) {
    let number = self.code(code)
    slots[slot(position)].code = number
    slots[slot(position)].serial = 0
  }

  /// Keeps `entry` as the newest call (within the log's limits, ``init(limit:byteLimit:)``).
  func append(_ entry: Entry) {
    append(
      Record(
        name: name(entry.method), code: code(entry.code), serial: entry.serial,
        arguments: entry.arguments), size: entry.size,
      holdsReferences: !entry.arguments.isScalar)
  }

  /// Keeps `record`, of `size` (``Entry/size``), as the newest call, within the log's limits
  /// (``init(limit:byteLimit:)``); `holdsReferences`: its arguments are not a scalar
  /// (``ChannelValue/isScalar``, which the caller has looked at already).
  @inline(__always)
  func append(_ record: Record, size: Int, holdsReferences: Bool) {
    if count == capacity { makeRoom() }
    loggedSizes &+= size
    if holdsReferences { holding &+= 1 }
    let target = slots + slot(count)
    target.initialize(to: record)
    target.pointee.sizes = loggedSizes
    count &+= 1
    if loggedSizes > byteCeiling { dropToByteLimit() }
  }

  /// Room for one more call: twice the slots, or at the limit of calls the older half dropped.
  @inline(never)
  private func makeRoom() {
    if capacity < limit { grow() } else { dropOlderHalf() }
  }

  /// Drops the older half until the calls kept are within ``byteLimit`` (one call stays).
  @inline(never)
  private func dropToByteLimit() {
    while bytes > byteLimit && count > 1 { dropOlderHalf() }
  }

  /// Drops the older half of the calls (at least one).
  private func dropOlderHalf() { removeOldest(max(1, count / 2)) }

  /// Twice the slots (up to the limit), the calls laid out oldest first.
  private func grow() {
    let grown = UnsafeMutablePointer<Record>.allocate(capacity: min(capacity * 2, limit))
    let first = min(count, capacity - head)
    (grown).moveInitialize(from: slots + head, count: first)
    (grown + first).moveInitialize(from: slots, count: count - first)
    slots.deallocate()
    slots = grown
    capacity = min(capacity * 2, limit)
    head = 0
  }

  /// Drops the `dropped` oldest calls (``bytes`` falls by their sizes). Nothing is visited when
  /// none of the calls kept holds references (their records are plain data).
  func removeOldest(_ dropped: Int) {
    guard dropped > 0 else { return }
    droppedSizes = slots[slot(dropped - 1)].sizes
    let (ceiling, overflow) = droppedSizes.addingReportingOverflow(byteLimit)
    byteCeiling = overflow ? .max : ceiling
    if holding > 0 {
      for position in 0..<dropped {
        let record = slots + slot(position)
        if !record.pointee.arguments.isScalar {
          record.deinitialize(count: 1)
          holding -= 1
        }
      }
    }
    head = count == dropped ? 0 : slot(dropped)
    count -= dropped
  }

  /// The position of the newest call with `serial`, or `nil`.
  func lastPosition(serial: Int) -> Int? {
    var position = count - 1
    while position >= 0 {
      if slots[slot(position)].serial == serial { return position }
      position -= 1
    }
    return nil
  }

  func removeAll() { removeOldest(count) }
}

extension ChannelValue {
  /// Whether the value holds no reference (null, a bool or a number): its memory may be
  /// reused without deinitialising it.
  @inline(__always)
  var isScalar: Bool {
    switch self {
    case .null, .bool, .int32, .int64, .float64: return true
    default: return false
    }
  }
}
