import HealthStore

/// The wire spelling of the store's failure kinds on the channels that use this project's error
/// catalogue (`healthkit_permissions` and the control channel, protocol/errors.md#codes): the
/// `FlutterError.code` Dart sees. One row per kind. (`MALFORMED_MESSAGE`, the channel layer's own
/// code, is the host's: `MalformedMessage`.)
extension HealthErrorCode {
  static let wireCodes: [HealthErrorCode: String] = [
    .invalidArguments: "INVALID_ARGUMENTS",
    .unsupportedType: "UNSUPPORTED_TYPE",
    .readOnlyType: "READ_ONLY_TYPE",
    .typeUnavailableOnOS: "TYPE_UNAVAILABLE_ON_OS",
    .healthDataUnavailable: "HEALTH_DATA_UNAVAILABLE",
    .authorizationNotDetermined: "AUTHORIZATION_NOT_DETERMINED",
    .authorizationDenied: "AUTHORIZATION_DENIED",
    .permissionError: "PERMISSION_ERROR",
    .readError: "READ_ERROR",
    .writeError: "WRITE_ERROR",
    .workoutStateError: "WORKOUT_STATE_ERROR",
    .notFound: "NOT_FOUND",
  ]

  /// The code as the catalogue spells it (`INVALID_ARGUMENTS`).
  package var wireCode: String { Self.wireCodes[self] ?? "" }

  /// The kind a catalogue code names (`injectFault`'s `code`), or nil.
  package init?(wireCode: String) {
    guard let found = Self.wireCodes.first(where: { $0.value == wireCode })?.key else {
      return nil
    }
    self = found
  }
}
