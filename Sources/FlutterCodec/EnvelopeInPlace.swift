/// Success envelopes written into memory the caller owns (a transport's output block), so that
/// a reply needs no array of its own: ``successEnvelopeCount(_:)`` says how many bytes, the
/// caller makes room for that many plus ``writeSlack``, and
/// ``writeSuccessEnvelope(_:count:to:)`` fills them. Alignment counts from the envelope's
/// first byte (its flag), wherever it lies. The bytes are those of
/// ``StandardMethodCodec/encodeSuccessEnvelope(_:)``.
extension StandardMethodCodec {
  /// Bytes past an envelope's end that ``writeSuccessEnvelope(_:count:to:)`` may overwrite
  /// (a short string is stored as two whole words); they are not part of the envelope.
  public static var writeSlack: Int { RawWriter.slack }

  /// The length of `value`'s success envelope.
  @inline(__always)
  public func successEnvelopeCount(_ value: ChannelValue) -> Int {
    switch value {
    case .null, .bool: return 2
    case .int32: return 6
    case .int64: return 10
    default: return EncodedSize.end(of: value, at: 1)
    }
  }

  /// Writes `value`'s success envelope, `count` bytes (``successEnvelopeCount(_:)``), at
  /// `destination`, which must have room for `count + writeSlack` bytes.
  @inline(__always)
  public func writeSuccessEnvelope(
    _ value: ChannelValue, count: Int, to destination: UnsafeMutableRawPointer
  ) {
    // The commonest answers (null, a bool, an integer) written as they are: a flag, a tag, the
    // number.
    switch value {
    case .null:
      destination.storeBytes(of: (UInt16(WireTag.null.rawValue) << 8).littleEndian, as: UInt16.self)
      return
    case .bool(let flag):
      let tag = flag ? WireTag.true.rawValue : WireTag.false.rawValue
      destination.storeBytes(of: (UInt16(tag) << 8).littleEndian, as: UInt16.self)
      return
    case .int32(let number):
      destination.storeBytes(
        of: (UInt16(WireTag.int32.rawValue) << 8).littleEndian, as: UInt16.self)
      (destination + 2).storeBytes(of: number.littleEndian, toByteOffset: 0, as: Int32.self)
      return
    case .int64(let number):
      destination.storeBytes(
        of: (UInt16(WireTag.int64.rawValue) << 8).littleEndian, as: UInt16.self)
      (destination + 2).storeBytes(of: number.littleEndian, toByteOffset: 0, as: Int64.self)
      return
    default:
      break
    }
    var writer = RawWriter(base: destination, offset: 0)
    writer.byte(0)
    writer.value(value)
    assert(writer.offset == count, "EncodedSize and RawWriter disagree")
  }
}
