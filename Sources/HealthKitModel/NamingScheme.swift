/// The naming schemes of the wire (protocol/vocabulary.md): permission-bridge methods take raw
/// HealthKit identifiers, record and CKType-permission methods take CKType names. HealthKit's
/// Swift names (`stepCount`, `.stepCount`, `HKQuantityTypeIdentifier.stepCount`) are no scheme
/// of the wire, but a name written in them is recognised to say the right spelling.
public enum NamingScheme: String, Sendable, CaseIterable {
  /// `HKQuantityTypeIdentifierStepCount`.
  case rawIdentifier
  /// `steps`.
  case ckType

  /// What the scheme is called in messages.
  public var title: String {
    switch self {
    case .rawIdentifier: return "raw HealthKit identifiers"
    case .ckType: return "CKType names"
    }
  }
}

/// A name from another scheme than the one a method takes, and its spelling in that scheme.
public struct SchemeHint: Equatable, Sendable {
  /// The scheme the method takes.
  public let expected: NamingScheme
  /// The right spelling in `expected`, when there is one.
  public let suggestion: String?
  /// "'steps' is a CKType; this method takes raw HealthKit identifiers: use
  /// 'HKQuantityTypeIdentifierStepCount'".
  public let message: String

  /// The hint for `text` when a method taking `expected` did not find it, or nil when `text`
  /// belongs to no other scheme. Derived from the CKType table and the catalogue, both ways.
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
