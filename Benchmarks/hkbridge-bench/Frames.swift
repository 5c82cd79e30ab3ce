import FlutterCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Frames of the harness wire protocol (protocol/frames.md): uint32 LE length, then kind, flags,
/// id (uint32 LE), channel length (uint16 LE), channel, payload.
enum Frames {
  static let hello: UInt8 = 0x00
  static let message: UInt8 = 0x01
  static let reply: UInt8 = 0x02

  /// One MESSAGE frame.
  static func message(id: UInt32, channel: String, payload: [UInt8]) -> [UInt8] {
    let name = Array(channel.utf8)
    let body = 8 + name.count + payload.count
    var frame: [UInt8] = []
    frame.reserveCapacity(4 + body)
    appendLE(&frame, UInt32(body))
    frame.append(message)
    frame.append(0)
    appendLE(&frame, id)
    appendLE(&frame, UInt16(name.count))
    frame += name
    frame += payload
    return frame
  }

  /// `count` `isAvailable` calls on `healthkit_permissions`, ids `firstID`, `firstID + 1`, ….
  static func isAvailableBatch(count: Int, firstID: UInt32 = 1) -> [UInt8] {
    let call = StandardMethodCodec().encodeMethodCall(MethodCall("isAvailable", .null))
    var batch: [UInt8] = []
    for i in 0..<count {
      batch += message(
        id: firstID &+ UInt32(truncatingIfNeeded: i), channel: "healthkit_permissions",
        payload: call)
    }
    return batch
  }

  /// Writes `count` frames of ``isAvailableBatch(count:firstID:)`` to stdout (ids 1…`count`), a
  /// batch of 1,024 at a time: the input of `hkbridge serve` for callgrind, where the difference
  /// between two counts is the cost of the calls alone (protocol/performance.md).
  static func writeIsAvailableBatch(count: Int) {
    var written = 0
    while written < count {
      let batch = isAvailableBatch(
        count: min(1_024, count - written), firstID: UInt32(truncatingIfNeeded: written + 1))
      if !batch.withUnsafeBytes({ writeAll(1, $0) }) { exit(1) }
      written += 1_024
    }
  }

  private static func appendLE<T: FixedWidthInteger>(_ bytes: inout [UInt8], _ value: T) {
    withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
  }
}

/// Splits a byte stream into frames as they arrive; keeps only the incomplete tail.
struct FrameScanner {
  private var pending: [UInt8] = []
  private var start = 0

  /// A complete frame's kind, id and body length, as found in the stream.
  struct Header {
    var kind: UInt8
    var id: UInt32
    var bodyLength: Int
  }

  /// Adds bytes and calls `each` for every frame they complete.
  mutating func feed(_ bytes: UnsafeRawBufferPointer, _ each: (Header) -> Void) {
    pending.append(contentsOf: bytes)
    pending.withUnsafeBytes { raw in
      while raw.count - start >= 4 {
        let length = Int(
          UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt32.self)))
        guard raw.count - start - 4 >= length else { break }
        if length >= 6 {
          let id = UInt32(
            littleEndian: raw.loadUnaligned(fromByteOffset: start + 6, as: UInt32.self))
          each(Header(kind: raw[start + 4], id: id, bodyLength: length))
        } else {
          each(Header(kind: 0xFF, id: 0, bodyLength: length))
        }
        start += 4 + length
      }
    }
    if start > 65_536 || start == pending.count {
      pending.removeFirst(start)
      start = 0
    }
  }
}
