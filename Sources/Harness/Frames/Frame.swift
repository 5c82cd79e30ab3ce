/// The kinds of harness frame (protocol/frames.md), with the direction each one travels.
public enum FrameKind: UInt8, Sendable, CaseIterable {
  /// Host → Dart: the first frame after start (id 0, empty channel, payload the HELLO map).
  case hello = 0x00
  /// Dart → host: a platform message; answered by one ``reply`` with the same id.
  case message = 0x01
  /// Host → Dart: the reply to a ``message``; the null flag marks a null reply.
  case reply = 0x02
  /// Host → Dart: a message the host starts (event channels); Dart answers with ``hostReply``.
  case hostMessage = 0x03
  /// Dart → host: the reply to a ``hostMessage``.
  case hostReply = 0x04
  /// Host → Dart: the frame with this id was malformed; the payload is UTF-8 text saying why.
  case protocolError = 0x7F

  /// Whether Dart may send this kind to the host.
  public var isSentByDart: Bool {
    switch self {
    case .message, .hostReply: return true
    case .hello, .reply, .hostMessage, .protocolError: return false
    }
  }

  /// The name used in logs and protocol error texts.
  public var name: String {
    switch self {
    case .hello: return "HELLO"
    case .message: return "MESSAGE"
    case .reply: return "REPLY"
    case .hostMessage: return "HOST_MESSAGE"
    case .hostReply: return "HOST_REPLY"
    case .protocolError: return "PROTOCOL_ERROR"
    }
  }
}

/// Fixed sizes and flag bits of the frame layout.
public enum FrameLayout {
  /// The uint32 little-endian length before every body.
  public static let lengthSize = 4
  /// kind (1) + flags (1) + id (4) + channel length (2).
  public static let headerSize = 8
  /// Flags bit 0: the payload is null, not merely empty.
  public static let nullPayloadFlag: UInt8 = 0x01
  /// Default `--max-frame`: 64 MiB.
  public static let defaultMaxFrame = 64 * 1024 * 1024

  /// The channel name's length in the header of the body at `body` (bytes 6..<8), which holds
  /// a whole header.
  @inline(__always)
  static func channelCount(ofBody body: UnsafeRawPointer) -> Int {
    Int(UInt16(littleEndian: body.loadUnaligned(fromByteOffset: 6, as: UInt16.self)))
  }
}

/// One decoded frame. `payload` is `nil` when the null flag is set.
public struct Frame: Sendable, Hashable {
  public var kind: FrameKind
  public var id: UInt32
  public var channel: String
  public var payload: [UInt8]?

  public init(kind: FrameKind, id: UInt32, channel: String = "", payload: [UInt8]?) {
    self.kind = kind
    self.id = id
    self.channel = channel
    self.payload = payload
  }

  /// The PROTOCOL_ERROR frame for `error`: its id, an empty channel, the reason as UTF-8.
  public init(protocolError error: FrameError) {
    self.init(kind: .protocolError, id: error.id, payload: Array(error.reason.utf8))
  }
}
