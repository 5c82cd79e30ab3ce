import HealthStore

/// How ConnectKit's channel words the store's hints: authorization requested with ConnectKit's
/// own `requestPermissions`, the rest in HealthKit's terms.
enum ConnectKitWording {
  static let hint = HealthError.wording(requestingWith: "requestPermissions")
  /// HealthKit's own `localizedDescription` of the failures whose wording is fixed (the
  /// device's availability, a save HealthKit refuses): ConnectKit's code passes HealthKit's
  /// error on, which reads so.
  static let healthKitTexts = [
    HKErrorCode.healthDataUnavailable: "Health data is unavailable on this device",
    HKErrorCode.healthDataRestricted: "Health data is restricted",
    HKErrorCode.authorizationDenied: "Not authorized",
    HKErrorCode.authorizationNotDetermined: "Authorization not determined",
  ]
}

extension HealthError {
  /// The whole message as ConnectKit passes it on: HealthKit's own text where it is fixed, else
  /// the store's, hints worded for ConnectKit.
  var connectKitText: String {
    hkErrorCode.flatMap { ConnectKitWording.healthKitTexts[$0] } ?? text(ConnectKitWording.hint)
  }
}
