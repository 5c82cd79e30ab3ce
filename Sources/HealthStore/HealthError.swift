import HealthKitModel

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

/// A failure of a HealthKit operation as the store reports it: HealthKit's kind, its
/// `HKError.Code`, the text, the type concerned and why (``Reason``, with the facts that go
/// with it). Where the refused value came from in a call (the argument, the spelling the
/// caller meant) is no fact of the store's: it is the caller's ``CallerNaming``, which the
/// caller attaches (``naming``). Each channel turns the two into its wire error in one place.
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
  /// Why HealthKit refuses, with the facts that go with the reason.
  public var reason: Reason?
  /// Real iOS does not answer with an error here: the HealthKit call raises an Objective-C
  /// exception and the app crashes.
  public var raisesException: Bool
  /// Where the refused value came from, in the caller's naming (set by the caller).
  public var naming: CallerNaming?

  public init(
    _ code: HealthErrorCode, _ summary: String, hint: Hint? = nil, hkErrorCode: Int? = nil,
    type: String? = nil, reason: Reason? = nil, raisesException: Bool = false,
    naming: CallerNaming? = nil
  ) {
    self.code = code
    self.summary = summary
    self.hint = hint
    self.hkErrorCode = hkErrorCode
    self.type = type
    self.reason = reason
    self.raisesException = raisesException
    self.naming = naming
  }

  public var description: String { "\(code): \(text(HealthError.healthKitWording))" }
}

extension HealthError {
  /// Why HealthKit (or the model of it) refuses, each reason with its own facts.
  public indirect enum Reason: Sendable, Hashable {
    /// The model refuses the type: unknown, no HealthKit equivalent, workout-only, read-only
    /// (characteristic, correlation, clinical, device-exclusive, activity summary), …
    case refused(RefusalReason)
    /// The type (or case, or activity) needs a newer iOS than the device runs.
    case requiresNewerOS(minimum: OSVersion, device: OSVersion)
    /// A workout component whose type depends on the workout's activity, refused for it
    /// (`activityDependent` outside a workout, `activityNotSupported` for an activity without
    /// one); these activities have one (sorted).
    case workoutComponent(RefusalReason, allowedActivities: [String])
    /// The identifier names no characteristic.
    case notCharacteristic
    /// HealthKit does not answer on this device's OS version (an iPad before iPadOS 17).
    case unavailableOnDevice(os: OSVersion)
    /// An all-or-nothing validation refused these types; `first` is why the first type refused
    /// at the failing stage was (the error's ``HealthError/type``).
    case refusedTypes(first: Reason?, [TypeProblem])

    /// The machine-readable name of the reason (a `RefusalReason` raw value or
    /// `notCharacteristic`); nil where the facts say it all.
    public var name: String? {
      switch self {
      case .refused(let reason): return reason.rawValue
      case .requiresNewerOS: return RefusalReason.requiresNewerOS.rawValue
      case .workoutComponent(let reason, _): return reason.rawValue
      case .notCharacteristic: return "notCharacteristic"
      case .unavailableOnDevice: return nil
      case .refusedTypes(let first, _): return first?.name
      }
    }

    /// The reason a model's refusal gives, with its facts.
    public init(_ refusal: Refusal) {
      switch refusal.reason {
      case .requiresNewerOS:
        if let minimum = refusal.minimumOS, let device = refusal.deviceOS {
          self = .requiresNewerOS(minimum: minimum, device: device)
        } else {
          self = .refused(.requiresNewerOS)
        }
      case _ where !refusal.allowedActivities.isEmpty:
        self = .workoutComponent(refusal.reason, allowedActivities: refusal.allowedActivities)
      default:
        self = .refused(refusal.reason)
      }
    }
  }
}

/// Where a refused value came from, as the caller names it in its own API: the argument (a
/// path such as `identifiers[2]` or `records[3].unit`), the spelling the caller most likely
/// meant (a type name in the scheme the method takes, a unit), and the naming scheme the method
/// takes when a name was not found (a `NamingScheme` raw value, protocol/vocabulary.md). The
/// store spells none of these: a caller attaches them, or hands the store the argument's name
/// with the value it asks about.
public struct CallerNaming: Sendable, Hashable {
  public var field: String?
  public var didYouMean: String?
  public var expected: String?

  public init(field: String? = nil, didYouMean: String? = nil, expected: String? = nil) {
    self.field = field
    self.didYouMean = didYouMean
    self.expected = expected
  }
}

/// Why one type in an all-or-nothing validation (an authorization request or status check) was
/// refused. Listed in `details.types`.
public struct TypeProblem: Error, Sendable, Hashable {
  /// The type as the caller spelled it (a type name of its API or a raw identifier).
  public var type: String
  public var code: HealthErrorCode
  /// Why, with its facts (`noEquivalent`, `requiresNewerOS` with the versions, …).
  public var reason: HealthError.Reason?
  /// What was wrong and what would be right, for this type.
  public var message: String
  /// The caller's spelling hints for an unknown name (the error's when this type is the first
  /// refused).
  public var naming: CallerNaming?

  public init(
    type: String, code: HealthErrorCode, reason: HealthError.Reason? = nil, message: String,
    naming: CallerNaming? = nil
  ) {
    self.type = type
    self.code = code
    self.reason = reason
    self.message = message
    self.naming = naming
  }
}

extension HealthError {
  /// A value the store refuses (HealthKit's `errorInvalidArgument`), named by the argument
  /// `field` that carried it (the caller's name, handed to the store). A call's arguments that
  /// are missing, of the wrong type or out of a method's range are the host's `ArgumentError`,
  /// raised before the store is asked.
  public static func invalidArgument(field: String, _ message: String) -> HealthError {
    HealthError(.invalidArguments, message).named(field: field)
  }

  /// The same failure with the caller's naming of where the refused value came from: `field`
  /// replaces the argument, `didYouMean` and `expected` are kept unless given.
  public func named(field: String?, didYouMean: String? = nil, expected: String? = nil)
    -> HealthError
  {
    var named = self
    named.naming = CallerNaming(
      field: field, didYouMean: didYouMean ?? naming?.didYouMean,
      expected: expected ?? naming?.expected)
    return named
  }

  /// The argument the caller named as the refused value's source, if any.
  public var field: String? { naming?.field }
}
