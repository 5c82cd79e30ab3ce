import HealthStore

/// How `healthkit_permissions` and the control channel word the store's hints: the next step
/// named by this plugin's own methods and arguments (protocol/errors.md).
package enum PermissionsWording {
  /// Authorization is requested with `requestPermissions`.
  static let requesting = HealthError.wording(requestingWith: "requestPermissions")

  @Sendable
  package static func hint(_ hint: HealthError.Hint) -> String {
    switch hint {
    case .requestCharacteristicAuthorization:
      return "; request it first (requestCharacteristicPermissions or requestPermissions)."
    case .deleteIsAllOrNothing:
      return " (deleteRecords is all or nothing)."
    case .useStartedSession:
      return "; use the sessionId that startWorkout returned."
    case .characteristics(let identifiers):
      return "; readCharacteristic reads one of " + identifiers.joined(separator: ", ")
    case .requestShareAuthorization, .requestReadAuthorization:
      return requesting(hint)
    }
  }
}
