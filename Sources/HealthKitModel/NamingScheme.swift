/// The naming schemes of the wire (protocol/vocabulary.md): permission-bridge methods take raw
/// HealthKit identifiers, record and CKType-permission methods take CKType names. HealthKit's
/// Swift names (`stepCount`, `.stepCount`, `HKQuantityTypeIdentifier.stepCount`) are no scheme
/// of the wire, but a name written in them is recognised to say the right spelling.
public enum NamingScheme: String, Sendable, CaseIterable {
  /// `HKQuantityTypeIdentifierStepCount`.
  case rawIdentifier
  /// `steps`.
  case ckType
}

/// A name from another scheme than the one a method takes, and its spelling in that scheme.
/// The model only carries it: the record vocabulary (CKTypeRecords) says which names belong to
/// which scheme.
public struct SchemeHint: Equatable, Sendable {
  /// The scheme the method takes.
  public let expected: NamingScheme
  /// The right spelling in `expected`, when there is one.
  public let suggestion: String?
  /// "'steps' is a CKType; this method takes raw HealthKit identifiers: use
  /// 'HKQuantityTypeIdentifierStepCount'".
  public let message: String

  public init(expected: NamingScheme, suggestion: String?, message: String) {
    self.expected = expected
    self.suggestion = suggestion
    self.message = message
  }
}
