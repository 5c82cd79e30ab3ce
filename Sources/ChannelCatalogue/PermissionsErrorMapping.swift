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

  /// The store's facts (`hkErrorCode`, `type`), the caller's naming (`field`, `didYouMean`,
  /// `expected`), the reason's facts, then `iosBehavior`: each part's keys in the order above.
  static func details(_ error: HealthError) -> ChannelValue {
    var pairs: [(String, ChannelValue)] = []
    if let code = error.hkErrorCode { pairs.append(("hkErrorCode", .swiftInt(code))) }
    if let type = error.type { pairs.append(("type", .string(type))) }
    if let naming = error.naming { pairs += self.naming(naming) }
    if let reason = error.reason { pairs += self.reason(reason) }
    if error.raisesException { pairs.append(("iosBehavior", .string(exceptionBehavior))) }
    return .object(pairs)
  }

  /// `details.iosBehavior` of a call that raises an Objective-C exception on iOS.
  static let exceptionBehavior = "exception"

  /// `field`, `didYouMean`, `expected`, those that are set.
  static func naming(_ naming: CallerNaming) -> [(String, ChannelValue)] {
    var pairs: [(String, ChannelValue)] = []
    if let field = naming.field { pairs.append(("field", .string(field))) }
    if let meant = naming.didYouMean { pairs.append(("didYouMean", .string(meant))) }
    if let expected = naming.expected { pairs.append(("expected", .string(expected))) }
    return pairs
  }

  /// A reason's keys: `minimumOS`, `deviceOS`, `reason`, `allowedActivities`, `types`, those
  /// it has (an all-or-nothing validation: its first refused type's, then `types`).
  static func reason(_ reason: HealthError.Reason) -> [(String, ChannelValue)] {
    let name: [(String, ChannelValue)] = reason.name.map { [("reason", .string($0))] } ?? []
    switch reason {
    case .requiresNewerOS(let minimum, let device):
      return [
        ("minimumOS", .string(minimum.description)), ("deviceOS", .string(device.description)),
      ] + name
    case .workoutComponent(_, let allowed):
      return name + [("allowedActivities", .list(allowed.map { .string($0) }))]
    case .unavailableOnDevice(let os):
      return [("deviceOS", .string(os.description))]
    case .refusedTypes(let first, let problems):
      return (first.map(self.reason) ?? []) + [("types", .list(problems.map(problem)))]
    case .refused, .notCharacteristic:
      return name
    }
  }

  /// One entry of `details.types`: `type`, `code`, then `reason` and `minimumOS` when they
  /// apply, then `message`.
  static func problem(_ problem: TypeProblem) -> ChannelValue {
    var pairs: [(String, ChannelValue)] = [
      ("type", .string(problem.type)), ("code", .string(problem.code.wireCode)),
    ]
    if let reason = problem.reason?.name { pairs.append(("reason", .string(reason))) }
    if case .requiresNewerOS(let minimum, _)? = problem.reason {
      pairs.append(("minimumOS", .string(minimum.description)))
    }
    pairs.append(("message", .string(problem.message)))
    return .object(pairs)
  }
}
