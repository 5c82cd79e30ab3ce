/// The first pass of the encoder: where a value's bytes end when they start at a given offset of
/// the message (alignment padding depends on the offset, so sizes are positions, not lengths).
///
/// Values are read in place (``ValueLayout``) where this build allows it, else visited through
/// pointers into their arrays (see `forEachPointer`); either way scalars are sized inline by the
/// loops over lists and maps, and only containers recurse.
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
    withUnsafePointer(to: value) { pointer in
      ValueLayout.isAvailable
        ? end(ofRaw: UnsafeRawPointer(pointer), at: offset) : end(of: pointer, at: offset)
    }
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

  // MARK: Values read in place

  /// The offset just after the value whose memory is at `value` (``ValueLayout``), written at
  /// `offset`.
  @inline(__always)
  static func end(ofRaw value: UnsafeRawPointer, at offset: Int) -> Int {
    switch ValueLayout.tag(value) {
    case ValueLayout.Tag.null, ValueLayout.Tag.bool: return offset &+ 1
    case ValueLayout.Tag.int32: return offset &+ 5
    case ValueLayout.Tag.int64: return offset &+ 9
    // The tag, padding to a multiple of 8 from the message's start, the 8 bytes.
    case ValueLayout.Tag.float64: return ((offset &+ 8) & ~7) &+ 8
    case ValueLayout.Tag.string, ValueLayout.Tag.largeInt:
      let w0 = ValueLayout.word0(value)
      let w1 = ValueLayout.word1(value)
      // An inline string has under 16 bytes: its size is one byte.
      if let count = SmallStringBits.inlineCount((w0, w1)) { return offset &+ 2 &+ count }
      guard let (_, count) = ValueLayout.contiguousLargeString(w0, w1) else {
        return enumEnd(of: value, at: offset)
      }
      return offset &+ 1 &+ ofSize(count) &+ count
    case ValueLayout.Tag.list, ValueLayout.Tag.map: return containerEnd(ofRaw: value, at: offset)
    default: return enumEnd(of: value, at: offset)
    }
  }

  /// A map key: most are inline strings, sized before any other case is looked at.
  @inline(__always)
  static func end(ofKey key: UnsafeRawPointer, at offset: Int) -> Int {
    if ValueLayout.tag(key) == ValueLayout.Tag.string,
      let count = SmallStringBits.inlineCount((ValueLayout.word0(key), ValueLayout.word1(key)))
    {
      return offset &+ 2 &+ count
    }
    return end(ofRaw: key, at: offset)
  }

  /// The end of a list or map read in place.
  @inline(never)
  static func containerEnd(ofRaw value: UnsafeRawPointer, at offset: Int) -> Int {
    let storage = ValueLayout.arrayStorage(value)
    let count = ValueLayout.arrayCount(storage)
    var element = ValueLayout.arrayElements(storage)
    var end = offset &+ 1 &+ ofSize(count)
    if ValueLayout.tag(value) == ValueLayout.Tag.map {
      let stop = element + count &* MemoryLayout<ChannelMapEntry>.stride
      while element < stop {
        end = self.end(ofKey: element, at: end)
        end = self.end(ofRaw: element + ChannelMapEntry.valueOffset, at: end)
        element += MemoryLayout<ChannelMapEntry>.stride
      }
    } else {
      let stop = element + count &* MemoryLayout<ChannelValue>.stride
      while element < stop {
        end = self.end(ofRaw: element, at: end)
        element += MemoryLayout<ChannelValue>.stride
      }
    }
    return end
  }

  /// Typed lists, extension values and strings not held contiguously, through the enum.
  @inline(never)
  static func enumEnd(of value: UnsafeRawPointer, at offset: Int) -> Int {
    end(of: value.assumingMemoryBound(to: ChannelValue.self), at: offset)
  }
}
