/// The second pass of the encoder: writes into memory sized exactly by ``EncodedSize``, through a
/// raw pointer, with no capacity checks. `base` is the first byte of the whole message, from which
/// alignment is measured; `offset` is the next byte to write.
struct RawWriter {
  let base: UnsafeMutableRawPointer
  var offset: Int

  @inline(__always)
  mutating func byte(_ value: UInt8) {
    base.storeBytes(of: value, toByteOffset: offset, as: UInt8.self)
    offset &+= 1
  }

  @inline(__always)
  mutating func fixed<T: FixedWidthInteger>(_ value: T) {
    base.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
    offset &+= MemoryLayout<T>.size
  }

  @inline(__always)
  mutating func size(_ count: Int) {
    if count < 254 {
      byte(UInt8(truncatingIfNeeded: count))
    } else if count <= 0xFFFF {
      byte(254)
      fixed(UInt16(truncatingIfNeeded: count))
    } else {
      byte(255)
      fixed(UInt32(truncatingIfNeeded: count))
    }
  }

  /// Writes `value` when it is null, a bool, an int32, an int64 or a float64 (its tag, its
  /// number, a float aligned from `base`) and returns `true`; writes nothing for any other value.
  /// Inlined where a short call or a scalar's envelope is written; ``scalar(at:)`` handles every
  /// scalar for the general walk.
  @inline(__always)
  mutating func plainScalar(_ value: ChannelValue) -> Bool {
    switch value {
    case .null: byte(WireTag.null.rawValue)
    case .bool(let b): byte(b ? WireTag.true.rawValue : WireTag.false.rawValue)
    case .int32(let v):
      byte(WireTag.int32.rawValue)
      fixed(v)
    case .int64(let v):
      byte(WireTag.int64.rawValue)
      fixed(v)
    case .float64(let d):
      byte(WireTag.float64.rawValue)
      align(to: 8)
      fixed(d.bitPattern)
    default: return false
    }
    return true
  }

  /// Zero bytes up to the next multiple of `alignment` from `base`.
  @inline(__always)
  mutating func align(to alignment: Int) {
    let rem = offset % alignment
    if rem != 0 {
      (base + offset).initializeMemory(as: UInt8.self, repeating: 0, count: alignment - rem)
      offset += alignment - rem
    }
  }

  @inline(__always)
  mutating func bytes(_ source: UnsafeRawBufferPointer) {
    if let from = source.baseAddress, source.count > 0 {
      (base + offset).copyMemory(from: from, byteCount: source.count)
      offset &+= source.count
    }
  }

  /// Size, then the UTF-8 bytes. A string held inline (up to 15 bytes) is copied from its two
  /// words; any other is read in place (native strings are contiguous UTF-8).
  @inline(__always)
  mutating func utf8(_ string: String) {
    if SmallStringBits.isAvailable {
      let words = SmallStringBits.words(string)
      if let count = SmallStringBits.inlineCount(words) {
        // Both words stored whole: the bytes past the string's own are overwritten by what
        // follows, or lie in the message's `slack`.
        byte(UInt8(truncatingIfNeeded: count))
        base.storeBytes(of: words.0, toByteOffset: offset, as: UInt64.self)
        base.storeBytes(of: words.1, toByteOffset: offset + 8, as: UInt64.self)
        offset += count
        return
      }
    }
    let done: Void? = string.utf8.withContiguousStorageIfAvailable { utf8 in
      size(utf8.count)
      bytes(UnsafeRawBufferPointer(utf8))
    }
    if done == nil {
      var copy = string
      copy.withUTF8 { utf8 in
        size(utf8.count)
        bytes(UnsafeRawBufferPointer(utf8))
      }
    }
  }

  mutating func typedList<T: WireElement>(_ elements: [T], tag: WireTag) {
    byte(tag.rawValue)
    size(elements.count)
    align(to: MemoryLayout<T>.size)
    #if _endian(little)
      elements.withUnsafeBytes { bytes($0) }
    #else
      elements.map(\.swappedToLittleEndian).withUnsafeBytes { bytes($0) }
    #endif
  }

  /// `value`'s bytes; the memory must hold them (``EncodedSize/end(of:at:)`` says how many).
  mutating func value(_ value: ChannelValue) {
    withUnsafePointer(to: value) { pointer in
      if ValueLayout.isAvailable {
        self.value(atRaw: UnsafeRawPointer(pointer))
      } else {
        self.value(at: pointer)
      }
    }
  }

  /// The bytes of the value at `pointer`.
  @inline(__always)
  mutating func value(at pointer: UnsafePointer<ChannelValue>) {
    if !scalar(at: pointer) { container(at: pointer) }
  }

