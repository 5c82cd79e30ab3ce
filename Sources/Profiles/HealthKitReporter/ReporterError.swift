import FlutterCodec
import HealthStore
import PluginHost

/// A failure of a `health_kit_reporter` method, typed; ``flutterError(_:)`` is the one place
/// where it becomes the `FlutterError` Dart sees.
enum ReporterError: Error, Equatable {
  /// An error the plugin object builds itself: its code is the plugin's (or a stream
  /// handler's) description, `className`.
  case plugin(message: String, details: String?, className: String = ReporterError.className)
  /// HealthKit failed a call: the code names the method (`QuantityQuery`, `Save`, …) and the
  /// details are `error.debugDescription` of the optional `NSError`.
  case healthKit(code: String, message: String, error: ReporterHKError?)

  /// `String(describing: self)` of the plugin object. The address part is fixed in the
  /// emulator (a real device prints the object's address).
  static let className = "<health_kit_reporter.SwiftHealthKitReporterPlugin: 0x600000c04000>"

  /// `throwNoArgumentsError`: the arguments are not of the container type the method casts to.
  static let noArguments = ReporterError.plugin(
    message: "Error call arguments.", details: "No arguments")

  /// `throwParsingArgumentsError`: a required key is missing or of another type.
  static func parsingArguments(_ description: String) -> ReporterError {
    .plugin(message: "Error in parsing arguments.", details: "Arguments: \(description).")
  }

  /// An identifier that names no type of the class the method needs.
  static func identifier(_ identifier: String, kind: String = "ObjectType") -> ReporterError {
    .plugin(
      message: "Error in parsing identifier: \(identifier)",
      details: "Invalid identifier for any existing \(kind)")
  }

  /// `throwPlatformError`: a Swift error thrown while making a HealthKitReporter model. The
  /// details are the error's description (a Swift `Error` is not a codec value; see the
  /// profile page).
  static func platform(_ description: String) -> ReporterError {
    .plugin(message: "Error in platform method.", details: description)
  }

  static func flutterError(_ error: any Error) -> FlutterError {
    switch error as? ReporterError {
    case .plugin(let message, let details, let className)?:
      return FlutterError(
        code: className, message: message, details: details.map { .string($0) } ?? .null)
    case .healthKit(let code, let message, let hkError)?:
      return FlutterError(
        code: code, message: message, details: .string(ReporterHKError.debugDescription(hkError)))
    case nil:
      return FlutterError(
        code: ReporterError.className, message: "hkbridge: unexpected error \(error)",
        details: .null)
    }
  }
}

/// The `NSError`s HealthKit hands to the library's callbacks (domain `com.apple.healthkit`).
struct ReporterHKError: Equatable {
  var code: Int
  var description: String

  static let noData = ReporterHKError(
    code: 11, description: "No data available for the specified predicate.")
  static let notDetermined = ReporterHKError(code: 5, description: "Authorization not determined")
  static let notAuthorized = ReporterHKError(code: 4, description: "Not authorized")
  static let unavailable = ReporterHKError(
    code: 1, description: "Health data is unavailable on this device")
  static let restricted = ReporterHKError(code: 2, description: "Health data is restricted")
  static let nothingToRequest = ReporterHKError(
    code: 3, description: "Authorization request must contain at least one type")

  /// `error.debugDescription` of an `Error?`: `Optional(Error Domain=… Code=… "…" UserInfo=…)`,
  /// or `nil` for none.
  static func debugDescription(_ error: ReporterHKError?) -> String {
    guard let error else { return "nil" }
    return "Optional(Error Domain=com.apple.healthkit Code=\(error.code) \"\(error.description)\" "
      + "UserInfo={NSLocalizedDescription=\(error.description)})"
  }
}

extension ReporterHKError {
  /// `HKHealthStore.add(_:to:)` with a workout HealthKit does not hold.
  static let workoutNotSaved = ReporterHKError(
    code: 3, description: "The workout must be saved before samples can be added to it")
}

extension ReporterHKError {
  /// `startWatchApp` without a paired Apple Watch.
  static let noWatch = ReporterHKError(code: 1, description: "Watch app could not be launched")
}

extension ReporterHKError {
  /// The error every HealthKit call fails with where HealthKit does not answer (an iPad before
  /// iPadOS 17: code 1; a restricted device: code 2), or nil where it answers.
  static func availability(_ store: HealthStore) -> ReporterHKError? {
    switch store.availability {
    case .available: return nil
    case .unavailable: return .unavailable
    case .restricted: return .restricted
    }
  }

  /// Throws HealthKit's availability failure as the method's error envelope.
  static func requireAvailable(_ store: HealthStore, code: String, message: String) throws {
    if let error = availability(store) {
      throw ReporterError.healthKit(code: code, message: message, error: error)
    }
  }
}
