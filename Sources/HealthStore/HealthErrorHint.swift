extension HealthError {
  /// A next step that names a call of the caller's API. The store says which step; the channel
  /// that reports the error words it (``Wording``), so the store names no plugin's method.
  public enum Hint: Sendable, Hashable {
    /// Ask for write (share) authorization of the type first.
    case requestShareAuthorization
    /// Ask for read authorization of the type first.
    case requestReadAuthorization
    /// Ask for read authorization of the characteristic first.
    case requestCharacteristicAuthorization
    /// A delete by uuids is all or nothing: one unknown uuid deletes none.
    case deleteIsAllOrNothing
    /// Use the session id that starting the workout returned.
    case useStartedSession
    /// The identifier is not a characteristic; these are.
    case characteristics([String])
  }

  /// How a channel words each hint: the text appended to ``summary``, with its own separator
  /// (`" Request … first (…)."`, `"; use …"`).
  public typealias Wording = @Sendable (Hint) -> String

  /// The whole message: the summary, then the hint in `wording`.
  public func text(_ wording: Wording) -> String {
    guard let hint else { return summary }
    return summary + wording(hint)
  }

  /// The hints worded with `method` as the call that requests authorization, the others in
  /// HealthKit's terms.
  public static func wording(requestingWith method: String) -> Wording {
    { hint in
      switch hint {
      case .requestShareAuthorization:
        return " Request write permission first (\(method))."
      case .requestReadAuthorization:
        return " Request read permission first (\(method))."
      case .requestCharacteristicAuthorization:
        return "; request it first (\(method))."
      case .deleteIsAllOrNothing:
        return " (a delete by uuids is all or nothing)."
      case .useStartedSession:
        return "; use the id of a session that was started."
      case .characteristics(let identifiers):
        return "; the characteristics are " + identifiers.joined(separator: ", ")
      }
    }
  }

  /// The hints in HealthKit's own terms (`HKHealthStore` methods), for a caller with no
  /// wording of its own.
  public static let healthKitWording = wording(
    requestingWith: "requestAuthorization(toShare:read:)")
}
