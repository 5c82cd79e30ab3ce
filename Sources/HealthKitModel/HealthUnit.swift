/// A parsed HealthKit unit: `value_in_base = value * factor + offset`, in `dimension`.
public struct HealthUnit: Hashable, Sendable, CustomStringConvertible {
  /// The unit string as written.
  public let text: String
  public let factor: Double
  /// Non-zero only for `degC` and `degF` written alone.
  public let offset: Double
  public let dimension: Dimension

  public var description: String { text }

  /// Parses a HealthKit unit string (`mg/dL`, `ml/(kg*min)`, `mmol<180.15588000005408>/L`).
  public init(_ text: String) throws(ModelError) {
    self = try ParsedUnits.parse(text)
  }

  init(text: String, factor: Double, offset: Double, dimension: Dimension) {
    self.text = text
    self.factor = factor
    self.offset = offset
    self.dimension = dimension
  }

  /// Whether values convert between the two units.
  public func isCompatible(with other: HealthUnit) -> Bool { dimension == other.dimension }

  /// Converts `value` from this unit to `other`.
  public func convert(_ value: Double, to other: HealthUnit) throws(ModelError) -> Double {
    guard isCompatible(with: other) else {
      throw .incompatibleUnits(from: text, to: other.text)
    }
    if text == other.text { return value }
    if offset == 0 && other.offset == 0 {
      // One multiplication by the ratio rounds once: 150 lb is 68.0388555 kg, not …50000001.
      return value * (factor / other.factor)
    }
    let base = value * factor + offset
    return (base - other.offset) / other.factor
  }
}

/// Unit conversions and the unit check of quantity types (protocol/healthkit-rules.md#units).
public enum Units {
  /// Converts `value` between two unit strings.
  public static func convert(_ value: Double, from: String, to: String) throws(ModelError)
    -> Double
  {
    try HealthUnit(from).convert(value, to: HealthUnit(to))
  }

  /// Parses `unit` and checks that it fits the quantity type `identifier`; the error names both
  /// ("unit 'kg' is not a frequency; heartRate takes count/min").
  public static func check(unit: String, for identifier: String) throws(ModelError) -> HealthUnit {
    guard let row = Catalogue.info(identifier), let quantity = row.quantity else {
      throw .notAQuantityType(identifier)
    }
    let parsed = try HealthUnit(unit)
    let canonical = try HealthUnit(quantity.canonicalUnit)
    guard parsed.isCompatible(with: canonical) else {
      throw .unitNotAllowed(
        unit: unit, identifier: identifier, expected: canonical.dimension.name,
        canonicalUnit: quantity.canonicalUnit)
    }
    return parsed
  }
}
