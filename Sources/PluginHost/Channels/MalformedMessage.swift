import FlutterCodec

/// Bytes on a method channel that are not a method call: the host's own error, a failure of the
/// channel layer itself (`MALFORMED_MESSAGE`, protocol/errors.md#codes), found before any profile
/// or the store sees a call, so it is none of the store's failure kinds and no profile's.
struct MalformedMessage: Error, Sendable, Hashable {
  /// What was wrong and what would be right.
  var message: String
  /// The offset of the offending byte (`details.offset`).
  var offset: Int
  /// A `CodecError` kind, or ``nullMessageReason`` (`details.reason`).
  var reason: String

  /// The wire code, the same on every method channel of every profile.
  static let wireCode = "MALFORMED_MESSAGE"

  /// `details.reason` of a null message: not a `CodecError` kind, since nothing was decoded.
  static let nullMessageReason = "nullMessage"

  /// The `FlutterError` Dart sees: `details` has `offset` then `reason`, in the order the
  /// default profile's error mapping keeps for every key.
  var flutterError: FlutterError {
    FlutterError(
      code: Self.wireCode, message: message,
      details: .object([("offset", .swiftInt(offset)), ("reason", .string(reason))]))
  }

  /// A payload on a method channel that is not a method call.
  static func notAMethodCall(channel: String, _ error: CodecError) -> MalformedMessage {
    MalformedMessage(
      message:
        "The message on channel '\(channel)' is not a valid method call: \(error.description). "
        + "Send a StandardMethodCodec method call: a method name string, then one arguments value.",
      offset: error.offset, reason: error.kind.rawValue)
  }

  /// A null payload (no bytes at all, not even an empty buffer) on a method channel.
  static func nullMessage(channel: String) -> MalformedMessage {
    MalformedMessage(
      message: "The message on channel '\(channel)' is null; a method channel needs a method call "
        + "(a method name string, then one arguments value).",
      offset: 0, reason: nullMessageReason)
  }
}
