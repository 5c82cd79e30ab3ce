/// An append-only little-endian byte buffer. Alignment is measured from its first byte, which is
/// the start of the whole message as Flutter's codecs measure it.
public struct ByteWriter: Sendable {
  public private(set) var bytes: [UInt8]

  public init(capacity: Int = 64) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  public var count: Int { bytes.count }

  @inline(__always)
  public mutating func writeByte(_ byte: UInt8) {
    bytes.append(byte)
  }

  @inline(__always)
  public mutating func writeUInt16(_ value: UInt16) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  @inline(__always)
  public mutating func writeUInt32(_ value: UInt32) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  @inline(__always)
  public mutating func writeInt32(_ value: Int32) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  @inline(__always)
  public mutating func writeInt64(_ value: Int64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  @inline(__always)
  public mutating func writeFloat64(_ value: Double) {
    writeInt64(Int64(bitPattern: value.bitPattern))
  }

  public mutating func writeBytes(_ raw: UnsafeRawBufferPointer) {
    bytes.append(contentsOf: raw)
  }

  public mutating func writeBytes(_ raw: [UInt8]) {
    bytes.append(contentsOf: raw)
  }

  /// Flutter's size prefix: one byte below 254, else 254 + uint16, else 255 + uint32.
  @inline(__always)
  public mutating func writeSize(_ size: Int) {
    if size < 254 {
      bytes.append(UInt8(truncatingIfNeeded: size))
    } else if size <= 0xFFFF {
      bytes.append(254)
      writeUInt16(UInt16(truncatingIfNeeded: size))
    } else {
      bytes.append(255)
      writeUInt32(UInt32(truncatingIfNeeded: size))
    }
  }

  /// Zero bytes up to the next multiple of `alignment` from the start of the buffer.
  @inline(__always)
  public mutating func align(to alignment: Int) {
    let rem = bytes.count % alignment
    if rem != 0 {
      bytes.append(contentsOf: repeatElement(0, count: alignment - rem))
    }
  }

  /// Appends the bytes of `value`, sized first and then written in place.
  mutating func append(_ value: ChannelValue) {
    let start = bytes.count
    let end = EncodedSize.end(of: value, at: start)
    bytes.append(contentsOf: repeatElement(0, count: end - start))
    bytes.withUnsafeMutableBytes { raw in
      guard let base = raw.baseAddress else { return }
      var writer = RawWriter(base: base, offset: start)
      writer.value(value)
    }
  }
}
