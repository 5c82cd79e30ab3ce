/// A bounds-checked little-endian reader over borrowed bytes. Every read either succeeds or throws
/// a ``CodecError`` that names the offset; nothing traps.
public struct ByteReader {
  public let buffer: UnsafeRawBufferPointer
  /// Offset of the next byte to read, from the start of `buffer`.
  public private(set) var readerIndex: Int

  /// Long strings already made from this buffer (set by the codec for a whole large message).
  var repeatedStrings: RepeatedStrings?

  public init(_ buffer: UnsafeRawBufferPointer, readerIndex: Int = 0) {
    self.buffer = buffer
    self.readerIndex = readerIndex
  }

  public var remaining: Int { buffer.count - readerIndex }
  public var isAtEnd: Bool { readerIndex >= buffer.count }

  @inline(__always)
  mutating func require(_ n: Int, _ expected: @autoclosure () -> String) throws(CodecError) {
    if n > buffer.count - readerIndex {
      throw CodecError(.truncated, at: readerIndex, expected: expected())
    }
  }

  @inline(__always)
  public mutating func readByte(_ expected: @autoclosure () -> String) throws(CodecError) -> UInt8 {
    try require(1, expected())
    let b = buffer[readerIndex]
    readerIndex += 1
    return b
  }

  @inline(__always)
  mutating func readFixed<T: FixedWidthInteger>(_: T.Type, _ expected: @autoclosure () -> String)
    throws(CodecError) -> T
  {
    try require(MemoryLayout<T>.size, expected())
    let v = buffer.loadUnaligned(fromByteOffset: readerIndex, as: T.self)
    readerIndex += MemoryLayout<T>.size
    return T(littleEndian: v)
  }

  public mutating func readUInt16(_ expected: @autoclosure () -> String) throws(CodecError)
    -> UInt16
  { try readFixed(UInt16.self, expected()) }

  public mutating func readUInt32(_ expected: @autoclosure () -> String) throws(CodecError)
    -> UInt32
  { try readFixed(UInt32.self, expected()) }

  public mutating func readInt32(_ expected: @autoclosure () -> String) throws(CodecError) -> Int32
  { try readFixed(Int32.self, expected()) }

  public mutating func readInt64(_ expected: @autoclosure () -> String) throws(CodecError) -> Int64
  { try readFixed(Int64.self, expected()) }

  /// Flutter's size prefix (the non-minimal long forms are accepted, as Flutter accepts them).
  /// A one-byte size, the common case, is read here; the longer forms out of line.
  @inline(__always)
  public mutating func readSize() throws(CodecError) -> Int {
    let at = readerIndex
    if at < buffer.count, let base = buffer.baseAddress {
      let first = base.load(fromByteOffset: at, as: UInt8.self)
      if first < 254 {
        readerIndex = at &+ 1
        return Int(first)
      }
    }
    return try readLongSize()
  }

  @inline(never)
  mutating func readLongSize() throws(CodecError) -> Int {
    let first = try readByte("a size")
    switch first {
    case 254: return Int(try readUInt16("the uint16 of a size"))
    case 255:
      let start = readerIndex
      let wide = try readUInt32("the uint32 of a size")
      guard let size = Int(exactly: wide) else {
        throw CodecError(.sizeOutOfBounds, at: start, expected: "a size this platform can hold")
      }
      return size
    default: return Int(first)
    }
  }

  /// Skips padding up to a multiple of `alignment` from the start of the buffer, without checking
  /// what the padding holds.
  public mutating func align(to alignment: Int) throws(CodecError) {
    let rem = readerIndex % alignment
    if rem != 0 {
      try require(alignment - rem, "\(alignment - rem) bytes of alignment padding")
      readerIndex += alignment - rem
    }
  }

  /// A view of the next `count` bytes, checked against what is left before anything is allocated.
  public mutating func readSlice(_ count: Int, _ expected: @autoclosure () -> String)
    throws(CodecError) -> UnsafeRawBufferPointer
  {
    if count > buffer.count - readerIndex {
      throw CodecError(
        .sizeOutOfBounds, at: readerIndex,
        expected: "\(expected()) of \(count) bytes, but only \(buffer.count - readerIndex) remain")
    }
    let slice = UnsafeRawBufferPointer(rebasing: buffer[readerIndex..<(readerIndex + count)])
    readerIndex += count
    return slice
  }

  /// A string value (its tag, then ``readShortASCII()``'s fast path), or `nil` with nothing read.
  @inline(__always)
  mutating func readTaggedShortASCII() -> String? {
    let at = readerIndex
    guard let base = buffer.baseAddress, at < buffer.count else { return nil }
    if SmallStringBits.isAvailable && buffer.count &- at >= 18 {
      // The commonest case checked at once: tag and size in one load, a string tag and a size
      // under 16, the 16 bytes after them in the buffer.
      let head = base.loadUnaligned(fromByteOffset: at, as: UInt16.self)
      if head & 0xF0FF == UInt16(WireTag.string.rawValue) {
        let count = Int(truncatingIfNeeded: head &>> 8)
        let (low, high) = SmallStringBits.masked(
          base.loadUnaligned(fromByteOffset: at &+ 2, as: UInt64.self),
          base.loadUnaligned(fromByteOffset: at &+ 10, as: UInt64.self), count: count)
        guard SmallStringBits.isASCII(low | high) else { return nil }
        readerIndex = at &+ 2 &+ count
        return SmallStringBits.asciiString(low: low, high: high, count: count)
      }
    }
    guard base.load(fromByteOffset: at, as: UInt8.self) == WireTag.string.rawValue else {
      return nil
    }
    readerIndex = at &+ 1
    if let string = readShortASCII() { return string }
    readerIndex = at
    return nil
  }