  /// The bytes of a value that holds no other value; `false` (and nothing written) for a list,
  /// map or extension value.
  @inline(__always)
  mutating func scalar(at pointer: UnsafePointer<ChannelValue>) -> Bool {
    if plainScalar(pointer.pointee) { return true }
    switch pointer.pointee {
    case .null, .bool, .int32, .int64, .float64: break  // written by plainScalar(_:)
    case .string(let s):
      byte(WireTag.string.rawValue)
      utf8(s)
    case .largeInt, .uint8List, .int32List, .int64List, .float32List, .float64List:
      rareScalar(at: pointer)
    case .list, .map, .ext:
      return false
    }
    return true
  }

  /// Large ints and typed lists, kept out of the inlined ``scalar(at:)``.
  @inline(never)
  mutating func rareScalar(at pointer: UnsafePointer<ChannelValue>) {
    switch pointer.pointee {
    case .largeInt(let hex):
      byte(WireTag.largeInt.rawValue)
      utf8(hex)
    case .uint8List(let l):
      byte(WireTag.uint8List.rawValue)
      size(l.count)
      l.withUnsafeBytes { bytes($0) }
    case .int32List(let l): typedList(l, tag: .int32List)
    case .int64List(let l): typedList(l, tag: .int64List)
    case .float32List(let l): typedList(l, tag: .float32List)
    case .float64List(let l): typedList(l, tag: .float64List)
    default: _ = scalar(at: pointer)
    }
  }

  /// The bytes of a list, map or extension value (a scalar is written by ``scalar(at:)``).
  mutating func container(at pointer: UnsafePointer<ChannelValue>) {
    switch pointer.pointee {
    case .list(let items):
      byte(WireTag.list.rawValue)
      size(items.count)
      forEachPointer(items) { self.value(at: $0) }
    case .map(let entries):
      byte(WireTag.map.rawValue)
      size(entries.count)
      forEachPointer(entries) { entry in
        self.value(at: entry.key)
        self.value(at: entry.value)
      }
    case .ext:
      extensionValue(at: pointer)
    default:
      _ = scalar(at: pointer)
    }
  }

  /// Kept out of ``container(at:)`` so that its local copy does not weigh on every call.
  @inline(never)
  mutating func extensionValue(at pointer: UnsafePointer<ChannelValue>) {
    guard case .ext(let tag, let inner) = pointer.pointee else { return }
    byte(tag)
    value(inner)
  }
}

// MARK: Values read in place

extension RawWriter {
  /// The bytes of the value whose memory is at `value` (``ValueLayout``).
  @inline(__always)
  mutating func value(atRaw value: UnsafeRawPointer) {
    switch ValueLayout.tag(value) {
    case ValueLayout.Tag.null: byte(WireTag.null.rawValue)
    case ValueLayout.Tag.bool:
      // true (1) is tag 1, false (0) tag 2.
      byte(2 &- value.load(as: UInt8.self))
    case ValueLayout.Tag.int32:
      base.storeBytes(of: WireTag.int32.rawValue, toByteOffset: offset, as: UInt8.self)
      base.storeBytes(
        of: value.load(as: Int32.self).littleEndian, toByteOffset: offset &+ 1, as: Int32.self)
      offset &+= 5
    case ValueLayout.Tag.int64:
      base.storeBytes(of: WireTag.int64.rawValue, toByteOffset: offset, as: UInt8.self)
      base.storeBytes(
        of: value.load(as: Int64.self).littleEndian, toByteOffset: offset &+ 1, as: Int64.self)
      offset &+= 9
    case ValueLayout.Tag.float64:
      // Eight zero bytes after the tag cover any padding; the number then lands on them.
      base.storeBytes(of: WireTag.float64.rawValue, toByteOffset: offset, as: UInt8.self)
      base.storeBytes(of: 0, toByteOffset: offset &+ 1, as: UInt64.self)
      let start = (offset &+ 8) & ~7
      base.storeBytes(
        of: ValueLayout.word0(value).littleEndian, toByteOffset: start, as: UInt64.self)
      offset = start &+ 8
    case ValueLayout.Tag.string:
      string(atRaw: value, tag: WireTag.string.rawValue)
    case ValueLayout.Tag.list, ValueLayout.Tag.map:
      offset = Self.container(atRaw: value, base: base, at: offset)
    default:
      enumValue(atRaw: value)
    }
  }

  /// A map key: most are inline strings, written before any other case is looked at.
  @inline(__always)
  mutating func key(atRaw key: UnsafeRawPointer) {
    let words = (ValueLayout.word0(key), ValueLayout.word1(key))
    if ValueLayout.tag(key) == ValueLayout.Tag.string,
      let count = SmallStringBits.inlineCount(words)
    {
      inlineString(words, count: count, tag: WireTag.string.rawValue)
    } else {
      value(atRaw: key)
    }
  }

