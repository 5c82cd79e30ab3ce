/// Why a HealthKit operation failed, as the store reports it: HealthKit's failure kinds (with
/// `HKError.Code` in `HealthError.hkErrorCode` where HealthKit has one), named without any
/// caller's spelling. Each caller maps them to its own wire errors in one place
/// (protocol/errors.md#codes).
public enum HealthErrorCode: Sendable, CaseIterable, Hashable {
  /// A value HealthKit refuses (`errorInvalidArgument`, or an exception on iOS).
  case invalidArguments
  /// A type HealthKit has no equivalent for.
  case unsupportedType
  /// A type only Apple hardware or the system writes.
  case readOnlyType
  /// A type the device's iOS version lacks.
  case typeUnavailableOnOS
  /// `errorHealthDataUnavailable` / `errorHealthDataRestricted`.
  case healthDataUnavailable
  /// `errorAuthorizationNotDetermined`.
  case authorizationNotDetermined
  /// `errorAuthorizationDenied`.
  case authorizationDenied
  /// An authorization request HealthKit refused.
  case permissionError
  /// A query failed.
  case readError
  /// A save or delete failed.
  case writeError
  /// A workout session in the wrong state (`errorWorkoutActive`, ended twice, …).
  case workoutStateError
  /// No object with that identity.
  case notFound
}

/// HealthKit's `HKError.Code` raw values that the emulator reports in `details.hkErrorCode`.
public enum HKErrorCode {
  /// `errorHealthDataUnavailable`: HealthKit is not available on this device.
  public static let healthDataUnavailable = 1
  /// `errorHealthDataRestricted`: an MDM profile restricts HealthKit.
  public static let healthDataRestricted = 2
  /// `errorInvalidArgument`: e.g. an authorization request with no types.
  public static let invalidArgument = 3
  /// `errorAuthorizationDenied`.
  public static let authorizationDenied = 4
  /// `errorAuthorizationNotDetermined`.
  public static let authorizationNotDetermined = 5
  /// `errorWorkoutActive`: a workout session is already running.
  public static let workoutActive = 8
}

/// Why one type in an all-or-nothing validation (an authorization request or status check) was
/// refused. Listed in `details.types`.
public struct TypeProblem: Error, Sendable, Hashable {
  /// The type as the caller spelled it (a type name of its API or a raw identifier).
  public var type: String
  public var code: HealthErrorCode
  /// A machine-readable reason (`noEquivalent`, `requiresNewerOS`, `characteristic`, …).
  public var reason: String?
  /// For `.typeUnavailableOnOS`: the iOS version the type needs.
  public var minimumOS: String?
  /// What was wrong and what would be right, for this type.
  public var message: String
  /// The right spelling, for an unknown name (the error's `details.didYouMean` when this type
  /// is the first refused).
  public var didYouMean: String?
  /// The naming scheme the name was not found in (`details.expected`, likewise).
  public var expected: String?

  public init(
    type: String, code: HealthErrorCode, reason: String? = nil, minimumOS: String? = nil,
    message: String, didYouMean: String? = nil, expected: String? = nil
  ) {
    self.didYouMean = didYouMean
    self.expected = expected
    self.type = type
    self.code = code
    self.reason = reason
    self.minimumOS = minimumOS
    self.message = message
  }
}

/// A failure of a HealthKit operation, typed. The caller turns it into its wire error in one place;
/// each optional field becomes a `details` key when it is set (the key order is fixed there).
public struct HealthError: Error, Sendable, Hashable, CustomStringConvertible {
  public var code: HealthErrorCode
  /// What was wrong and what would be right, without the next step a caller words in its own
  /// API's terms (``hint``): the whole text is ``text(_:)``.
  public var summary: String
  /// The next step the app should take, when it is a call of the caller's API (request
  /// authorization, use the session id a start returned); each caller words it.
  public var hint: Hint?
  /// HealthKit's `HKError.Code` raw value, where HealthKit would report one.
  public var hkErrorCode: Int?
  /// The type concerned, as the caller names it (a type name of its API or a raw identifier).
  public var type: String?
  /// The argument field concerned (`identifiers[2]`, `records[0].unit`).
  public var field: String?
  public var minimumOS: String?
  public var deviceOS: String?
  /// A machine-readable reason (`characteristic`, `noEquivalent`, `requiresNewerOS`, …).
  public var reason: String?
  public var allowedActivities: [String]?
  /// Every offending type of an all-or-nothing validation.
  public var types: [TypeProblem]?
  /// `"exception"` where real iOS would raise an exception (and crash the app).
  public var iosBehavior: String?
  /// The spelling the caller most likely meant: a type name in the scheme the method takes, or
  /// a unit (`count/min` for `bpm`). (A misspelt argument name is the host's `ArgumentError`.)
  public var didYouMean: String?
  /// The naming scheme the method takes when a name was not found in it (a `NamingScheme` raw
  /// value, see protocol/vocabulary.md).
  public var expected: String?

  public init(
    _ code: HealthErrorCode, _ summary: String, hint: Hint? = nil, hkErrorCode: Int? = nil,
    type: String? = nil,
    field: String? = nil, minimumOS: String? = nil, deviceOS: String? = nil,
    reason: String? = nil, allowedActivities: [String]? = nil, types: [TypeProblem]? = nil,
    iosBehavior: String? = nil, didYouMean: String? = nil, expected: String? = nil
  ) {
    self.code = code
    self.summary = summary
    self.hint = hint
    self.hkErrorCode = hkErrorCode
    self.type = type
    self.field = field
    self.minimumOS = minimumOS
    self.deviceOS = deviceOS
    self.reason = reason
    self.allowedActivities = allowedActivities
    self.types = types
    self.iosBehavior = iosBehavior
    self.didYouMean = didYouMean
    self.expected = expected
  }

  public var description: String { "\(code): \(text(HealthError.healthKitWording))" }

  /// `iosBehavior` value for a call that would raise an Objective-C exception on iOS.
  public static let exceptionBehavior = "exception"
}

extension HealthError {
  /// A value the store refuses (HealthKit's `errorInvalidArgument`), named by the argument
  /// `field` that carried it. A call's arguments that are missing, of the wrong type or out of
  /// a method's range are the host's `ArgumentError`, raised before the store is asked.
  public static func invalidArgument(field: String, _ message: String) -> HealthError {
    HealthError(.invalidArguments, message, field: field)
  }
}
