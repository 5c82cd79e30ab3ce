/// Appends frames (uint32 length, then the body) to an output buffer.
public enum FrameWriter {
  /// Appends one frame. `payload == nil` sets the null-payload flag and writes no payload bytes.
  /// The channel name must fit in 65,535 UTF-8 bytes (the host only writes names it was given in
  /// frames or on the command line, which are checked).
  @inline(__always)
  public static func append(
    kind: FrameKind, id: UInt32, channel: UnsafeRawBufferPointer,
    payload: UnsafeRawBufferPointer?, to out: inout [UInt8]
  ) {
    let channelCount = min(channel.count, Int(UInt16.max))
    let payloadCount = payload?.count ?? 0
    let bodyLength = FrameLayout.headerSize + channelCount + payloadCount
    withUnsafeBytes(of: UInt32(truncatingIfNeeded: bodyLength).littleEndian) {
      out.append(contentsOf: $0)
    }
    out.append(kind.rawValue)
    out.append(payload == nil ? FrameLayout.nullPayloadFlag : 0)
    withUnsafeBytes(of: id.littleEndian) { out.append(contentsOf: $0) }
    withUnsafeBytes(of: UInt16(truncatingIfNeeded: channelCount).littleEndian) {
      out.append(contentsOf: $0)
    }
    out.append(contentsOf: UnsafeRawBufferPointer(rebasing: channel[0..<channelCount]))
    if let payload { out.append(contentsOf: payload) }
  }

  /// Appends one frame with the channel given as a string and the payload as an array.
  public static func append(
    kind: FrameKind, id: UInt32, channel: String, payload: [UInt8]?, to out: inout [UInt8]
  ) {
    var name = channel
    name.withUTF8 { utf8 in
      let channelBytes = UnsafeRawBufferPointer(utf8)
      if let payload {
        payload.withUnsafeBytes {
          append(kind: kind, id: id, channel: channelBytes, payload: $0, to: &out)
        }
      } else {
        append(kind: kind, id: id, channel: channelBytes, payload: nil, to: &out)
      }
    }
  }

  /// The bytes of one whole frame.
  public static func encode(_ frame: Frame) -> [UInt8] {
    var out: [UInt8] = []
    append(
      kind: frame.kind, id: frame.id, channel: frame.channel, payload: frame.payload, to: &out)
    return out
  }

  /// A PROTOCOL_ERROR frame for `error`: its id, an empty channel, the reason as UTF-8.
  public static func appendProtocolError(_ error: FrameError, to out: inout [UInt8]) {
    append(
      kind: .protocolError, id: error.id, channel: "", payload: Array(error.reason.utf8), to: &out)
  }
}
