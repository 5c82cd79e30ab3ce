import Flutter
import Foundation
import HealthKit

/// What a call's arguments must hold.
enum MindfulRequest {
  /// The one record type this plugin speaks.
  static let type = "mindfulSession"

  static func checkTypes(_ value: Any?, field: String) throws {
    guard let types = value as? [Any], types.allSatisfy({ $0 as? String == type }) else {
      throw MindfulFailure.invalidArgument("\(field) lists record types; only \"\(type)\" is known")
    }
  }

  /// `start` and `end`, ms since 1970, `end` after `start`.
  static func interval(_ args: [String: Any]) throws -> (Int, Int) {
    guard let start = args["start"] as? Int, let end = args["end"] as? Int else {
      throw MindfulFailure.invalidArgument("start and end are ms since 1970 (int)")
    }
    guard end > start else {
      throw MindfulFailure.invalidArgument("end \(end) is not after start \(start)")
    }
    return (start, end)
  }
}

/// The plugin's failures; `flutterError` is the one place they become channel errors.
enum MindfulFailure: Error {
  case invalidArgument(String)
  case notDetermined
  case notFound(String)
  /// HealthKit's own error (an `NSError` of `HKErrorDomain`).
  case healthKit(code: Int, message: String)

  /// HealthKit's error: not determined keeps the plugin's code, any other keeps HealthKit's.
  init(_ error: Error?) {
    let error = (error ?? NSError(domain: HKErrorDomain, code: 0)) as NSError
    if error.domain == HKErrorDomain
      && error.code == HKError.Code.errorAuthorizationNotDetermined.rawValue
    {
      self = .notDetermined
    } else {
      self = .healthKit(code: error.code, message: error.localizedDescription)
    }
  }

  var flutterError: FlutterError {
    switch self {
    case .invalidArgument(let message):
      return FlutterError(code: "INVALID_ARGUMENT", message: message, details: nil)
    case .notDetermined:
      // As hkbridge's profile of the same channel API answers (goldens/mindful_minutes.jsonl).
      return FlutterError(
        code: "AUTHORIZATION_NOT_DETERMINED",
        message: "This app has not asked to write mindfulSession "
          + "(HKCategoryTypeIdentifierMindfulSession), so saving the mindfulSession record "
          + "failed. Request write permission first (requestPermissions).",
        details: [
          "hkErrorCode": HKError.Code.errorAuthorizationNotDetermined.rawValue,
          "type": MindfulRequest.type,
        ])
    case .notFound(let uuid):
      return FlutterError(
        code: "NOT_FOUND", message: "no mindful session has uuid \(uuid)", details: nil)
    case .healthKit(let code, let message):
      return FlutterError(code: "HEALTHKIT_ERROR", message: message, details: code)
    }
  }
}
