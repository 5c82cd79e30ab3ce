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

  /// The most bytes ``writePlainSuccessEnvelope(_:to:)`` writes: a float64's envelope (flag,
  /// tag, six bytes to align, eight).
  public static let plainSuccessEnvelopeCapacity = 16

  /// Writes `value`'s success envelope at `destination` when `value` is null, a bool or a
  /// number (the commonest replies), and returns its length; `nil`, with nothing written, for
  /// any other value. `destination` must have room for ``plainSuccessEnvelopeCapacity`` bytes.
  /// One call where a transport would otherwise ask ``successEnvelopeCount(_:)`` first.
  public func writePlainSuccessEnvelope(
    _ value: ChannelValue, to destination: UnsafeMutableRawPointer
  ) -> Int? {
    var writer = RawWriter(base: destination, offset: 1)
    guard writer.plainScalar(value) else { return nil }
    destination.storeBytes(of: 0, as: UInt8.self)
    return writer.offset
  }

  /// Writes `value`'s success envelope, `count` bytes (``successEnvelopeCount(_:)``), at
  /// `destination`, which must have room for `count + writeSlack` bytes.
  @inline(__always)
  public func writeSuccessEnvelope(
    _ value: ChannelValue, count: Int, to destination: UnsafeMutableRawPointer
  ) {
    var writer = RawWriter(base: destination, offset: 0)
    writer.byte(0)
    // The commonest answers (null, a bool, a number) written inline, without the value walk.
    if !writer.plainScalar(value) { writer.value(value) }
    assert(writer.offset == count, "EncodedSize and RawWriter disagree")
  }
}
