/// The base dimensions HealthKit units are built from. Mass is counted in grams (HealthKit's
/// `mol<molar mass>` is a mass), so a pascal is 1000 g·m⁻¹·s⁻².
public enum BaseDimension: Int, CaseIterable, Sendable {
  case mass
  case length
  case time
  case temperature
  case current
  case substance
  case dosage
  case soundLevel
  case hearingLevel
  case illuminance
  case angle

  /// The symbol used when printing a dimension.
  var symbol: String {
    ["g", "m", "s", "K", "A", "mol", "IU", "dBASPL", "dBHL", "lx", "rad"][rawValue]
  }
}

/// A dimension: an integer exponent for each base dimension.
public struct Dimension: Hashable, Sendable, CustomStringConvertible {
  public private(set) var exponents: [Int]

  public init(_ exponents: [BaseDimension: Int] = [:]) {
    var list = Array(repeating: 0, count: BaseDimension.allCases.count)
    for (base, exponent) in exponents { list[base.rawValue] = exponent }
    self.exponents = list
  }

  public static let dimensionless = Dimension()

  public func exponent(_ base: BaseDimension) -> Int { exponents[base.rawValue] }

  /// The largest exponent magnitude a parsed unit may reach (keeps arithmetic from overflowing).
  static let exponentLimit = 64

  /// The product, or nil when an exponent would leave ±`exponentLimit`.
  func multiplied(by other: Dimension) -> Dimension? {
    var result = self
    for index in result.exponents.indices {
      let sum = result.exponents[index] + other.exponents[index]
      guard abs(sum) <= Dimension.exponentLimit else { return nil }
      result.exponents[index] = sum
    }
    return result
  }

  /// The power, or nil when an exponent would leave ±`exponentLimit`.
  func raised(to power: Int) -> Dimension? {
    var result = self
    for index in result.exponents.indices {
      let (product, overflow) = result.exponents[index].multipliedReportingOverflow(by: power)
      guard !overflow, abs(product) <= Dimension.exponentLimit else { return nil }
      result.exponents[index] = product
    }
    return result
  }

  /// E.g. `g*m^2/s^2`; `1` when dimensionless.
  public var description: String {
    var upper: [String] = []
    var lower: [String] = []
    for base in BaseDimension.allCases {
      let exponent = exponent(base)
      if exponent > 0 { upper.append(exponent == 1 ? base.symbol : "\(base.symbol)^\(exponent)") }
      if exponent < 0 { lower.append(exponent == -1 ? base.symbol : "\(base.symbol)^\(-exponent)") }
    }
    let top = upper.isEmpty ? "1" : upper.joined(separator: "*")
    if lower.isEmpty { return top }
    return top + "/" + (lower.count == 1 ? lower[0] : "(" + lower.joined(separator: "*") + ")")
  }

  /// A readable name with its article: "a frequency", "a mass", "an energy".
  public var name: String {
    DimensionNames.table.first { $0.dimension == self }?.name ?? "a unit of dimension \(self)"
  }
}

/// Names of the dimensions HealthKit quantity types use.
enum DimensionNames {
  static let table: [(dimension: Dimension, name: String)] = [
    (Dimension(), "a scalar (count or %)"),
    (Dimension([.mass: 1]), "a mass"),
    (Dimension([.length: 1]), "a length"),
    (Dimension([.time: 1]), "a time"),
    (Dimension([.temperature: 1]), "a temperature"),
    (Dimension([.length: 3]), "a volume"),
    (Dimension([.mass: 1, .length: 2, .time: -2]), "an energy"),
    (Dimension([.mass: 1, .length: -1, .time: -2]), "a pressure"),
    (Dimension([.time: -1]), "a frequency"),
    (Dimension([.length: 1, .time: -1]), "a speed"),
    (Dimension([.length: 1, .time: -2]), "an acceleration"),
    (Dimension([.mass: 1, .length: 2, .time: -3]), "a power"),
    (Dimension([.mass: 1, .length: -3]), "a concentration (mass/volume)"),
    (Dimension([.length: 3, .time: -1]), "a flow rate (volume/time)"),
    (Dimension([.length: 3, .mass: -1, .time: -1]), "an oxygen uptake (volume/(mass*time))"),
    (Dimension([.current: 2, .time: 3, .mass: -1, .length: -2]), "an electrical conductance"),
    (Dimension([.mass: 1, .length: 2, .time: -3, .current: -1]), "an electric potential"),
    (Dimension([.substance: 1]), "an amount of substance"),
    (Dimension([.dosage: 1]), "a pharmacological dose (IU)"),
    (Dimension([.soundLevel: 1]), "a sound pressure level (dBASPL)"),
    (Dimension([.hearingLevel: 1]), "a hearing level (dBHL)"),
    (Dimension([.illuminance: 1]), "an illuminance"),
    (Dimension([.angle: 1]), "an angle"),
  ]
}
