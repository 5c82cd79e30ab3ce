import HealthKitModel

/// Reading characteristics (protocol/healthkit-rules.md#characteristics).
extension HealthStore {
  /// The characteristic type of a raw identifier: unknown or not a characteristic →
  /// `.unsupportedType` (with `hints`' spelling, as `objectType(_:hints:)`); newer than the
  /// device → `.typeUnavailableOnOS`.
  public func characteristicType(_ identifier: String, hints: SchemeHints? = nil)
    throws(HealthError) -> TypeInfo
  {
    guard let known = Catalogue.info(identifier) else {
      throw Self.unknownIdentifier(
        identifier, "HealthKit has no characteristic with the identifier", in: [.characteristic],
        hints: hints)
    }
    guard known.typeClass == .characteristic else {
      throw HealthError(
        .unsupportedType,
        "\(identifier) is a \(known.typeClass.rawValue) type, not a characteristic",
        hint: .characteristics(Catalogue.identifiers(of: .characteristic)), type: identifier,
        reason: .notCharacteristic)
    }
    return try objectType(identifier, hints: hints)
  }

  /// The authorization check of a characteristic read: `.authorizationNotDetermined`
  /// (`hkErrorCode` 5) until the app asked to read it.
  public func requireReadDetermined(_ identifier: String) throws(HealthError) {
    guard authorization(for: identifier).read != .notDetermined else {
      throw HealthError(
        .authorizationNotDetermined,
        "Authorization to read \(identifier) was never requested",
        hint: .requestCharacteristicAuthorization,
        hkErrorCode: HKErrorCode.authorizationNotDetermined, type: identifier)
    }
  }

  /// What a characteristic read answers: the value when reading was granted, "not set" when it
  /// was denied (HealthKit hides the denial) or nothing was entered.
  public func characteristicAnswer(_ identifier: String) -> CharacteristicValue {
    guard authorization(for: identifier).read == .granted else { return .notSet }
    return characteristics[identifier] ?? .notSet
  }

  /// Sets (or clears, with `.notSet`) a characteristic (the user editing the Health app).
  public func setCharacteristic(_ identifier: String, _ value: CharacteristicValue) {
    characteristics[identifier] = value == .notSet ? nil : value
  }
}
