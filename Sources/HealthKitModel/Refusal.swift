/// Why the model refuses a type: the `reason` of `hkbridge types` and of error details.
public enum RefusalReason: String, CaseIterable, Sendable {
  /// Not a CKType / identifier the model knows.
  case unknownType
  /// The CKType has no HealthKit equivalent.
  case noEquivalent
  /// The CKType exists only as a component of a workout record.
  case workoutOnly
  /// A workout component whose HealthKit type depends on the workout's activity.
  case activityDependent
  /// The workout activity has no mapping for this component.
  case activityNotSupported
  /// The device's iOS is older than the type's (or case's) minimum.
  case requiresNewerOS
  /// Characteristics are set by the user in the Health app.
  case characteristic
  /// Correlations are not authorized themselves; their member types are.
  case correlation
  /// Clinical records come from health institutions.
  case clinical
  /// Only Apple hardware or the system creates these samples (seed 001's list).
  case deviceExclusive
  /// Activity summaries are computed by the system.
  case activitySummary

  /// The error family the plugin reports this reason with (protocol/errors.md#codes).
  public var family: RefusalFamily {
    switch self {
    case .unknownType, .noEquivalent, .workoutOnly, .activityDependent, .activityNotSupported:
      return .unsupported
    case .requiresNewerOS:
      return .unavailableOnOS
    case .characteristic, .correlation, .clinical, .deviceExclusive, .activitySummary:
      return .readOnly
    }
  }
}

/// The error code family of a refusal: `UNSUPPORTED_TYPE`, `TYPE_UNAVAILABLE_ON_OS`,
/// `READ_ONLY_TYPE`.
public enum RefusalFamily: String, Sendable {
  case unsupported
  case unavailableOnOS
  case readOnly
}

/// A reasoned refusal: what was refused, why, and the facts an error's details need.
public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
  public let reason: RefusalReason
  /// The CKType or raw identifier concerned.
  public let type: String
  /// For `requiresNewerOS`: the version needed.
  public let minimumOS: OSVersion?
  /// For `requiresNewerOS`: the device's version.
  public let deviceOS: OSVersion?
  /// For `activityNotSupported`: the activities that do have a mapping, sorted.
  public let allowedActivities: [String]
  /// For `unknownType`: the spelling the caller most likely meant.
  public let suggestion: String?
  /// For `unknownType`: the naming scheme in which the name was not found.
  public let expected: NamingScheme?
  /// A sentence saying what was wrong and what would be right.
  public let message: String

  public init(
    _ reason: RefusalReason, type: String, message: String, minimumOS: OSVersion? = nil,
    deviceOS: OSVersion? = nil, allowedActivities: [String] = [], suggestion: String? = nil,
    expected: NamingScheme? = nil
  ) {
    self.reason = reason
    self.type = type
    self.minimumOS = minimumOS
    self.deviceOS = deviceOS
    self.allowedActivities = allowedActivities
    self.suggestion = suggestion
    self.expected = expected
    self.message = message
  }

  public var description: String { message }

  /// `requiresNewerOS` for `subject` (what is too new, as the message names it): "… needs iOS
  /// 16.0; the device runs iOS 15.0".
  public static func requiresNewerOS(
    _ subject: String, type: String, minimumOS: OSVersion, deviceOS: OSVersion
  ) -> Refusal {
    Refusal(
      .requiresNewerOS, type: type,
      message: "\(subject) needs iOS \(minimumOS); the device runs iOS \(deviceOS)",
      minimumOS: minimumOS, deviceOS: deviceOS)
  }
}
