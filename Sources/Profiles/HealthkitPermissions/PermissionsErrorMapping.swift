import FlutterCodec
import HealthStore

/// The one place where typed errors become the `FlutterError` Dart sees (protocol/errors.md#codes).
///
/// `details` is always a map. Its keys appear only when they apply, always in this order:
/// `hkErrorCode`, `type`, `field`, `didYouMean`, `expected`, `offset`, `minimumOS`, `deviceOS`,
/// `reason`, `allowedActivities`, `types`, `iosBehavior` (`offset` only in a
/// ``MalformedMessage``, the channel layer's own error).
package enum ErrorMapping {
  /// The channel error mapping of `healthkit_permissions` and the control channel (their methods
  /// throw only ``HealthError``s).
  @Sendable
  package static func flutterError(_ error: any Error) -> FlutterError {
    guard let error = error as? HealthError else {
      return FlutterError(code: "INTERNAL_ERROR", message: "\(error)")
    }
    return flutterError(error)
  }

  static func flutterError(_ error: HealthError) -> FlutterError {
    FlutterError(code: error.code.wireCode, message: error.message, details: details(error))
  }

  static func details(_ error: HealthError) -> ChannelValue {
    var pairs: [(String, ChannelValue)] = []
    if let code = error.hkErrorCode { pairs.append(("hkErrorCode", .swiftInt(code))) }
    if let type = error.type { pairs.append(("type", .string(type))) }
    if let field = error.field { pairs.append(("field", .string(field))) }
    if let meant = error.didYouMean { pairs.append(("didYouMean", .string(meant))) }
    if let expected = error.expected { pairs.append(("expected", .string(expected))) }
    if let minimumOS = error.minimumOS { pairs.append(("minimumOS", .string(minimumOS))) }
    if let deviceOS = error.deviceOS { pairs.append(("deviceOS", .string(deviceOS))) }
    if let reason = error.reason { pairs.append(("reason", .string(reason))) }
    if let activities = error.allowedActivities {
      pairs.append(("allowedActivities", .list(activities.map { .string($0) })))
    }
    if let types = error.types { pairs.append(("types", .list(types.map(problem)))) }
    if let behavior = error.iosBehavior { pairs.append(("iosBehavior", .string(behavior))) }
    return .object(pairs)
  }

  /// One entry of `details.types`: `type`, `code`, then `reason` and `minimumOS` when they
  /// apply, then `message`.
  static func problem(_ problem: TypeProblem) -> ChannelValue {
    var pairs: [(String, ChannelValue)] = [
      ("type", .string(problem.type)), ("code", .string(problem.code.wireCode)),
    ]
    if let reason = problem.reason { pairs.append(("reason", .string(reason))) }
    if let minimumOS = problem.minimumOS { pairs.append(("minimumOS", .string(minimumOS))) }
    pairs.append(("message", .string(problem.message)))
    return .object(pairs)
  }

  /// A payload on a method channel that is not a method call.
  static func malformed(channel: String, _ error: CodecError) -> MalformedMessage {
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

  /// `details.reason` of a null message: not a `CodecError` kind, since nothing was decoded.
  static let nullMessageReason = "nullMessage"
}
