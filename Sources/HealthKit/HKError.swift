// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (Apple's names, spelled as on iOS.)
import Foundation
import HealthStore

/// HealthKit's error domain.
public let HKErrorDomain = "com.apple.healthkit"

/// HealthKit's `HKError`: an error of `HKErrorDomain` with one of HealthKit's codes. HealthKit's
/// handlers receive it as an `NSError` (`domain == HKErrorDomain`, `code == Code.rawValue`).
public struct HKError: CustomNSError, Hashable, Sendable {
  public enum Code: Int, Sendable {
    case noError = 0
    case errorHealthDataUnavailable = 1
    case errorHealthDataRestricted = 2
    case errorInvalidArgument = 3
    case errorAuthorizationDenied = 4
    case errorAuthorizationNotDetermined = 5
    case errorDatabaseInaccessible = 6
    case errorUserCanceled = 7
    case errorAnotherWorkoutSessionStarted = 8
    case errorUserExitedWorkoutSession = 9
    case errorRequiredAuthorizationDenied = 10
    case errorNoData = 11
    case errorWorkoutActivityNotAllowed = 12
    case errorDataSizeExceeded = 13
    case errorBackgroundWorkoutSessionNotAllowed = 14
    case errorNotPermissibleForGuestUserMode = 15
  }

  public let code: Code
  let message: String

  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  public static let errorDomain = HKErrorDomain
  public var errorCode: Int { code.rawValue }
  public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }
  public var localizedDescription: String { message }

  public static var errorHealthDataUnavailable: Code { .errorHealthDataUnavailable }
  public static var errorHealthDataRestricted: Code { .errorHealthDataRestricted }
  public static var errorInvalidArgument: Code { .errorInvalidArgument }
  public static var errorAuthorizationDenied: Code { .errorAuthorizationDenied }
  public static var errorAuthorizationNotDetermined: Code { .errorAuthorizationNotDetermined }
  public static var errorNoData: Code { .errorNoData }

  /// The `NSError` HealthKit hands to a completion handler.
  var nsError: NSError {
    NSError(domain: HKErrorDomain, code: code.rawValue, userInfo: errorUserInfo)
  }

}

/// `HKError.Code` under HealthKit's Objective-C name.
public typealias HKErrorCode = HKError.Code

extension HKError {
  /// HealthKit's texts of its common failures.
  static let notDetermined = HKError(
    .errorAuthorizationNotDetermined, "Authorization not determined")
  static let notAuthorized = HKError(.errorAuthorizationDenied, "Not authorized")
  static let noData = HKError(.errorNoData, "No data available for the specified predicate.")

  /// The store's failure as HealthKit reports it: its `hkErrorCode` (invalid argument when it
  /// has none) and its message.
  init(_ error: any Error) {
    guard let error = error as? HealthError else {
      self.init(.errorInvalidArgument, "\(error)")
      return
    }
    self.init(store: error)
  }

  /// HealthKit's own texts of the failures whose wording is fixed, whatever the store's
  /// explanation (the device's availability, authorization never asked for or denied).
  static let fixedTexts: [Code: String] = [
    .errorHealthDataUnavailable: "Health data is unavailable on this device",
    .errorHealthDataRestricted: "Health data is restricted",
    .errorAuthorizationDenied: "Not authorized",
    .errorAuthorizationNotDetermined: "Authorization not determined",
  ]

  init(store error: HealthError) {
    let code = error.hkErrorCode.flatMap(Code.init(rawValue:)) ?? .errorInvalidArgument
    self.init(code, Self.fixedTexts[code] ?? error.text(HealthError.healthKitWording))
  }
}

/// HealthKit's `NSError`, printed as iOS prints it (`"\(error)"`): `Error Domain=… Code=5
/// "Authorization not determined" UserInfo={NSLocalizedDescription=…}` (Linux's Foundation
/// prints "(null)" for the description and leaves out a space). Named `NSError` (inside this
/// module only) so that `type(of: error)` reads "NSError" as on iOS (Pigeon's generated
/// `wrapError` sends it).
final class NSError: Foundation.NSError, @unchecked Sendable {
  override var description: String {
    "Error Domain=\(domain) Code=\(code) \"\(localizedDescription)\" "
      + "UserInfo={NSLocalizedDescription=\(localizedDescription)}"
  }

  override var debugDescription: String { description }
}
