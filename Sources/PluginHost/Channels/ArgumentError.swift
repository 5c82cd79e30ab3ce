/// A call whose arguments are not what its method takes: a missing or wrongly typed field, an
/// unknown key, a value out of the range the method accepts. The strict argument reader
/// (``Arguments``) and a method's own argument checks raise it before the store is asked
/// anything; the channel's error mapping makes it the reply (`INVALID_ARGUMENTS` in the
/// catalogue of protocol/errors.md). The store's own failures are `HealthError`s.
public struct ArgumentError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The argument concerned, by its path in the call (`identifiers[2]`, `records[0].unit`).
  public var field: String
  /// What was wrong and what would be right.
  public var message: String
  /// The spelling the caller most likely meant: an argument name (`energy` for `enrgy`), a
  /// value of a choice, a type name in the scheme the method takes.
  public var didYouMean: String?
  /// The naming scheme the method takes when a name was not found in it (a `NamingScheme` raw
  /// value, see protocol/vocabulary.md).
  public var expected: String?

  public init(field: String, _ message: String, didYouMean: String? = nil, expected: String? = nil)
  {
    self.field = field
    self.message = message
    self.didYouMean = didYouMean
    self.expected = expected
  }

  public var description: String { "invalidArguments: \(message)" }
}
