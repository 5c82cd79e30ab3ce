/// An element type of a typed list (Int32List, Int64List, Float32List, Float64List): fixed size,
/// stored little-endian on the wire. On a little-endian host the wire bytes are the memory bytes,
/// so whole lists are copied at once with no per-element work.
protocol WireElement: BitwiseCopyable {
  /// The value with its bytes swapped between host order and little-endian order (the identity
  /// on little-endian hosts; the same swap converts in both directions).
  var swappedToLittleEndian: Self { get }
}

extension Int32: WireElement {
  var swappedToLittleEndian: Int32 { littleEndian }
}

extension Int64: WireElement {
  var swappedToLittleEndian: Int64 { littleEndian }
}

extension Float: WireElement {
  var swappedToLittleEndian: Float { Float(bitPattern: bitPattern.littleEndian) }
}

extension Double: WireElement {
  var swappedToLittleEndian: Double { Double(bitPattern: bitPattern.littleEndian) }
}
