/// A short call's arguments as read in place: null, a bool, an int32 or an int64, kept as plain
/// data (the wire tag and the number), so that holding or dropping them frees nothing.
/// ``value`` is the ``ChannelValue`` the codec decodes from the same bytes.
package struct ScalarArguments: Equatable, Sendable {
  /// The wire tag: null, true, false, int32 or int64.
  package let tag: UInt8
  /// The number of an int32 or an int64 (0 for the others).
  package let value64: Int64

  init(tag: UInt8, value: Int64) {
    self.tag = tag
    self.value64 = value
  }

  /// Null arguments.
  package static let null = ScalarArguments(tag: WireTag.null.rawValue, value: 0)

  /// The arguments as a value.
  @inline(__always)
  package var value: ChannelValue {
    switch tag {
    case WireTag.null.rawValue: return .null
    case WireTag.true.rawValue: return .bool(true)
    case WireTag.false.rawValue: return .bool(false)
    case WireTag.int32.rawValue: return .int32(Int32(truncatingIfNeeded: value64))
    default: return .int64(value64)
    }
  }
}
