/// A short call's arguments as read in place: null, a bool, an int32 or an int64, kept as plain
/// data (the wire tag and the number), so that holding or dropping them frees nothing.
/// ``value`` is the ``ChannelValue`` the codec decodes from the same bytes.
package struct ScalarArguments: Equatable, Sendable {
  /// The wire tag: null, true, false, int32 or int64.
  @usableFromInline package let tag: UInt8
  /// The number of an int32 or an int64 (0 for the others).
  @usableFromInline package let value64: Int64

  init(tag: UInt8, value: Int64) {
    self.tag = tag
    self.value64 = value
  }

  /// Null arguments.
  package static let null = ScalarArguments(tag: WireTag.null.rawValue, value: 0)

  /// The arguments as a value (inlined where a call is answered: the wire tags null 0, true 1,
  /// false 2, int32 3, int64 4).
  @inlinable @inline(__always)
  package var value: ChannelValue {
    switch tag {
    case 0x00: return .null
    case 0x01: return .bool(true)
    case 0x02: return .bool(false)
    case 0x03: return .int32(Int32(truncatingIfNeeded: value64))
    default: return .int64(value64)
    }
  }
}
