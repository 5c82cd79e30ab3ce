/// The first pass of the encoder: where a value's bytes end when they start at a given offset of
/// the message (alignment padding depends on the offset, so sizes are positions, not lengths).
///
/// Values are visited through pointers into their arrays (see `forEachPointer`), and scalars are
/// sized inline by the loops over lists and maps: only containers recurse.
enum EncodedSize {
  /// The bytes of Flutter's size prefix for `count`.
  @inline(__always)
  static func ofSize(_ count: Int) -> Int {
    count < 254 ? 1 : (count <= 0xFFFF ? 3 : 5)
  }

  /// `offset` rounded up to a multiple of `alignment`.
  @inline(__always)
  static func aligned(_ offset: Int, to alignment: Int) -> Int {
    let rem = offset % alignment
    return rem == 0 ? offset : offset + alignment - rem
  }

  /// The offset just after `value` written at `offset`.
  static func end(of value: ChannelValue, at offset: Int) -> Int {
    withUnsafePointer(to: value) { end(of: $0, at: offset) }
  }

  /// The offset just after the value at `pointer` written at `offset`.
  @inline(__always)
  static func end(of pointer: UnsafePointer<ChannelValue>, at offset: Int) -> Int {
    scalarEnd(of: pointer, at: offset) ?? containerEnd(of: pointer, at: offset)
  }

  /// The end of a value that holds no other value; `nil` for a list, map or extension value.
  @inline(__always)
  static func scalarEnd(of pointer: UnsafePointer<ChannelValue>, at offset: Int) -> Int? {
    switch pointer.pointee {
    case .null, .bool: return offset + 1
    case .int32: return offset + 5
    case .int64: return offset + 9
    case .float64: return aligned(offset + 1, to: 8) + 8
    case .string(let s), .largeInt(let s):
      let count = s.utf8.count
      return offset + 1 + ofSize(count) + count
    case .uint8List(let l): return offset + 1 + ofSize(l.count) + l.count
    case .int32List(let l): return aligned(offset + 1 + ofSize(l.count), to: 4) + 4 * l.count
    case .float32List(let l): return aligned(offset + 1 + ofSize(l.count), to: 4) + 4 * l.count
    case .int64List(let l): return aligned(offset + 1 + ofSize(l.count), to: 8) + 8 * l.count
    case .float64List(let l): return aligned(offset + 1 + ofSize(l.count), to: 8) + 8 * l.count
    case .list, .map, .ext: return nil
    }
  }

  /// The end of a list, map or extension value (a scalar is sized by ``scalarEnd(of:at:)``).
  static func containerEnd(of pointer: UnsafePointer<ChannelValue>, at offset: Int) -> Int {
    switch pointer.pointee {
    case .list(let items):
      var end = offset + 1 + ofSize(items.count)
      forEachPointer(items) { end = self.end(of: $0, at: end) }
      return end
    case .map(let entries):
      var end = offset + 1 + ofSize(entries.count)
      forEachPointer(entries) { entry in
        end = self.end(of: entry.key, at: end)
        end = self.end(of: entry.value, at: end)
      }
      return end
    case .ext:
      return extensionEnd(of: pointer, at: offset)
    default:
      return scalarEnd(of: pointer, at: offset) ?? offset
    }
  }

  /// Kept out of ``containerEnd(of:at:)`` so that its local copy does not weigh on every call.
  @inline(never)
  static func extensionEnd(of pointer: UnsafePointer<ChannelValue>, at offset: Int) -> Int {
    guard case .ext(_, let inner) = pointer.pointee else { return offset }
    return end(of: inner, at: offset + 1)
  }
}
