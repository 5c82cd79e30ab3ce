import HealthStore

/// How `healthkit_permissions` and the control channel word the store's hints: the next step
/// named by this plugin's own methods and arguments (protocol/errors.md).
enum PermissionsWording {
  @Sendable
  static func hint(_ hint: HealthError.Hint) -> String {
    switch hint {
    case .requestShareAuthorization:
      return " Request write permission first (requestPermissions)."
    case .requestReadAuthorization:
      return " Request read permission first (requestPermissions)."
    case .requestCharacteristicAuthorization:
      return "; request it first (requestCharacteristicPermissions or requestPermissions)."
    case .deleteIsAllOrNothing:
      return " (deleteRecords is all or nothing)."
    case .useStartedSession:
      return "; use the sessionId that startWorkout returned."
    case .characteristics(let identifiers):
      return "; readCharacteristic reads one of " + identifiers.joined(separator: ", ")
    }
  }
}
