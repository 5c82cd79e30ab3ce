/// A new `[UInt8]` of 3–25 bytes made the cheapest way the standard library offers: as an array
/// literal of that size. The compiler allocates a literal's storage itself, its size known (one
/// `swift_allocObject`, then count and capacity stored), where `Array(UnsafeRawBufferPointer)`
/// takes the general path (it asks `malloc` how large the block is and copies through a generic
/// loop) and `Array(unsafeUninitializedCapacity:)` or `Array(repeating:count:)` also look up the
/// storage class's metadata at run time: about 60 and 460 instructions more for a 14-byte short
/// call. The literal's first three elements are the message's first three bytes, read at run
/// time, so that the compiler never makes it a constant array to be copied on the first write.
enum LiteralBytes {
  /// The sizes made as literals; any other size is copied the general way.
  static let sizes = 3...25

  /// A new array holding the `count` bytes at `source`.
  @inline(__always)
  static func array(copying source: UnsafeRawPointer, count: Int) -> [UInt8] {
    guard sizes.contains(count) else {
      return Array(UnsafeRawBufferPointer(start: source, count: count))
    }
    let b0 = source.load(as: UInt8.self)
    let b1 = source.load(fromByteOffset: 1, as: UInt8.self)
    let b2 = source.load(fromByteOffset: 2, as: UInt8.self)
    var array: [UInt8]
    switch count {
    case 3: array = [b0, b1, b2]
    case 4: array = [b0, b1, b2, 0]
    case 5: array = [b0, b1, b2, 0, 0]
    case 6: array = [b0, b1, b2, 0, 0, 0]
    case 7: array = [b0, b1, b2, 0, 0, 0, 0]
    case 8: array = [b0, b1, b2, 0, 0, 0, 0, 0]
    case 9: array = [b0, b1, b2, 0, 0, 0, 0, 0, 0]
    case 10: array = [b0, b1, b2, 0, 0, 0, 0, 0, 0, 0]
    case 11: array = [b0, b1, b2, 0, 0, 0, 0, 0, 0, 0, 0]
    case 12: array = [b0, b1, b2, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    case 13: array = [b0, b1, b2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    case 14: array = [b0, b1, b2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    case 15: array = [b0, b1, b2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    case 16: array = [b0, b1, b2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    case 17: array = [b0, b1, b2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    case 18: array = [b0, b1, b2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    case 19: array = [b0, b1, b2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    case 20: array = [b0, b1, b2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    case 21: array = [b0, b1, b2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    case 22: array = [b0, b1, b2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    case 23: array = [b0, b1, b2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    case 24: array = [b0, b1, b2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    case 25: array = [b0, b1, b2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    default: return Array(UnsafeRawBufferPointer(start: source, count: count))
    }
    array.withUnsafeMutableBytes { target in
      if let start = target.baseAddress { copyWords(from: source, to: start, count: count) }
    }
    return array
  }

  /// `count` (3–32) bytes copied: under 8, as bytes or two overlapping 4-byte words; else four
  /// 8-byte words at 0, 8, 16 and `count - 8`, each moved back to end by `count` (they overlap
  /// where the bytes are fewer), so that nothing past `count` is read or written and no loop is
  /// left for the compiler to turn into a `memcpy` call.
  @inline(__always)
  static func copyWords(
    from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int
  ) {
    if count < 8 {
      if count >= 4 {
        target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
        target.storeBytes(
          of: source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self),
          toByteOffset: count &- 4, as: UInt32.self)
      } else {
        target.copyMemory(from: source, byteCount: count)
      }
      return
    }
    let last = count &- 8
    let word = { (at: Int) in
      target.storeBytes(
        of: source.loadUnaligned(fromByteOffset: at, as: UInt64.self), toByteOffset: at,
        as: UInt64.self)
    }
    word(0)
    word(min(8, last))
    word(min(16, last))
    word(last)
  }
}
