import HealthStore

/// How ConnectKit's channel words the store's hints: authorization requested with ConnectKit's
/// own `requestPermissions`, the rest in HealthKit's terms.
enum ConnectKitWording {
  static let hint = HealthError.wording(requestingWith: "requestPermissions")
}

extension HealthError {
  /// The whole message, hints worded for ConnectKit.
  var connectKitText: String { text(ConnectKitWording.hint) }
}
