/// Why a frame body is malformed. `id` is the frame's id when the body was long enough to hold
/// one, else 0 (protocol/frames.md#serving-rules: "the frame with this id (0 if unknown)").
public struct FrameError: Error, Hashable, Sendable, CustomStringConvertible {
  public var id: UInt32
  public var reason: String

  public init(id: UInt32, reason: String) {
    self.id = id
    self.reason = reason
  }

  public var description: String { "frame \(id): \(reason)" }
}

/// The fixed fields of a frame body and where its channel name and payload lie in it.
public struct FrameHeader: Sendable, Hashable {
  public var kind: FrameKind
  public var flags: UInt8
  public var id: UInt32
  /// Byte range of the channel name inside the body.
  public var channel: Range<Int>
  /// Byte range of the payload inside the body.
  public var payload: Range<Int>

  public var isNullPayload: Bool { flags & FrameLayout.nullPayloadFlag != 0 }
}

/// Reads frame bodies (the bytes after the uint32 length). Total: every input gives a header or
/// a ``FrameError``; nothing traps.
public enum FrameParser {
  /// The id of a body, when it holds one (bytes 2..<6), else 0.
  @inline(__always)
  public static func peekID(_ body: UnsafeRawBufferPointer) -> UInt32 {
    guard body.count >= 6 else { return 0 }
    return UInt32(littleEndian: body.loadUnaligned(fromByteOffset: 2, as: UInt32.self))
  }

  /// Checks the header fields: long enough, a known kind, a channel length inside the body, and
  /// no payload bytes under the null flag. Direction rules are the caller's (``FrameKind``).
  public static func parseHeader(_ body: UnsafeRawBufferPointer) -> Result<FrameHeader, FrameError>
  {
    switch inspect(body) {
    case .success(let header): return .success(header)
    case .failure(let refusal): return .failure(refusal.error(body))
    }
  }

  /// The header of a body that passes every check of ``parseHeader(_:)``, else `nil` (no error
  /// text made: the serve loop's common case; ``headerError(_:)`` says why).
  @inline(__always)
  public static func wellFormedHeader(_ body: UnsafeRawBufferPointer) -> FrameHeader? {
    guard case .success(let header) = inspect(body) else { return nil }
    return header
  }

  /// The header of a well-formed MESSAGE body (every check of ``parseHeader(_:)`` passed and
  /// the kind is ``FrameKind/message``), else `nil`: the serve loop's common frame, its kind
  /// looked at first (any other body is read again by ``wellFormedHeader(_:)``).
  @inline(__always)
  public static func wellFormedMessage(_ body: UnsafeRawBufferPointer) -> FrameHeader? {
    guard body.count >= FrameLayout.headerSize, body[0] == FrameKind.message.rawValue else {
      return nil
    }
    let flags = body[1]
    let channelEnd =
      FrameLayout.headerSize
      &+ FrameLayout.channelCount(ofBody: body.baseAddress.unsafelyUnwrapped)
    guard channelEnd <= body.count,
      flags & FrameLayout.nullPayloadFlag == 0 || channelEnd == body.count
    else { return nil }
    return FrameHeader(
      kind: .message, flags: flags, id: peekID(body),
      channel: FrameLayout.headerSize..<channelEnd, payload: channelEnd..<body.count)
  }

  /// Why ``wellFormedHeader(_:)`` refused `body`: the first check it fails.
  @inline(never)
  static func headerError(_ body: UnsafeRawBufferPointer) -> FrameError {
    switch inspect(body) {
    case .failure(let refusal): return refusal.error(body)
    case .success: preconditionFailure("headerError(_:) of a well-formed header")
    }
  }

  /// The first header check a body fails, as plain data (its text is made only when asked).
  private enum Refusal: Error {
    case shortHeader
    case unknownKind(UInt8)
    case channelPastEnd(channelLength: Int)
    case payloadUnderNullFlag(payloadCount: Int)

    func error(_ body: UnsafeRawBufferPointer) -> FrameError {
      FrameError(id: FrameParser.peekID(body), reason: reason(body))
    }

    private func reason(_ body: UnsafeRawBufferPointer) -> String {
      switch self {
      case .shortHeader:
        return "short header: the body has \(body.count) bytes, a frame needs at least "
          + "\(FrameLayout.headerSize) (kind, flags, id, channel length)"
      case .unknownKind(let kindByte):
        return "unknown kind 0x\(hexByte(kindByte)): frame kinds are 0x00-0x04 and 0x7f"
      case .channelPastEnd(let channelLength):
        return "channel length \(channelLength) runs past the end of the body: only "
          + "\(body.count - FrameLayout.headerSize) bytes follow the header"
      case .payloadUnderNullFlag(let payloadCount):
        return "the null-payload flag is set but \(payloadCount) payload bytes follow: "
          + "expected none"
      }
    }
  }

  /// Every header check, in the order their errors are reported.
  @inline(__always)
  private static func inspect(_ body: UnsafeRawBufferPointer) -> Result<FrameHeader, Refusal> {
    guard body.count >= FrameLayout.headerSize else { return .failure(.shortHeader) }
    guard let kind = FrameKind(rawValue: body[0]) else { return .failure(.unknownKind(body[0])) }
    let flags = body[1]
    let channelLength = FrameLayout.channelCount(ofBody: body.baseAddress.unsafelyUnwrapped)
    let channelEnd = FrameLayout.headerSize + channelLength
    guard channelEnd <= body.count else {
      return .failure(.channelPastEnd(channelLength: channelLength))
    }
    let header = FrameHeader(
      kind: kind, flags: flags, id: peekID(body),
      channel: FrameLayout.headerSize..<channelEnd, payload: channelEnd..<body.count)
    if header.isNullPayload && !header.payload.isEmpty {
      return .failure(.payloadUnderNullFlag(payloadCount: header.payload.count))
    }
    return .success(header)
  }

  /// The channel name of a parsed header, or a ``FrameError`` when it is not valid UTF-8.
  public static func channelName(_ body: UnsafeRawBufferPointer, _ header: FrameHeader)
    -> Result<String, FrameError>
  {
    guard let name = channelName(utf8: UnsafeRawBufferPointer(rebasing: body[header.channel]))
    else {
      return .failure(
        FrameError(id: header.id, reason: "the channel name is not valid UTF-8"))
    }
    return .success(name)
  }

  /// A channel name's bytes as a name, or `nil` when they are not valid UTF-8.
  static func channelName(utf8 bytes: UnsafeRawBufferPointer) -> String? {
    String(validating: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
  }

  /// A whole frame from its body bytes (tests and clients; the serve loop uses the parts above).
  public static func parse(body: [UInt8]) -> Result<Frame, FrameError> {
    body.withUnsafeBytes { raw in
      switch parseHeader(raw) {
      case .failure(let error): return .failure(error)
      case .success(let header):
        switch channelName(raw, header) {
        case .failure(let error): return .failure(error)
        case .success(let name):
          let payload = header.isNullPayload ? nil : [UInt8](raw[header.payload])
          return .success(Frame(kind: header.kind, id: header.id, channel: name, payload: payload))
        }
      }
    }
  }
}

@inline(__always)
func hexByte(_ byte: UInt8) -> String {
  let digits: [Character] = Array("0123456789abcdef")
  return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}
