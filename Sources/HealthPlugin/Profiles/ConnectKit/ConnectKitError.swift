import FlutterCodec
import HealthStore

/// A failure of a `connect_kit` method, typed; ``ConnectKitErrors/reply(_:)`` is the one place
/// where it becomes the `[code, message, details]` list Dart sees.
enum ConnectKitError: Error, Equatable {
  /// A HealthKit error the host passes on as it came: the generated `wrapError` turns any error
  /// that is not a `PigeonError` into `["\(error)", "\(type(of: error))", "Stacktrace: …"]`.
  case healthKit(HealthError)
  /// A message the generated host code cannot read: it force-casts the payload and its
  /// arguments, so the app crashes. The emulator answers with an error (`details.iosBehavior`
  /// `crash`) instead.
  case unreadable(code: String, message: String)

  static func malformed(_ message: String) -> ConnectKitError {
    .unreadable(code: "MALFORMED_MESSAGE", message: message)
  }

  static func invalidArguments(_ message: String) -> ConnectKitError {
    .unreadable(code: "INVALID_ARGUMENTS", message: message)
  }
}

enum ConnectKitErrors {
  /// What `\(error)` prints for a HealthKit `NSError` (its domain, code and description).
  static func nsErrorText(_ error: HealthError) -> String {
    "Error Domain=com.apple.healthkit Code=\(error.hkErrorCode ?? 0) \"\(error.message)\" "
      + "UserInfo={NSLocalizedDescription=\(error.message)}"
  }

  /// The third element for errors that are not `PigeonError`s: iOS writes the native call stack
  /// there; the emulator has none.
  static let stacktrace = "Stacktrace: [] (hkbridge emulates no native call stack)"

  static func reply(_ error: any Error) -> (code: String, message: String?, details: ChannelValue) {
    switch error as? ConnectKitError {
    case .healthKit(let error)?:
      return (nsErrorText(error), "NSError", .string(stacktrace))
    case .unreadable(let code, let message)?:
      return (code, message, .object([("iosBehavior", .string("crash"))]))
    case nil:
      return ("INTERNAL_ERROR", "hkbridge: unexpected error \(error)", .null)
    }
  }
}
