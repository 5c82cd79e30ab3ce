import FlutterCodec

/// Bytes on a method channel that are not a method call: a failure of the channel layer itself
/// (`MALFORMED_MESSAGE`, protocol/errors.md#codes), found before any profile or the store sees
/// a call, so it is none of the store's failure kinds.
struct MalformedMessage: Error, Sendable, Hashable {
  /// What was wrong and what would be right.
  var message: String
  /// The offset of the offending byte (`details.offset`).
  var offset: Int
  /// A `CodecError` kind, or ``ErrorMapping/nullMessageReason`` (`details.reason`).
  var reason: String

  /// The `FlutterError` Dart sees: `details` has `offset` then `reason`, in the order
  /// ``ErrorMapping`` keeps for every key.
  var flutterError: FlutterError {
    FlutterError(
      code: Self.wireCode, message: message,
      details: .object([("offset", .swiftInt(offset)), ("reason", .string(reason))]))
  }
}
