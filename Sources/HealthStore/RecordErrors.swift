import HealthKitModel

/// The errors of saves, deletes and workouts, built in one place so their codes and details
/// stay consistent.
public enum RecordErrors {
  /// A type or feature too new for the device.
  public static func tooNew(
    _ what: String, type: String, minimumOS: OSVersion, deviceOS: OSVersion
  ) -> HealthError {
    HealthError(
      .typeUnavailableOnOS, "\(what) needs iOS \(minimumOS); the device runs iOS \(deviceOS)",
      type: type, reason: .requiresNewerOS(minimum: minimumOS, device: deviceOS))
  }

  /// A field value out of range.
  public static func invalid(_ field: String, _ message: String) -> HealthError {
    .invalidArgument(field: field, message)
  }

  /// A unit HealthKit would not take for the type: `HKUnit(from:)` or the sample's initializer
  /// raises an exception on iOS. A common alias (`bpm`, `°C`, `kcal/h`) gets the HealthKit
  /// spelling (`details.didYouMean`, from ``UnitAliasTable``) when that unit fits the quantity
  /// type `identifier` (any unit when no type is given).
  public static func badUnit(_ field: String, _ error: ModelError, identifier: String? = nil)
    -> HealthError
  {
    var meant: String?
    switch error {
    case .invalidUnit(let unit, _, _), .unitNotAllowed(let unit, _, _, _):
      meant = UnitAliasTable.unit(for: unit)
    default: break
    }
    if let unit = meant, let identifier, (try? Units.check(unit: unit, for: identifier)) == nil {
      meant = nil
    }
    let hint = meant.map { " (did you mean '\($0)'?)" } ?? ""
    return HealthError(
      .invalidArguments, "field '\(field)': \(error.description)\(hint)", raisesException: true,
      naming: CallerNaming(field: field, didYouMean: meant))
  }

  /// The app may not share `identifier` (shown as `name`).
  public static func notAuthorized(
    _ status: ShareStatus, name: String, identifier: String, action: String
  ) -> HealthError {
    if status == .sharingDenied {
      return HealthError(
        .authorizationDenied,
        "The user has not allowed this app to write \(name) (\(identifier)), so \(action) "
          + "failed. Only the user can change this, in Settings > Health.",
        hkErrorCode: HKErrorCode.authorizationDenied, type: name)
    }
    return HealthError(
      .authorizationNotDetermined,
      "This app has not asked to write \(name) (\(identifier)), so \(action) failed.",
      hint: .requestShareAuthorization, hkErrorCode: HKErrorCode.authorizationNotDetermined,
      type: name)
  }

  /// The app never asked to read `name`.
  public static func readNotDetermined(name: String, identifier: String) -> HealthError {
    HealthError(
      .authorizationNotDetermined,
      "This app has not asked to read \(name) (\(identifier)).",
      hint: .requestReadAuthorization, hkErrorCode: HKErrorCode.authorizationNotDetermined,
      type: name)
  }

  /// An activity name that is not an `HKWorkoutActivityType` case, with the right spelling when
  /// only its case differs.
  public static func unknownActivity(_ name: String) -> HealthError {
    let lower = name.lowercased()
    let hint =
      WorkoutActivities.all.first { $0.name.lowercased() == lower }.map {
        "; did you mean '\($0.name)'?"
      } ?? " (e.g. 'traditionalStrengthTraining', 'running')"
    return .invalidArgument(
      field: "activityType",
      "activityType '\(name)' is not an HKWorkoutActivityType case name\(hint)")
  }

  /// A date outside the clock's range.
  public static func dateOutOfRange(_ field: String, _ value: Int) -> HealthError {
    invalid(
      field,
      "\(field) \(value) is outside the supported range; expected milliseconds since the Unix "
        + "epoch from \(HealthStore.clockRange.lowerBound) to \(HealthStore.clockRange.upperBound)"
    )
  }
}
