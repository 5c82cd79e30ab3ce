import FlutterCodec

/// The last short call a route read, remembered by its bytes: a test calls the same method with
/// the same arguments again and again (`isAvailable`, a status poll), and the same bytes read
/// the same way, so a repeat is compared, not read again.
extension ChannelRoute {
  /// The most bytes of a call remembered (a short call's name and scalar arguments).
  static let lastCallCapacity = 32

  /// `payload` read as a call of one of this route's methods with scalar arguments
  /// (``StandardMethodCodec/knownScalarCall(_:_:)``), or `nil` for any other payload (and on
  /// a raw message channel).
  @inline(__always)
  func knownScalarCall(_ payload: UnsafeRawBufferPointer) -> KnownScalarCall? {
    if payload.count == lastCallCount, let given = payload.baseAddress,
      NameBytes.same(UnsafeRawPointer(lastCallBytes), given, count: lastCallCount)
    {
      return lastCall
    }
    return readScalarCall(payload)
  }

  /// ``knownScalarCall(_:)`` when the payload is not the last call's bytes: read, and
  /// remembered when it is a known short call.
  private func readScalarCall(_ payload: UnsafeRawBufferPointer) -> KnownScalarCall? {
    guard isMethodChannel,
      let known = withMethods({ StandardMethodCodec.knownScalarCall(payload, $0) })
    else { return nil }
    if payload.count <= Self.lastCallCapacity, let given = payload.baseAddress {
      lastCallBytes.copyMemory(from: given, byteCount: payload.count)
      lastCallCount = payload.count
      lastCall = known
    }
    return known
  }
}
