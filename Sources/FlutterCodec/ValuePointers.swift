/// Walking a value's tree through pointers into its arrays, so that visiting an element neither
/// copies it nor touches its reference counts (a copied enum payload costs a retain and a
/// release; on a 1,000-record reply that is most of the encoder's time).
extension UnsafePointer where Pointee == ChannelMapEntry {
  /// The entry's key, in place.
  @inline(__always)
  var key: UnsafePointer<ChannelValue> {
    UnsafeRawPointer(self).assumingMemoryBound(to: ChannelValue.self)
  }

  /// The entry's value, in place.
  @inline(__always)
  var value: UnsafePointer<ChannelValue> {
    (UnsafeRawPointer(self) + ChannelMapEntry.valueOffset).assumingMemoryBound(
      to: ChannelValue.self)
  }
}

extension ChannelMapEntry {
  /// Where `value` lies inside an entry.
  @inline(__always)
  static var valueOffset: Int { MemoryLayout<ChannelMapEntry>.offset(of: \.value) ?? 0 }
}

/// Calls `body` with a pointer to each element of `array`, in order.
@inline(__always)
func forEachPointer<T>(_ array: [T], _ body: (UnsafePointer<T>) -> Void) {
  array.withUnsafeBufferPointer { buffer in
    guard let base = buffer.baseAddress else { return }
    for i in 0..<buffer.count { body(base + i) }
  }
}
