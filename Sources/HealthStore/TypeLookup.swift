import HealthKitModel

extension HealthError {
  /// The error for a refusal of the model: `.unsupportedType`, `.typeUnavailableOnOS` or
  /// `.readOnlyType` (a write refusal raises an exception on iOS). The refusal's spelling hint
  /// for an unknown name is the naming of the caller that resolved it (its scheme).
  public init(_ refusal: Refusal) {
    let code = HealthErrorCode(refusal.reason.family)
    self.init(
      code, refusal.message, type: refusal.type, reason: Reason(refusal),
      raisesException: code == .readOnlyType, naming: CallerNaming(spellingOf: refusal))
  }
}

extension TypeProblem {
  /// One refused type of an all-or-nothing validation.
  public init(_ refusal: Refusal) {
    self.init(
      type: refusal.type, code: HealthErrorCode(refusal.reason.family),
      reason: HealthError.Reason(refusal), message: refusal.message,
      naming: CallerNaming(spellingOf: refusal))
  }
}

extension CallerNaming {
  /// The spelling a refusal of an unknown name suggests and the scheme it was looked up in;
  /// nil when it gives neither.
  public init?(spellingOf refusal: Refusal) {
    guard refusal.suggestion != nil || refusal.expected != nil else { return nil }
    self.init(didYouMean: refusal.suggestion, expected: refusal.expected?.rawValue)
  }
}

extension HealthErrorCode {
  /// The code a family of model refusals is reported with (protocol/errors.md#codes).
  public init(_ family: RefusalFamily) {
    switch family {
    case .unsupported: self = .unsupportedType
    case .unavailableOnOS: self = .typeUnavailableOnOS
    case .readOnly: self = .readOnlyType
    }
  }
}

/// Recognises a name a lookup by raw identifier did not find as a name of another naming scheme
/// (protocol/vocabulary.md) and says its raw identifier; nil for any other name. The store knows
/// raw identifiers only: the caller that takes names in other schemes supplies it.
public typealias SchemeHints = (String) -> SchemeHint?

extension HealthStore {
  /// HealthKit's object type for a raw identifier on this device, as `HKObjectType`'s
  /// factories answer: unknown (or misspelt) → `.unsupportedType`, with the right spelling when
  /// one is close (`hints` recognises names of the caller's other schemes); newer than the
  /// device's iOS → `.typeUnavailableOnOS`.
  public func objectType(_ identifier: String, hints: SchemeHints? = nil) throws(HealthError)
    -> TypeInfo
  {
    guard let info = Catalogue.info(identifier) else {
      throw Self.unknownIdentifier(identifier, hints: hints)
    }
    guard info.isAvailable(on: osVersion) else {
      throw HealthError(
        .typeUnavailableOnOS,
        "\(identifier) needs iOS \(info.minimumOS); the device runs \(systemName) \(osVersion)",
        type: identifier, reason: .requiresNewerOS(minimum: info.minimumOS, device: osVersion))
    }
    return info
  }

  /// `.unsupportedType` for an identifier HealthKit does not know.
  public static func unknownIdentifier(_ identifier: String, hints: SchemeHints? = nil)
    -> HealthError
  {
    unknownIdentifier(
      identifier, "HealthKit has no type with the identifier", in: nil, hints: hints)
  }

  /// `.unsupportedType` for an identifier not found (`what` says where), with the spelling hint
  /// in the message and as the naming of a caller that takes raw identifiers (`didYouMean`,
  /// `expected: "rawIdentifier"`).
  public static func unknownIdentifier(
    _ identifier: String, _ what: String, in classes: Set<TypeClass>?, hints: SchemeHints? = nil
  ) -> HealthError {
    let hint = spelling(identifier, in: classes, hints: hints)
    return HealthError(
      .unsupportedType, "\(what) '\(identifier)'\(hint.text)", type: identifier,
      reason: .refused(.unknownType),
      naming: CallerNaming(
        didYouMean: hint.suggestion, expected: NamingScheme.rawIdentifier.rawValue))
  }

  /// `"; did you mean 'HKQuantityTypeIdentifierStepCount'?"`, or a hint that raw identifiers are
  /// expected, for a misspelt identifier.
  public static func spellingHint(
    _ text: String, in classes: Set<TypeClass>?, hints: SchemeHints? = nil
  ) -> String {
    spelling(text, in: classes, hints: hints).text
  }

  /// The hint for an identifier not found, and the right spelling when there is one: a name
  /// `hints` places in another scheme (`steps`, `stepCount`) says so and gives the raw
  /// identifier; a misspelt identifier gets the nearest one.
  static func spelling(_ text: String, in classes: Set<TypeClass>?, hints: SchemeHints?) -> (
    text: String, suggestion: String?
  ) {
    if let hint = hints?(text) {
      return ("; \(hint.message)", hint.suggestion)
    }
    if let suggestion = Catalogue.suggestion(for: text, in: classes), suggestion != text {
      return ("; did you mean '\(suggestion)'?", suggestion)
    }
    return (
      " (expected a raw HealthKit identifier such as 'HKQuantityTypeIdentifierStepCount')", nil
    )
  }

  /// Why a type cannot be put in a share (write) request, as the `.readOnlyType` error iOS
  /// raises as an exception; nil when it can.
  public func shareRefusal(_ info: TypeInfo, as name: String? = nil) -> HealthError? {
    guard let reason = Catalogue.shareRefusal(info.identifier) else { return nil }
    let shown = name ?? info.identifier
    return HealthError(
      .readOnlyType,
      "Authorization to share \(shown) is disallowed: \(Self.readOnlyExplanation(reason)). "
        + "On iOS this raises an exception and the app crashes; request it for reading only.",
      type: shown, reason: .refused(reason), raisesException: true)
  }

  /// Why a class of types is read-only, in words.
  public static func readOnlyExplanation(_ reason: RefusalReason) -> String {
    switch reason {
    case .characteristic:
      return "it is a characteristic, which the user sets in the Health app"
    case .correlation:
      return "it is a correlation; authorize its member types instead"
    case .clinical:
      return "it is a clinical record, which health institutions provide"
    case .deviceExclusive:
      return "only Apple hardware or the system records it"
    case .activitySummary:
      return "the system computes activity summaries"
    default:
      return "apps cannot write it"
    }
  }
}
