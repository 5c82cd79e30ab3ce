/// Errors raised by the pure functions of this module. Each message says what was wrong and what
/// would be right.
public enum ModelError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A version string that is not one to three dot-separated numbers.
  case invalidOSVersion(String)
  /// A unit string HealthKit would not parse; `position` is the character offset of the problem.
  case invalidUnit(unit: String, position: Int, expected: String)
  /// Two units of different dimensions (no conversion exists between them).
  case incompatibleUnits(from: String, to: String)
  /// A unit that does not fit a quantity type.
  case unitNotAllowed(unit: String, identifier: String, expected: String, canonicalUnit: String)
  /// A raw identifier that is not a quantity type.
  case notAQuantityType(String)

  public var description: String {
    switch self {
    case .invalidOSVersion(let text):
      return "invalid iOS version '\(text)': expected MAJOR[.MINOR[.PATCH]] such as 17.5"
    case .invalidUnit(let unit, let position, let expected):
      return "invalid unit '\(unit)' at character \(position): expected \(expected)"
    case .incompatibleUnits(let from, let to):
      return "unit '\(from)' cannot be converted to '\(to)': their dimensions differ"
    case .unitNotAllowed(let unit, let identifier, let expected, let canonicalUnit):
      let name = Catalogue.shortName(of: identifier)
      return "unit '\(unit)' is not \(expected); \(name) takes \(canonicalUnit)"
    case .notAQuantityType(let identifier):
      return "'\(identifier)' is not a HealthKit quantity type, so it takes no unit"
    }
  }
}
