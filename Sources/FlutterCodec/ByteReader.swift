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
  public mutating func readSize() throws(CodecError) -> Int {
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
    guard readerIndex < buffer.count, buffer[readerIndex] == WireTag.string.rawValue else {
      return nil
    }
    readerIndex += 1
    if let string = readShortASCII() { return string }
    readerIndex -= 1
    return nil
  }

  /// The fast path for the common string: a one-byte size, in bounds, all ASCII. Reads it and
  /// returns it, or returns `nil` and reads nothing (the caller then takes the checked path,
  /// which also finds and names any error).
  @inline(__always)
  mutating func readShortASCII() -> String? {
    let sizeIndex = readerIndex
    guard sizeIndex < buffer.count, let base = buffer.baseAddress else { return nil }
    let count = Int(base.load(fromByteOffset: sizeIndex, as: UInt8.self))
    let start = sizeIndex + 1
    guard count < 254, count <= buffer.count - start else { return nil }
    if SmallStringBits.isAvailable && count < 16 {
      // Up to 15 bytes: two words masked to the string's bytes, checked for ASCII at once.
      var low: UInt64 = 0
      var high: UInt64 = 0
      if buffer.count - start >= 16 {
        low = SmallStringBits.keep(
          base.loadUnaligned(fromByteOffset: start, as: UInt64.self), bytes: count)
        high = SmallStringBits.keep(
          base.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self), bytes: count - 8)
      } else {
        // Near the end of the buffer: only the string's own bytes are read.
        withUnsafeMutableBytes(of: &low) {
          $0.copyMemory(from: UnsafeRawBufferPointer(start: base + start, count: min(count, 8)))
        }
        if count > 8 {
          withUnsafeMutableBytes(of: &high) {
            $0.copyMemory(from: UnsafeRawBufferPointer(start: base + start + 8, count: count - 8))
          }
        }
      }
      guard SmallStringBits.isASCII(low | high) else { return nil }
      readerIndex = start + count
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
}
