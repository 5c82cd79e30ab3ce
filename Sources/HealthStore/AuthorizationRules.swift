import HealthKitModel

/// HealthKit's authorization rules (protocol/healthkit-rules.md#authorization), over raw identifiers that the caller has already
/// checked (known, available on this iOS, shareable where shared).
extension HealthStore {
  /// The authorization of a raw identifier (both not determined when never touched).
  public func authorization(for identifier: String) -> TypeAuthorization {
    authorization[identifier] ?? TypeAuthorization()
  }

  /// Whether a type has a share status at all: only sample types do (not characteristics or
  /// activity summaries).
  public func hasShareStatus(_ identifier: String) -> Bool {
    Catalogue.info(identifier)?.typeClass.isSampleType ?? true
  }

  /// Sets a type's authorization directly (the control channel's `setAuthorization`: the user
  /// changing it in Settings).
  public func setAuthorization(_ identifier: String, share: ShareStatus?, read: ReadDecision?) {
    var entry = authorization(for: identifier)
    if let share { entry.share = share }
    if let read { entry.read = read }
    authorization[identifier] = entry.isUndetermined ? nil : entry
  }

  /// HealthKit's `requestAuthorization(toShare:read:)`: a prompt for the types still
  /// undetermined, answered by the prompt policy; decided types never change. Returns whether a
  /// prompt was shown. A request with no types at all fails with `.permissionError`
  /// (`hkErrorCode` 3), as HealthKit refuses it.
  @discardableResult
  public func requestAuthorization(toShare share: [String], read: [String]) throws(HealthError)
    -> Bool
  {
    guard !share.isEmpty || !read.isEmpty else { throw Self.nothingToRequest }
    var updated = authorization
    var prompted = false
    for identifier in share {
      var entry = updated[identifier] ?? TypeAuthorization()
      guard entry.share == .notDetermined else { continue }
      prompted = true
      entry.share =
        promptPolicy.writeAnswer(for: identifier) == .grant ? .sharingAuthorized : .sharingDenied
      updated[identifier] = entry
    }
    for identifier in read {
      var entry = updated[identifier] ?? TypeAuthorization()
      guard entry.read == .notDetermined else { continue }
      prompted = true
      entry.read = promptPolicy.readAnswer(for: identifier) == .grant ? .granted : .denied
      updated[identifier] = entry
    }
    authorization = updated
    if prompted { promptsShown += 1 }
    return prompted
  }

  /// HealthKit's `getRequestStatusForAuthorization(toShare:read:)`: `shouldRequest` when a
  /// request for these types would show a prompt.
  public func requestStatus(toShare share: [String], read: [String]) throws(HealthError)
    -> RequestStatus
  {
    guard !share.isEmpty || !read.isEmpty else { throw Self.nothingToRequest }
    let undetermined =
      share.contains { authorization(for: $0).share == .notDetermined }
      || read.contains { authorization(for: $0).read == .notDetermined }
    return undetermined ? .shouldRequest : .unnecessary
  }

  /// HealthKit's `authorizationStatus(for:)`: the share status. A type that cannot be shared
  /// answers `notDetermined` until its reading was asked for, then `sharingDenied`.
  public func shareStatus(for identifier: String) -> ShareStatus {
    let entry = authorization(for: identifier)
    guard Catalogue.shareRefusal(identifier) != nil else { return entry.share }
    return entry.read == .notDetermined ? .notDetermined : .sharingDenied
  }

  /// The error of a request that names no type.
  public static let nothingToRequest = HealthError(
    .permissionError,
    "HealthKit refused the authorization request: it names no type to share or read (identifiers "
      + "that are unknown, of another class or too new for this iOS version are skipped). Request "
      + "at least one type HealthKit has.",
    hkErrorCode: HKErrorCode.invalidArgument)
}
