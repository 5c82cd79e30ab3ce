import FlutterCodec

/// The reply to one platform message as the router makes it: a method's value or error before
/// any byte is written, so that a transport may encode it straight into its own output (the
/// frame server's output block) and the call log reads its code without decoding bytes.
/// ``bytes`` is the reply every other caller gets, byte for byte what the codec writes.
public enum MessageReply {
  /// A null reply: no handler for the channel, or a method it does not implement.
  case null
  /// A method call's success envelope, not yet encoded.
  case success(ChannelValue)
  /// A method call's error envelope, not yet encoded.
  indirect case error(FlutterError)
  /// Reply bytes made elsewhere (a raw message channel's, an event channel's, a stub's).
  case bytes([UInt8])

  /// `bytes` as a reply (`nil`: a null reply).
  @inline(__always)
  public init(_ bytes: [UInt8]?) {
    if let bytes { self = .bytes(bytes) } else { self = .null }
  }

  /// The reply's bytes, `nil` for a null reply.
  public var bytes: [UInt8]? {
    switch self {
    case .null: return nil
    case .success(let value): return StandardMethodCodec().encodeSuccessEnvelope(value)
    case .error(let error): return StandardMethodCodec().encodeErrorEnvelope(error)
    case .bytes(let bytes): return bytes
    }
  }

  /// The code the call log keeps for this reply: `nil` for a success, the error's code,
  /// `notImplemented` for a null reply.
  var loggedCode: String? {
    switch self {
    case .null: return Verification.notImplementedCode
    case .success: return nil
    case .error(let error): return error.code
    case .bytes(let bytes): return Verification.code(bytes)
    }
  }
}
