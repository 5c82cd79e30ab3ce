import FlutterCodec
import HealthStore
import PluginHost

/// The one place where the typed errors of `healthkit_permissions` and the control channel become
/// the `FlutterError` Dart sees (protocol/errors.md#codes): the error mapping of their channels.
///
/// `details` is always a map. Its keys appear only when they apply, always in this order:
/// `hkErrorCode`, `type`, `field`, `didYouMean`, `expected`, `offset`, `minimumOS`, `deviceOS`,
/// `reason`, `allowedActivities`, `types`, `iosBehavior` (`offset` only in the host's
/// `MalformedMessage`, the channel layer's own error, whose `offset` and `reason` keep this order).
package enum PermissionsErrorMapping {
  /// The channel error mapping of `healthkit_permissions` and the control channel: their methods
  /// throw the store's ``HealthError``s and the host's ``ArgumentError``s.
  @Sendable
  package static func flutterError(_ error: any Error) -> FlutterError {
    if let error = error as? HealthError { return flutterError(error) }
    if let error = error as? ArgumentError { return flutterError(error) }
    return FlutterError(code: "INTERNAL_ERROR", message: "\(error)")
  }

  /// An argument error: the catalogue's invalid-arguments code, `details` with `field`, then
  /// `didYouMean` and `expected` when set (their places in the order above).
  package static func flutterError(_ error: ArgumentError) -> FlutterError {
    var pairs: [(String, ChannelValue)] = [("field", .string(error.field))]
    if let meant = error.didYouMean { pairs.append(("didYouMean", .string(meant))) }
    if let expected = error.expected { pairs.append(("expected", .string(expected))) }
    return FlutterError(
      code: HealthErrorCode.invalidArguments.wireCode, message: error.message,
      details: .object(pairs))
  }

  package static func flutterError(_ error: HealthError) -> FlutterError {
    FlutterError(
      code: error.code.wireCode, message: error.text(PermissionsWording.hint),
      details: details(error))
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
}
