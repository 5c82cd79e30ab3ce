/// Flutter's `StandardMessageCodec`: one value to bytes and back, byte for byte as Flutter's Dart,
/// iOS, Android and C++ implementations write and read it.
public struct StandardMessageCodec: Sendable {
  /// Containers nested deeper than this are refused rather than risking the stack.
  public static let maximumDepth = 512

  /// Whether tags 128–255 decode as ``ChannelValue/ext(tag:value:)``. Off by default, as in
  /// Flutter's own codec, which refuses them unless a subclass reads them.
  public var allowsExtensions: Bool

  public init(allowsExtensions: Bool = false) {
    self.allowsExtensions = allowsExtensions
  }

  // MARK: Encoding

  /// The bytes of one message holding `value`: its size first, then its bytes written straight
  /// into memory of exactly that size.
  public func encode(_ value: ChannelValue) -> [UInt8] {
    RawWriter.message(count: EncodedSize.end(of: value, at: 0)) { $0.value(value) }
  }

  // MARK: Decoding

  /// The one value that `bytes` hold; anything left over is an error.
  public func decode(_ bytes: [UInt8]) throws(CodecError) -> ChannelValue {
    try Self.withReader(bytes) { (reader: inout ByteReader) throws(CodecError) in
      try decodeWhole(&reader)
    }
  }

  /// The one value that `bytes` hold; alignment counts from the slice's first byte.
  public func decode(_ bytes: ArraySlice<UInt8>) throws(CodecError) -> ChannelValue {
    try Self.withReader(bytes) { (reader: inout ByteReader) throws(CodecError) in
      try decodeWhole(&reader)
    }
  }

  /// The one value that `buffer` holds; alignment counts from the buffer's first byte.
  public func decode(_ buffer: UnsafeRawBufferPointer) throws(CodecError) -> ChannelValue {
    try Self.withReader(buffer) { (reader: inout ByteReader) throws(CodecError) in
      try decodeWhole(&reader)
    }
  }

  func decodeWhole(_ reader: inout ByteReader) throws(CodecError) -> ChannelValue {
    let value = try readValue(from: &reader)
    try Self.expectEnd(reader, after: "the message's value")
    return value
  }

