import HealthStore

/// How ConnectKit's channel words the store's hints: the next step named by ConnectKit's own
/// methods (its `requestPermissions`), else in HealthKit's terms.
enum ConnectKitWording {
  @Sendable
  static func hint(_ hint: HealthError.Hint) -> String {
    switch hint {
    case .requestShareAuthorization:
      return " Request write permission first (requestPermissions)."
    case .requestReadAuthorization:
      return " Request read permission first (requestPermissions)."
    default:
      return HealthError.healthKitWording(hint)
    }
  }
}

extension HealthError {
  /// The whole message, hints worded for ConnectKit.
  var connectKitText: String { text(ConnectKitWording.hint) }
}
