import FlutterCodec
import PluginHost

/// A failure of a `health` profile method, typed; ``HealthProfileErrors/flutterError(_:)`` is the
/// one place where it becomes the `FlutterError` Dart sees.
enum HealthProfileError: Error, Equatable {
  /// An error the plugin's iOS host itself replies: its code and message, `details` null.
  case plugin(code: String, message: String)
  /// A call the real host does not answer with a reply: it crashes, raises an Objective-C
  /// exception, or never replies. The emulator answers with an error instead; `details` carries
  /// `iosBehavior` (`crash`, `exception` or `noReply`).
  case hostFailure(code: String, message: String, iosBehavior: IOSBehavior)

  enum IOSBehavior: String, Sendable {
    /// A Swift runtime trap (force-unwrapped nil, failed forced cast): the app terminates.
    case crash
    /// An Objective-C exception raised by HealthKit: the app terminates.
    case exception
    /// The host returns without calling `result`: the Dart future never completes.
    case noReply
  }
}

/// The plugin's error codes and messages, and the mapping to `FlutterError`.
enum HealthProfileErrors {
  /// What `localizedDescription` says for the host's own `PluginError` struct (a Swift error
  /// without a description): the plugin puts it after its prefix.
  static let pluginErrorDescription =
    "The operation couldn\u{2019}t be completed. (health.PluginError error 1.)"

  /// A `PluginError` the host throws and its method wraps: `"<prefix>: <description>"`.
  static func wrapped(_ code: String, _ prefix: String) -> HealthProfileError {
    .plugin(code: code, message: "\(prefix): \(pluginErrorDescription)")
  }

  static let requestAuth = wrapped("REQUEST_AUTH_ERROR", "Error requesting authorization")
  static let permission = wrapped("PERMISSION_ERROR", "Error checking permissions")
  static let deleteByUUID = wrapped("DELETE_ERROR", "Error deleting data by UUID")

  /// `WRITE_ERROR` with the prefix of one write method.
  static func write(_ what: String) -> HealthProfileError {
    wrapped("WRITE_ERROR", "Error writing \(what)")
  }

  static func flutterError(_ error: any Error) -> FlutterError {
    switch error as? HealthProfileError {
    case .plugin(let code, let message)?:
      return FlutterError(code: code, message: message, details: .null)
    case .hostFailure(let code, let message, let behavior)?:
      return FlutterError(
        code: code, message: message,
        details: .object([("iosBehavior", .string(behavior.rawValue))]))
    case nil:
      return FlutterError(
        code: "INTERNAL_ERROR", message: "hkbridge: unexpected error \(error)", details: .null)
    }
  }
}