  /// A string's tag, size and bytes: an inline string as its two words, a contiguous one copied
  /// from its storage, any other through the enum.
  @inline(__always)
  mutating func string(atRaw value: UnsafeRawPointer, tag: UInt8) {
    let w0 = ValueLayout.word0(value)
    let w1 = ValueLayout.word1(value)
    if let count = SmallStringBits.inlineCount((w0, w1)) {
      inlineString((w0, w1), count: count, tag: tag)
    } else if let (start, count) = ValueLayout.contiguousLargeString(w0, w1) {
      byte(tag)
      size(count)
      (base + offset).copyMemory(from: start, byteCount: count)
      offset &+= count
    } else {
      enumValue(atRaw: value)
    }
  }

  /// A string held inline (`count` bytes, under 16): tag and size in one store, then both words
  /// whole (what lies past the string's bytes is overwritten by what follows, or lies in the
  /// message's `slack`).
  @inline(__always)
  mutating func inlineString(_ words: (UInt64, UInt64), count: Int, tag: UInt8) {
    base.storeBytes(
      of: (UInt16(truncatingIfNeeded: count) &<< 8 | UInt16(tag)).littleEndian,
      toByteOffset: offset, as: UInt16.self)
    base.storeBytes(of: words.0, toByteOffset: offset &+ 2, as: UInt64.self)
    base.storeBytes(of: words.1, toByteOffset: offset &+ 10, as: UInt64.self)
    offset &+= 2 &+ count
  }

  /// A list or map read in place, written at `offset`; returns the offset after it. (A writer of
  /// its own, passed nowhere by reference, keeps the offset in a register.)
  @inline(never)
  static func container(
    atRaw value: UnsafeRawPointer, base: UnsafeMutableRawPointer, at offset: Int
  )
    -> Int
  {
    var writer = RawWriter(base: base, offset: offset)
    let storage = ValueLayout.arrayStorage(value)
    let count = ValueLayout.arrayCount(storage)
    var element = ValueLayout.arrayElements(storage)
    if ValueLayout.tag(value) == ValueLayout.Tag.map {
      writer.byte(WireTag.map.rawValue)
      writer.size(count)
      let stop = element + count &* MemoryLayout<ChannelMapEntry>.stride
      while element < stop {
        writer.key(atRaw: element)
        writer.value(atRaw: element + ChannelMapEntry.valueOffset)
        element += MemoryLayout<ChannelMapEntry>.stride
      }
    } else {
      writer.byte(WireTag.list.rawValue)
      writer.size(count)
      let stop = element + count &* MemoryLayout<ChannelValue>.stride
      while element < stop {
        writer.value(atRaw: element)
        element += MemoryLayout<ChannelValue>.stride
      }
    }
    return writer.offset
  }

  /// Large ints, typed lists, extension values and strings not held contiguously, through the
  /// enum.
  @inline(__always)
  mutating func enumValue(atRaw value: UnsafeRawPointer) {
    offset = Self.enumValue(atRaw: value, base: base, at: offset)
  }

  /// ``enumValue(atRaw:)`` out of line, by value (no writer's address is passed, so callers
  /// keep theirs in registers).
  @inline(never)
  static func enumValue(
    atRaw value: UnsafeRawPointer, base: UnsafeMutableRawPointer, at offset: Int
  )
    -> Int
  {
    var writer = RawWriter(base: base, offset: offset)
    writer.value(at: value.assumingMemoryBound(to: ChannelValue.self))
    return writer.offset
  }
}

extension RawWriter {
  /// A new message of exactly `count` bytes, filled by `body` from offset 0.
  @inline(__always)
  static func message(count: Int, _ body: (inout RawWriter) -> Void) -> [UInt8] {
    guard count > 0 else { return [] }
    if count <= smallMessage {
      // `Array(unsafeUninitializedCapacity:)` looks up its storage class's metadata at run time
      // (a few hundred instructions); for a small message, writing on the stack and copying is
      // cheaper.
      return withUnsafeTemporaryAllocation(byteCount: count + slack, alignment: 8) { buffer in
        guard let start = buffer.baseAddress else { return [] }
        var writer = RawWriter(base: start, offset: 0)
        body(&writer)
        assert(writer.offset == count, "EncodedSize and RawWriter disagree")
        return Array(UnsafeRawBufferPointer(start: start, count: count))
      }
    }
    return [UInt8](unsafeUninitializedCapacity: count + slack) { buffer, initialized in
      guard let start = buffer.baseAddress else { return }
      var writer = RawWriter(base: UnsafeMutableRawPointer(start), offset: 0)
      body(&writer)
      assert(writer.offset == count, "EncodedSize and RawWriter disagree")
      initialized = count
    }
  }

  /// Messages up to this size are written on the stack first.
  static var smallMessage: Int { 1_024 }

  /// Bytes allocated past a message's end, so that an inline string's two words can be stored
  /// whole at its end.
  static var slack: Int { 16 }
}
