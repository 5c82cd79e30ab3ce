import FlutterCodec

/// How one channel answers a message.
public struct ChannelHandler: Sendable {
  package enum Kind: Sendable {
    /// A StandardMethodCodec method channel: its methods, and its error mapping.
    case methods(MethodIndex, ChannelErrorMapping)
    /// A BasicMessageChannel: raw bytes in, raw bytes out.
    case messages(MessageHandler)
  }

  package let kind: Kind

  /// A StandardMethodCodec method channel. A payload that is not a method call gets
  /// `MALFORMED_MESSAGE` (as on every method channel); a method not in `methods` gets a null
  /// reply (Flutter's "not implemented"); every method runs through ``MethodHandler/run(_:)``
  /// (its flags say which checks apply); a method that throws gets the error envelope `errors`
  /// makes of it (the profile's one place for its error codes). `unknownMethod`, when given,
  /// answers every method not in `methods` instead (a host that replies an error envelope for
  /// an unknown method).
  public static func methods(
    _ methods: MethodTable, errors: @escaping ChannelErrorMapping,
    unknownMethod: MethodHandler? = nil
  ) -> ChannelHandler {
    ChannelHandler(kind: .methods(MethodIndex(methods, unknown: unknownMethod), errors))
  }

  /// A BasicMessageChannel (Pigeon's `dev.flutter.pigeon.…` channels): the handler gets the raw
  /// payload (`nil` for a null message) and returns the raw reply bytes (`nil`: null reply).
  public static func messages(_ handler: @escaping MessageHandler) -> ChannelHandler {
    ChannelHandler(kind: .messages(handler))
  }

  /// The method names of a method channel (none for a raw message channel).
  var methodNames: Dictionary<String, MethodHandler>.Keys? {
    guard case .methods(let methods, _) = kind else { return nil }
    return methods.names
  }
}

/// The one place where a channel's errors become the `FlutterError` Dart sees: each channel
/// (a profile's, or the control channel) brings its own.
public typealias ChannelErrorMapping = @Sendable (any Error) -> FlutterError
/// A BasicMessageChannel handler: payload (`nil`: null message) → reply bytes (`nil`: null reply).
public typealias MessageHandler =
  @Sendable (_ payload: [UInt8]?, _ environment: HostEnvironment) -> [UInt8]?
