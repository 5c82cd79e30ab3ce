/// The long strings (16–253 bytes, ASCII) already made while decoding one message, found again by
/// their bytes. A reply repeats its keys and many of its values (1,000 records: `"hkType"`'s
/// `"HKQuantityTypeIdentifierHeartRate"` a thousand times); a repeat costs a hash of two words, a
/// comparison with the earlier occurrence in the same buffer and a retain, where making the string
/// costs an allocation and two scans. The strings share storage; their values are the same.
///
/// Direct-mapped: a slot remembers the last string whose bytes hashed to it. Made only for
/// messages of at least ``minimumMessage`` bytes (below that its set-up would not pay).
struct RepeatedStrings {
  static let slotCount = 64
  static let minimumMessage = 4_096

  /// A slot: where the string's bytes start in the buffer (0: empty; a string never starts at 0)
  /// and how many there are, and the string made from them.
  struct Slot {
    var start: Int
    var count: Int
    var string: String
  }

  let slots: UnsafeMutablePointer<Slot>

  init() {
    slots = .allocate(capacity: Self.slotCount)
    slots.initialize(repeating: Slot(start: 0, count: 0, string: ""), count: Self.slotCount)
  }

  func release() {
    slots.deinitialize(count: Self.slotCount)
    slots.deallocate()
  }

  /// The string of the `count` (16 or more) bytes at `start` of `base`, if a string of the same
  /// bytes was made before; else `make()`'s string, remembered. `make` returns `nil` (and nothing
  /// is remembered) for bytes that are not ASCII.
  @inline(__always)
  func string(
    at start: Int, count: Int, in base: UnsafeRawPointer, make: () -> String?
  ) -> String? {
    let first = base.loadUnaligned(fromByteOffset: start, as: UInt64.self)
    let last = base.loadUnaligned(fromByteOffset: start + count - 8, as: UInt64.self)
    let hash = (first &+ last &* 31 &+ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15
    let slot = slots + Int(truncatingIfNeeded: hash &>> 58)
    if slot.pointee.count == count && slot.pointee.start != 0
      && Self.sameBytes(base + start, base + slot.pointee.start, count)
    {
      return slot.pointee.string
    }
    guard let made = make() else { return nil }
    slot.pointee.start = start
    slot.pointee.count = count
    slot.pointee.string = made
    return made
  }

  /// Whether `count` (8 or more) bytes at `a` and `b` are the same, a word at a time (the last word
  /// overlaps the one before it).
  @inline(__always)
  static func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    var i = 0
    while i < count - 8 {
      if a.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        != b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      {
        return false
      }
      i += 8
    }
    return a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
  }
}