  /// Runs `body` with a reader over `bytes` (typed throws through the buffer closure).
  static func withReader<R>(
    _ bytes: [UInt8], _ body: (inout ByteReader) throws(CodecError) -> R
  ) throws(CodecError) -> R {
    let result: Result<R, CodecError> = bytes.withUnsafeBytes { raw in
      do throws(CodecError) {
        return .success(try withReader(raw, body))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Runs `body` with a reader over `buffer`, remembering repeated long strings when the message
  /// is large enough to gain by it (``RepeatedStrings``).
  @inline(__always)
  static func withReader<R>(
    _ buffer: UnsafeRawBufferPointer, _ body: (inout ByteReader) throws(CodecError) -> R
  ) throws(CodecError) -> R {
    var reader = ByteReader(buffer)
    guard buffer.count >= RepeatedStrings.minimumMessage else { return try body(&reader) }
    let repeated = RepeatedStrings()
    defer { repeated.release() }
    reader.repeatedStrings = repeated
    return try body(&reader)
  }

  /// Runs `body` with a reader over `bytes`; offsets count from the slice's first byte.
  static func withReader<R>(
    _ bytes: ArraySlice<UInt8>, _ body: (inout ByteReader) throws(CodecError) -> R
  ) throws(CodecError) -> R {
    let result: Result<R, CodecError> = bytes.withUnsafeBytes { raw in
      do throws(CodecError) {
        return .success(try withReader(raw, body))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  static func expectEnd(_ reader: ByteReader, after what: String) throws(CodecError) {
    if !reader.isAtEnd {
      throw CodecError(
        .trailingBytes, at: reader.readerIndex,
        expected: "the end of the data after \(what), but \(reader.remaining) bytes remain")
    }
  }

  /// Reads one value at the reader's position. The value's own containers may nest
  /// ``maximumDepth`` deep.
  public func readValue(from reader: inout ByteReader) throws(CodecError) -> ChannelValue {
    try readValue(from: &reader, depth: 0)
  }

  /// `depth` is the number of containers (lists, maps, extension values) already open around the
  /// value; opening one more is refused when `depth` has reached ``maximumDepth``.
  ///
  /// The recursive path (this function, ``readList(from:depth:at:)``, ``readMap(from:depth:at:)``)
  /// is kept small; scalars are read by ``readScalar(_:from:)`` so that their locals do not take
  /// stack space on every nesting level.
  func readValue(from reader: inout ByteReader, depth: Int) throws(CodecError) -> ChannelValue {
    let tagOffset = reader.readerIndex
    let tagByte = try reader.readByte("a type tag")
    switch tagByte {
    case WireTag.list.rawValue:
      return try readList(from: &reader, depth: depth, at: tagOffset)
    case WireTag.map.rawValue:
      return try readMap(from: &reader, depth: depth, at: tagOffset)
    case WireTag.firstExtension... where allowsExtensions:
      try checkDepth(depth, at: tagOffset)
      return .ext(tag: tagByte, value: try readValue(from: &reader, depth: depth + 1))
    default:
      return try Self.readScalar(tagByte, from: &reader)
    }
  }

  @inline(never)
  func readList(from reader: inout ByteReader, depth: Int, at tagOffset: Int) throws(CodecError)
    -> ChannelValue
  {
    try checkDepth(depth, at: tagOffset)
    let sizeOffset = reader.readerIndex
    let count = try reader.readSize()
    // Every element takes at least one byte: refuse impossible counts before allocating.
    try Self.checkCount(count, bytesEach: 1, reader: reader, at: sizeOffset, what: "a list")
    var items: [ChannelValue] = []
    items.reserveCapacity(count)
    for _ in 0..<count { items.append(try readValue(from: &reader, depth: depth + 1)) }
    return .list(items)
  }

  @inline(never)
  func readMap(from reader: inout ByteReader, depth: Int, at tagOffset: Int) throws(CodecError)
    -> ChannelValue
  {
    try checkDepth(depth, at: tagOffset)
    let sizeOffset = reader.readerIndex
    let count = try reader.readSize()
    // Every entry takes at least two bytes (a key tag and a value tag).
    try Self.checkCount(count, bytesEach: 2, reader: reader, at: sizeOffset, what: "a map")
    var entries: [ChannelMapEntry] = []
    entries.reserveCapacity(count)
    for _ in 0..<count {
      let key = try readElement(from: &reader, depth: depth)
      let value = try readElement(from: &reader, depth: depth)
      entries.append(ChannelMapEntry(key, value))
    }
    return .map(entries)
  }

  /// A value inside a container at `depth`: a short ASCII string (most keys, many values) or a
  /// null, bool, int32, int64 or float64 read here without the recursion, anything else by
  /// ``readValue(from:depth:)``.
  @inline(__always)
  func readElement(from reader: inout ByteReader, depth: Int) throws(CodecError) -> ChannelValue {
    if let value = reader.readInlineElement() { return value }
    return try readValue(from: &reader, depth: depth + 1)
  }

  /// A value that holds no other value, after its tag byte (`tagByte` was read at
  /// `reader.readerIndex - 1`).
  @inline(never)
  static func readScalar(_ tagByte: UInt8, from reader: inout ByteReader) throws(CodecError)
    -> ChannelValue
  {
    switch tagByte {
    case WireTag.string.rawValue:
      if let s = reader.readShortASCII() { return .string(s) }
      return .string(try readUTF8(from: &reader, what: "a string"))
    case WireTag.null.rawValue: return .null
    case WireTag.true.rawValue: return .bool(true)
    case WireTag.false.rawValue: return .bool(false)
    case WireTag.int32.rawValue: return .int32(try reader.readInt32("4 bytes of an int32"))
    case WireTag.int64.rawValue: return .int64(try reader.readInt64("8 bytes of an int64"))
    case WireTag.float64.rawValue:
      try reader.align(to: 8)
      let bits = try reader.readInt64("8 bytes of a float64")
      return .float64(Double(bitPattern: UInt64(bitPattern: bits)))
    case WireTag.largeInt.rawValue:
      return .largeInt(try readUTF8(from: &reader, what: "a large int's hex"))
    case WireTag.uint8List.rawValue:
      let sizeOffset = reader.readerIndex
      let count = try reader.readSize()
      try checkCount(count, bytesEach: 1, reader: reader, at: sizeOffset, what: "a Uint8List")
      return .uint8List(Array(try reader.readSlice(count, "a Uint8List")))
    case WireTag.int32List.rawValue:
      return .int32List(try readTypedList(Int32.self, from: &reader, what: "an Int32List"))
    case WireTag.int64List.rawValue:
      return .int64List(try readTypedList(Int64.self, from: &reader, what: "an Int64List"))
    case WireTag.float32List.rawValue:
      return .float32List(try readTypedList(Float.self, from: &reader, what: "a Float32List"))
    case WireTag.float64List.rawValue:
      return .float64List(try readTypedList(Double.self, from: &reader, what: "a Float64List"))
    case WireTag.list.rawValue, WireTag.map.rawValue:
      // Containers are read by readValue; reaching here would be a codec bug, reported as data.
      throw CodecError(
        .unknownTag, at: reader.readerIndex - 1, expected: "a scalar type tag here")
    default:
      throw CodecError(
        .unknownTag, at: reader.readerIndex - 1,
        expected: tagByte >= WireTag.firstExtension
          ? "a type tag 0–14 (extension tag \(tagByte) is not enabled)"
          : "a type tag 0–14, not the reserved tag \(tagByte)")
    }
  }

  @inline(__always)
  func checkDepth(_ depth: Int, at offset: Int) throws(CodecError) {
    if depth >= Self.maximumDepth { throw Self.tooDeep(at: offset) }
  }

  @inline(never)
  static func tooDeep(at offset: Int) -> CodecError {
    CodecError(
      .nestingTooDeep, at: offset,
      expected: "containers nested at most \(maximumDepth) deep, not \(maximumDepth + 1)")
  }

  /// Refuses a declared count whose elements, at `bytesEach` bytes or more each, cannot fit in
  /// the bytes left. The error names the offset of the size prefix.
  @inline(__always)
  static func checkCount(
    _ count: Int, bytesEach: Int, reader: ByteReader, at sizeOffset: Int, what: String
  ) throws(CodecError) {
    if count > reader.remaining / bytesEach {
      throw sizeError(
        count, bytesEach: bytesEach, remaining: reader.remaining, at: sizeOffset, what)
    }
  }

  @inline(never)
  static func sizeError(
    _ count: Int, bytesEach: Int, remaining: Int, at sizeOffset: Int, _ what: String
  ) -> CodecError {
    CodecError(
      .sizeOutOfBounds, at: sizeOffset,
      expected: bytesEach == 1
        ? "\(what) of at most \(remaining) bytes (what remains), not \(count)"
        : "\(what) of at most \(remaining / bytesEach) elements of \(bytesEach) bytes "
          + "(\(remaining) bytes remain), not \(count)")
  }

  static func readUTF8(from reader: inout ByteReader, what: String) throws(CodecError) -> String {
    let sizeOffset = reader.readerIndex
    let count = try reader.readSize()
    try checkCount(count, bytesEach: 1, reader: reader, at: sizeOffset, what: what)
    let start = reader.readerIndex
    let bytes = try reader.readSlice(count, what).assumingMemoryBound(to: UInt8.self)
    guard let s = UTF8Text.string(bytes) else {
      let bad = start + (UTF8Text.firstInvalidOffset(bytes) ?? 0)
      throw CodecError(
        .invalidUTF8, at: bad,
        expected: "\(what) of valid UTF-8 (an ill-formed sequence starts here)")
    }
    return s
  }

  /// Size, padding to the element size (from the start of the buffer), then the elements.
  static func readTypedList<T: WireElement>(
    _: T.Type, from reader: inout ByteReader, what: String
  ) throws(CodecError) -> [T] {
    let sizeOffset = reader.readerIndex
    let count = try reader.readSize()
    let size = MemoryLayout<T>.size
    try reader.align(to: size)
    try checkCount(count, bytesEach: size, reader: reader, at: sizeOffset, what: what)
    let raw = try reader.readSlice(count * size, what)
    let elements = [T](unsafeUninitializedCapacity: count) { out, initialized in
      UnsafeMutableRawBufferPointer(out).copyMemory(from: raw)
      initialized = count
    }
    #if _endian(little)
      return elements
    #else
      return elements.map(\.swappedToLittleEndian)
    #endif
  }
}
