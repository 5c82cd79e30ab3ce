import HealthKitModel

extension NamingScheme {
  /// What the scheme is called in messages.
  public var title: String {
    switch self {
    case .rawIdentifier: return "raw HealthKit identifiers"
    case .ckType: return "CKType names"
    }
  }
}

/// Which naming scheme a name belongs to, derived from the CKType table and the catalogue, both
/// ways. The store knows raw identifiers only: a method taking them hands
/// ``SchemeHint/forRawIdentifier(_:)`` to the store's lookups, which add its message to their
/// refusal.
extension SchemeHint {
  /// The hint for `text` when a method taking `expected` did not find it, or nil when `text`
  /// belongs to no other scheme.
  public static func hint(for text: String, expected: NamingScheme) -> SchemeHint? {
    let found: (what: String, suggestion: String?)
    switch expected {
    case .rawIdentifier:
      if let identifier = identifier(ofCKType: text) {
        found = ("a CKType", identifier)
      } else if let info = Catalogue.info(named: swiftName(text)) {
        found = ("HealthKit's Swift name of a type", info.identifier)
      } else if let (ckType, identifier) = prefixedCKType(text) {
        found = ("a CKType ('\(ckType)') written as a raw identifier", identifier)
      } else {
        return nil
      }
    case .ckType:
      if let info = Catalogue.info(text) {
        found = ("a raw HealthKit identifier", ckType(ofIdentifier: info.identifier))
      } else if let info = Catalogue.info(named: swiftName(text)) {
        found = ("HealthKit's Swift name of a type", ckType(ofIdentifier: info.identifier))
      } else {
        return nil
      }
    }
    let advice =
      found.suggestion.map { "use '\($0)'" }
      ?? "no CKType maps to it (`hkbridge types` lists every CKType)"
    return SchemeHint(
      expected: expected, suggestion: found.suggestion,
      message: "'\(text)' is \(found.what); this method takes \(expected.title): \(advice)")
  }

  /// The hint for a name a method taking raw identifiers did not find: what the store's type
  /// lookups are given (`HealthStore.objectType(_:hints:)`).
  public static func forRawIdentifier(_ text: String) -> SchemeHint? {
    hint(for: text, expected: .rawIdentifier)
  }

  /// The raw identifier a CKType maps to directly (`steps` → `HKQuantityTypeIdentifierStepCount`,
  /// `sleepSession.deep` → `HKCategoryTypeIdentifierSleepAnalysis`), or nil.
  public static func identifier(ofCKType ckType: String) -> String? {
    switch RecordTypeMapper.row(ckType)?.target {
    case .type(let name)?, .categoryCase(let name, _)?:
      return Catalogue.info(named: name)?.identifier
    default: return nil
    }
  }

  /// The first CKType (in table order) that maps directly to `identifier`, or nil.
  public static func ckType(ofIdentifier identifier: String) -> String? {
    ckTypeByIdentifier[identifier]
  }

  private static let ckTypeByIdentifier: [String: String] = {
    var result: [String: String] = [:]
    for row in RecordTypeMapper.rows {
      guard case .type(let name) = row.target, let info = Catalogue.info(named: name),
        result[info.identifier] == nil
      else { continue }
      result[info.identifier] = row.ckType
    }
    return result
  }()

  /// A CKType behind an identifier prefix (`HKQuantityTypeIdentifierSteps` → `steps`) and the
  /// raw identifier it maps to.
  static func prefixedCKType(_ text: String) -> (String, String)? {
    for prefix in Catalogue.identifierPrefixes where text.hasPrefix(prefix) {
      let rest = text.dropFirst(prefix.count)
      guard let first = rest.first else { return nil }
      let ckType = first.lowercased() + rest.dropFirst()
      guard let identifier = identifier(ofCKType: ckType) else { return nil }
      return (ckType, identifier)
    }
    return nil
  }

  /// `stepCount` for `.stepCount` and `HKQuantityTypeIdentifier.stepCount` (the Swift spellings
  /// of a type's name); the text itself otherwise.
  static func swiftName(_ text: String) -> String {
    var rest = Substring(text)
    for prefix in Catalogue.identifierPrefixes where rest.hasPrefix(prefix + ".") {
      rest = rest.dropFirst(prefix.count)
      break
    }
    if rest.hasPrefix(".") { rest = rest.dropFirst() }
    return String(rest)
  }
}
