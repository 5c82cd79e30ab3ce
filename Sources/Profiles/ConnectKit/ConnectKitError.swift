import FlutterCodec
import HealthStore
import PluginHost

/// A failure of a `connect_kit` method, typed; ``ConnectKitErrors/reply(_:)`` is the one place
/// where it becomes the `[code, message, details]` list Dart sees.
enum ConnectKitError: Error, Equatable {
  /// A HealthKit error the host passes on as it came: the generated `wrapError` turns any error
  /// that is not a `PigeonError` into `["\(error)", "\(type(of: error))", "Stacktrace: …"]`.
  case healthKit(HealthError)
  /// A message the emulator refuses (strict by default). `iosBehavior` says what the generated
  /// host does with it: `crash` (its force casts and indexing trap) or `ignored` (arguments
  /// beyond its parameters, or any payload of a method without parameters).
  case unreadable(code: String, message: String, iosBehavior: IOSBehavior)

  enum IOSBehavior: String, Sendable {
    case crash
    case ignored
  }

  static func malformed(_ message: String, _ behavior: IOSBehavior = .crash) -> ConnectKitError {
    .unreadable(code: "MALFORMED_MESSAGE", message: message, iosBehavior: behavior)
  }

  static func invalidArguments(_ message: String, _ behavior: IOSBehavior = .crash)
    -> ConnectKitError
  {
    .unreadable(code: "INVALID_ARGUMENTS", message: message, iosBehavior: behavior)
  }
}

enum ConnectKitErrors {
  /// What `\(error)` prints for a HealthKit `NSError` (its domain, code and description).
  static func nsErrorText(_ error: HealthError) -> String {
    let description = error.connectKitText
    return "Error Domain=com.apple.healthkit Code=\(error.hkErrorCode ?? 0) \"\(description)\" "
      + "UserInfo={NSLocalizedDescription=\(description)}"
  }

  /// The third element for errors that are not `PigeonError`s: iOS writes the native call stack
  /// there; the emulator has none.
  static let stacktrace = "Stacktrace: [] (hkbridge emulates no native call stack)"

  static func reply(_ error: any Error) -> (code: String, message: String?, details: ChannelValue) {
    switch error as? ConnectKitError {
    case .healthKit(let error)?:
      return (nsErrorText(error), "NSError", .string(stacktrace))
    case .unreadable(let code, let message, let behavior)?:
      return (code, message, .object([("iosBehavior", .string(behavior.rawValue))]))
    case nil:
      return ("INTERNAL_ERROR", "hkbridge: unexpected error \(error)", .null)
    }
  }
}