  /// A short ASCII string (``readTaggedShortASCII()``) or a null, bool, int32, int64 or float64
  /// (``readPlainScalar()``), or `nil` with nothing read.
  @inline(__always)
  mutating func readInlineElement() -> ChannelValue? {
    if let string = readTaggedShortASCII() { return .string(string) }
    return readPlainScalar()
  }

  /// A null, bool, int32, int64 or float64 (its tag and whatever follows it, in bounds), or `nil`
  /// with nothing read: anything else, or too few bytes, is left to the checked path, which reads
  /// the same value or names the error.
  @inline(__always)
  mutating func readPlainScalar() -> ChannelValue? {
    let at = readerIndex
    guard at < buffer.count, let base = buffer.baseAddress else { return nil }
    let left = buffer.count &- at
    switch base.load(fromByteOffset: at, as: UInt8.self) {
    case WireTag.null.rawValue:
      readerIndex = at &+ 1
      return .null
    case WireTag.true.rawValue:
      readerIndex = at &+ 1
      return .bool(true)
    case WireTag.false.rawValue:
      readerIndex = at &+ 1
      return .bool(false)
    case WireTag.int32.rawValue where left >= 5:
      readerIndex = at &+ 5
      return .int32(
        Int32(littleEndian: base.loadUnaligned(fromByteOffset: at &+ 1, as: Int32.self)))
    case WireTag.int64.rawValue where left >= 9:
      readerIndex = at &+ 9
      return .int64(
        Int64(littleEndian: base.loadUnaligned(fromByteOffset: at &+ 1, as: Int64.self)))
    case WireTag.float64.rawValue:
      // The padding after the tag runs to the next multiple of 8 from the buffer's start.
      let start = (at &+ 8) & ~7
      guard start &+ 8 <= buffer.count else { return nil }
      readerIndex = start &+ 8
      let bits = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: start, as: UInt64.self))
      return .float64(Double(bitPattern: bits))
    default: return nil
    }
  }

  /// The fast path for the common string: a one-byte size, in bounds, all ASCII. Reads it and
  /// returns it, or returns `nil` and reads nothing (the caller then takes the checked path,
  /// which also finds and names any error).
  @inline(__always)
  mutating func readShortASCII() -> String? {
    let sizeIndex = readerIndex
    guard sizeIndex < buffer.count, let base = buffer.baseAddress else { return nil }
    let count = Int(base.load(fromByteOffset: sizeIndex, as: UInt8.self))
    let start = sizeIndex &+ 1
    let left = buffer.count &- start
    guard count < 254, count <= left else { return nil }
    if SmallStringBits.isAvailable && count < 16 {
      // Up to 15 bytes: two words masked to the string's bytes, checked for ASCII at once; near
      // the end of the buffer only the string's own bytes are read.
      let (low, high) =
        left >= 16
        ? SmallStringBits.masked(
          base.loadUnaligned(fromByteOffset: start, as: UInt64.self),
          base.loadUnaligned(fromByteOffset: start &+ 8, as: UInt64.self), count: count)
        : Self.wordsNearEnd(base + start, count: count)
      guard SmallStringBits.isASCII(low | high) else { return nil }
      readerIndex = start &+ count
      return SmallStringBits.asciiString(low: low, high: high, count: count)
    }
    let bytes = UnsafeBufferPointer(
      start: (base + start).assumingMemoryBound(to: UInt8.self), count: count)
    let made: String?
    if count >= 16, let repeated = repeatedStrings {
      made = repeated.string(at: start, count: count, in: UnsafeRawPointer(base)) {
        Self.asciiString(bytes)
      }
    } else {
      made = Self.asciiString(bytes)
    }
    if made != nil { readerIndex = start + count }
    return made
  }

  /// The string of `bytes` when all are ASCII, copied into its own storage without a second scan.
  @inline(__always)
  static func asciiString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard UTF8Text.isASCII(bytes) else { return nil }
    return String(unsafeUninitializedCapacity: bytes.count) { buffer in
      guard let target = buffer.baseAddress, let source = bytes.baseAddress else { return 0 }
      target.update(from: source, count: bytes.count)
      return bytes.count
    }
  }

  /// The `count` (under 16) bytes at `start` as two words, the rest zero, reading no byte past
  /// them (out of line: the rare case near a buffer's end).
  @inline(never)
  static func wordsNearEnd(_ start: UnsafeRawPointer, count: Int) -> (UInt64, UInt64) {
    var words: (UInt64, UInt64) = (0, 0)
    withUnsafeMutableBytes(of: &words) {
      $0.baseAddress!.copyMemory(from: start, byteCount: count)
    }
    return words
  }
}
