/// The commonest method call, a short name with null, bool or integer arguments (`isAvailable`,
/// `hasPermissions(true)`), encoded and decoded without the general paths: its size is known
/// without a sizing pass and its bytes are checked in one place. Anything else, and anything
/// these paths do not accept, takes the general paths, which give the same bytes and values.
extension StandardMethodCodec {
  /// The bytes of a call whose name is held inline (up to 15 bytes) and whose arguments are
  /// null, a bool or a number: at most 34 bytes, written on the stack and copied once into the
  /// message (an array literal of its size, ``LiteralBytes``). `nil` for any other call.
  @inline(__always)
  static func encodeShortCall(_ call: MethodCall) -> [UInt8]? {
    guard SmallStringBits.isAvailable else { return nil }
    let name = SmallStringBits.words(call.method)
    guard let count = SmallStringBits.inlineCount(name) else { return nil }
    // 17 bytes of name, up to 17 of arguments (a float64 with 7 of padding), and the writer's
    // slack.
    var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
      (0, 0, 0, 0, 0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &words) { buffer -> [UInt8]? in
      let base = buffer.baseAddress!
      var writer = RawWriter(base: base, offset: 0)
      writer.inlineString(name, count: count, tag: WireTag.string.rawValue)
      // The five kinds inlined here (`RawWriter.scalar(at:)`, which handles every scalar, is
      // not).
      guard writer.plainScalar(call.arguments) else { return nil }
      return LiteralBytes.array(copying: base, count: writer.offset)
    }
  }

  /// The parts of a call in `buffer` that is a string tag, a one-byte size (under 254), that
  /// many bytes of name, and then null, a bool, an int32 or an int64 that ends the buffer: where
  /// the name's bytes lie (not checked to be UTF-8) and the arguments; `nil` (nothing decided)
  /// for anything else, which the general path then reads or refuses.
  @inline(__always)
  package static func scalarCall(_ buffer: UnsafeRawBufferPointer)
    -> (name: UnsafeRawBufferPointer, arguments: ChannelValue)?
  {
    guard let parts = scalarCallParts(buffer) else { return nil }
    return (parts.name, parts.arguments.value)
  }

  /// The same with the arguments as plain data (``ScalarArguments``): a caller that may drop
  /// them (a name it does not know) frees nothing.
  @inline(__always)
  package static func scalarCallParts(_ buffer: UnsafeRawBufferPointer)
    -> (name: UnsafeRawBufferPointer, arguments: ScalarArguments)?
  {
    guard buffer.count >= 3, let base = buffer.baseAddress,
      base.load(as: UInt8.self) == WireTag.string.rawValue
    else { return nil }
    let count = Int(base.load(fromByteOffset: 1, as: UInt8.self))
    let argumentsAt = 2 &+ count
    guard count < 254, argumentsAt < buffer.count else { return nil }
    let tag = base.load(fromByteOffset: argumentsAt, as: UInt8.self)
    let value: Int64
    switch (tag, buffer.count &- argumentsAt) {
    case (WireTag.null.rawValue, 1), (WireTag.true.rawValue, 1), (WireTag.false.rawValue, 1):
      value = 0
    case (WireTag.int32.rawValue, 5):
      value = Int64(
        Int32(littleEndian: base.loadUnaligned(fromByteOffset: argumentsAt &+ 1, as: Int32.self)))
    case (WireTag.int64.rawValue, 9):
      value = Int64(
        littleEndian: base.loadUnaligned(fromByteOffset: argumentsAt &+ 1, as: Int64.self))
    default: return nil
    }
    return (
      UnsafeRawBufferPointer(start: base + 2, count: count),
      ScalarArguments(tag: tag, value: value)
    )
  }

  /// The call in `buffer` when it is a ``scalarCall(_:)`` whose name is under 16 ASCII bytes
  /// (made as an inline string); `nil` (nothing decided) for anything else.
  @inline(__always)
  static func decodeShortCall(_ buffer: UnsafeRawBufferPointer) -> MethodCall? {
    guard SmallStringBits.isAvailable, let (name, arguments) = scalarCall(buffer),
      name.count < 16, let base = buffer.baseAddress
    else { return nil }
    let count = name.count
    let argumentsAt = 2 &+ count
    // The name's bytes as two words, read without passing the buffer's end (the arguments'
    // byte follows them): the first 8 (or fewer, masked), and the rest from the 8 that end the
    // name.
    let low: UInt64
    let high: UInt64
    if count >= 8 {
      low = base.loadUnaligned(fromByteOffset: 2, as: UInt64.self)
      let last = base.loadUnaligned(fromByteOffset: argumentsAt &- 8, as: UInt64.self)
      high = count > 8 ? last &>> UInt64(truncatingIfNeeded: (16 &- count) &* 8) : 0
    } else if buffer.count >= 10 {
      low = SmallStringBits.keep(
        base.loadUnaligned(fromByteOffset: 2, as: UInt64.self), bytes: count)
      high = 0
    } else {
      var bytes: UInt64 = 0
      withUnsafeMutableBytes(of: &bytes) {
        $0.copyMemory(from: UnsafeRawBufferPointer(start: base + 2, count: count))
      }
      low = bytes
      high = 0
    }
    guard SmallStringBits.isASCII(low | high) else { return nil }
    return MethodCall(
      SmallStringBits.asciiString(low: low, high: high, count: count), arguments)
  }
}
