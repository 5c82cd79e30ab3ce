/// Writes frames (uint32 length, then the body) into an output buffer or an array.
public enum FrameWriter {
  /// The bytes a frame takes, length field included. The channel name is cut to 65,535 UTF-8
  /// bytes (the host only writes names it was given in frames or on the command line, which are
  /// checked).
  @inline(__always)
  static func frameSize(channelCount: Int, payloadCount: Int) -> Int {
    FrameLayout.lengthSize + FrameLayout.headerSize + min(channelCount, Int(UInt16.max))
      + payloadCount
  }

  /// Writes one whole frame at `target`, which has room for exactly
  /// ``frameSize(channelCount:payloadCount:)`` bytes. `payload == nil` sets the null-payload flag
  /// and writes no payload bytes.
  @inline(__always)
  static func write(
    kind: FrameKind, id: UInt32, channel: UnsafeRawBufferPointer,
    payload: UnsafeRawBufferPointer?, at target: UnsafeMutableRawPointer
  ) {
    let payloadCount = payload?.count ?? 0
    let payloadStart = writeHead(
      kind: kind, id: id, channel: channel, payloadCount: payloadCount, isNull: payload == nil,
      at: target)
    if let source = payload?.baseAddress, payloadCount > 0 {
      (target + payloadStart).copyMemory(from: source, byteCount: payloadCount)
    }
  }

  /// Writes a frame's length, header and channel at `target` for a payload of `payloadCount`
  /// bytes (`isNull`: none, the null-payload flag set), and returns where the payload starts
  /// from `target`: the caller writes it there.
  @inline(__always)
  static func writeHead(
    kind: FrameKind, id: UInt32, channel: UnsafeRawBufferPointer, payloadCount: Int,
    isNull: Bool, at target: UnsafeMutableRawPointer
  ) -> Int {
    let channelCount = min(channel.count, Int(UInt16.max))
    let bodyLength = FrameLayout.headerSize + channelCount + payloadCount
    target.storeBytes(of: UInt32(truncatingIfNeeded: bodyLength).littleEndian, as: UInt32.self)
    target.storeBytes(of: kind.rawValue, toByteOffset: 4, as: UInt8.self)
    target.storeBytes(
      of: isNull ? FrameLayout.nullPayloadFlag : 0, toByteOffset: 5, as: UInt8.self)
    target.storeBytes(of: id.littleEndian, toByteOffset: 6, as: UInt32.self)
    target.storeBytes(
      of: UInt16(truncatingIfNeeded: channelCount).littleEndian, toByteOffset: 10, as: UInt16.self)
    let channelStart = FrameLayout.lengthSize + FrameLayout.headerSize
    if let source = channel.baseAddress, channelCount > 0 {
      (target + channelStart).copyMemory(from: source, byteCount: channelCount)
    }
    return channelStart + channelCount
  }

  /// Writes the length, header and channel of the REPLY to the MESSAGE whose body starts at
  /// `message` (well formed), for a payload of `payloadCount` bytes (not null), and returns
  /// where the payload starts from `target`. A REPLY's header and channel are its MESSAGE's,
  /// byte for byte, but for the kind and the flags: they are copied as they lie, in one move.
  @inline(__always)
  static func writeReplyHead(
    answering message: UnsafeRawPointer, payloadCount: Int, at target: UnsafeMutableRawPointer
  ) -> Int {
    let bodyHead = FrameLayout.headerSize &+ FrameLayout.channelCount(ofBody: message)
    target.storeBytes(
      of: UInt32(truncatingIfNeeded: bodyHead &+ payloadCount).littleEndian, as: UInt32.self)
    (target + FrameLayout.lengthSize).copyMemory(from: message, byteCount: bodyHead)
    target.storeBytes(of: FrameKind.reply.rawValue, toByteOffset: 4, as: UInt8.self)
    target.storeBytes(of: 0, toByteOffset: 5, as: UInt8.self)
    return FrameLayout.lengthSize &+ bodyHead
  }

  /// The bytes of one whole frame.
  /// `payload == nil` sets the null-payload flag and writes no payload bytes.
  public static func encode(_ frame: Frame) -> [UInt8] {
    var name = frame.channel
    return name.withUTF8 { utf8 in
      let channel = UnsafeRawBufferPointer(utf8)
      let size = frameSize(channelCount: channel.count, payloadCount: frame.payload?.count ?? 0)
      return [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
        buffer.initialize(repeating: 0)
        if let base = buffer.baseAddress {
          if let payload = frame.payload {
            payload.withUnsafeBytes {
              write(kind: frame.kind, id: frame.id, channel: channel, payload: $0, at: base)
            }
          } else {
            write(kind: frame.kind, id: frame.id, channel: channel, payload: nil, at: base)
          }
        }
        count = size
      }
    }
  }
}
