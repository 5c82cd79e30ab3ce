/// A name's UTF-8 bytes kept in memory of their own (a channel's or a method's), compared with
/// bytes where they lie (a frame's channel, a call's method name) on every call: eight bytes at
/// a time, with no array to retain and no call into the C library.
public struct NameBytes: @unchecked Sendable {
  public let base: UnsafeRawPointer
  public let count: Int

  /// A copy of `utf8`, kept until its owner (a route, a method index) calls ``deallocate()``.
  public init<Bytes: Collection>(_ utf8: Bytes) where Bytes.Element == UInt8 {
    let storage = UnsafeMutableRawPointer.allocate(byteCount: max(utf8.count, 1), alignment: 8)
    storage.copyMemory(from: Array(utf8), byteCount: utf8.count)
    base = UnsafeRawPointer(storage)
    count = utf8.count
  }

  /// Frees the copy; the bytes must not be compared again.
  public func deallocate() { UnsafeMutableRawPointer(mutating: base).deallocate() }

  /// Whether `bytes` are exactly these bytes.
  @inlinable @inline(__always)
  public func equals(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count == count else { return false }
    guard let given = bytes.baseAddress else { return count == 0 }
    return Self.same(base, given, count: count)
  }

  /// Whether the `count` bytes at `a` and at `b` are the same: whole words, the last one
  /// overlapping the one before, so that no byte is compared alone past the eighth. Up to 16
  /// bytes (a short call, most channel names' first half) is two words and one branch.
  @inlinable @inline(__always)
  public static func same(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    if count < 8 { return sameShort(a, b, count: count) }
    let tail = count &- 8
    let last = (word(a, tail) ^ word(b, tail)) | (word(a, 0) ^ word(b, 0))
    if count <= 16 { return last == 0 }
    return last == 0 && sameMiddle(a, b, count: count)
  }

  /// The words between the first and the last of more than 16 bytes.
  @inlinable @inline(__always)
  static func sameMiddle(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    var offset = 8
    var differ = word(a, offset) ^ word(b, offset)
    offset &+= 8
    while offset &+ 8 < count {
      differ |= word(a, offset) ^ word(b, offset)
      offset &+= 8
    }
    return differ == 0
  }

  /// The same for fewer than eight bytes: four, two and one at a time.
  @inlinable @inline(__always)
  static func sameShort(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    var offset = 0
    if count & 4 != 0 {
      let left = a.loadUnaligned(fromByteOffset: 0, as: UInt32.self)
      if left != b.loadUnaligned(fromByteOffset: 0, as: UInt32.self) { return false }
      offset = 4
    }
    if count & 2 != 0 {
      let left = a.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
      if left != b.loadUnaligned(fromByteOffset: offset, as: UInt16.self) { return false }
      offset += 2
    }
    if count & 1 != 0 {
      return a.load(fromByteOffset: offset, as: UInt8.self)
        == b.load(fromByteOffset: offset, as: UInt8.self)
    }
    return true
  }

  @inlinable @inline(__always)
  static func word(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
    base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
  }
}
