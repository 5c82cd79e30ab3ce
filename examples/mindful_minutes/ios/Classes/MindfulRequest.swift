import Flutter
import Foundation

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

  var flutterError: FlutterError {
    switch self {
    case .invalidArgument(let message):
      return FlutterError(code: "INVALID_ARGUMENT", message: message, details: nil)
    case .notDetermined:
      return FlutterError(
        code: "AUTHORIZATION_NOT_DETERMINED",
        message: "requestPermissions first: the app has not asked to write mindful sessions",
        details: nil)
    case .notFound(let uuid):
      return FlutterError(
        code: "NOT_FOUND", message: "no mindful session has uuid \(uuid)", details: nil)
    }
  }
}
