/// One named HealthKit unit: `value_in_base = value * factor + offset`.
struct NamedUnit: Sendable {
  let symbol: String
  let factor: Double
  let offset: Double
  let dimension: Dimension
  /// Whether an SI prefix may precede it (`kg`, `mL`, `ms`).
  let prefixable: Bool

  init(
    _ symbol: String, _ factor: Double, _ dimension: Dimension, offset: Double = 0,
    prefixable: Bool = false
  ) {
    self.symbol = symbol
    self.factor = factor
    self.offset = offset
    self.dimension = dimension
    self.prefixable = prefixable
  }
}

/// The unit strings of Apple's `HKUnit(from:)` documentation.
enum UnitTable {
  static let mass = Dimension([.mass: 1])
  static let length = Dimension([.length: 1])
  static let time = Dimension([.time: 1])
  static let volume = Dimension([.length: 3])
  static let pressure = Dimension([.mass: 1, .length: -1, .time: -2])
  static let energy = Dimension([.mass: 1, .length: 2, .time: -2])
  static let temperature = Dimension([.temperature: 1])
  /// Pa in g·m⁻¹·s⁻² (mass is counted in grams).
  static let pascal = 1000.0
  static let joule = 1000.0
  static let milliliter = 0.000_001

  static let units: [NamedUnit] = [
    // SI units (prefixable).
    NamedUnit("g", 1, mass, prefixable: true),
    NamedUnit("m", 1, length, prefixable: true),
    NamedUnit("L", 0.001, volume, prefixable: true),
    NamedUnit("l", 0.001, volume, prefixable: true),
    NamedUnit("Pa", pascal, pressure, prefixable: true),
    NamedUnit("s", 1, time, prefixable: true),
    NamedUnit("J", joule, energy, prefixable: true),
    NamedUnit("K", 1, temperature, prefixable: true),
    NamedUnit(
      "S", 0.001, Dimension([.current: 2, .time: 3, .mass: -1, .length: -2]), prefixable: true),
    NamedUnit("mol", 1, Dimension([.substance: 1]), prefixable: true),
    NamedUnit("Hz", 1, Dimension([.time: -1]), prefixable: true),
    NamedUnit("W", joule, Dimension([.mass: 1, .length: 2, .time: -3]), prefixable: true),
    NamedUnit(
      "V", joule, Dimension([.mass: 1, .length: 2, .time: -3, .current: -1]), prefixable: true),
    NamedUnit("lx", 1, Dimension([.illuminance: 1]), prefixable: true),
    NamedUnit("rad", 1, Dimension([.angle: 1]), prefixable: true),
    // Non-SI units.
    NamedUnit("deg", Double.pi / 180, Dimension([.angle: 1])),
    NamedUnit("oz", 28.349_523_125, mass),
    NamedUnit("lb", 453.592_37, mass),
    NamedUnit("st", 6_350.293_18, mass),
    NamedUnit("in", 0.0254, length),
    NamedUnit("ft", 0.3048, length),
    NamedUnit("yd", 0.9144, length),
    NamedUnit("mi", 1_609.344, length),
    NamedUnit("mmHg", 133.322_387_415 * pascal, pressure),
    NamedUnit("inHg", 3_386.388_666_6 * pascal, pressure),
    NamedUnit("cmAq", 98.0665 * pascal, pressure),
    NamedUnit("atm", 101_325 * pascal, pressure),
    NamedUnit("fl_oz_us", 29.573_529_562_5 * milliliter, volume),
    NamedUnit("fl_oz_imp", 28.413_062_5 * milliliter, volume),
    NamedUnit("cup_us", 236.588_236_5 * milliliter, volume),
    NamedUnit("cup_imp", 284.130_625 * milliliter, volume),
    NamedUnit("pt_us", 473.176_473 * milliliter, volume),
    NamedUnit("pt_imp", 568.261_25 * milliliter, volume),
    NamedUnit("min", 60, time),
    NamedUnit("hr", 3_600, time),
    NamedUnit("d", 86_400, time),
    NamedUnit("cal", 4.184 * joule, energy),
    NamedUnit("Cal", 4_184 * joule, energy),
    NamedUnit("kcal", 4_184 * joule, energy),
    NamedUnit("degC", 1, temperature, offset: 273.15),
    NamedUnit("degF", 5.0 / 9.0, temperature, offset: 273.15 - 32.0 * 5.0 / 9.0),
    NamedUnit("dBASPL", 1, Dimension([.soundLevel: 1])),
    NamedUnit("dBHL", 1, Dimension([.hearingLevel: 1])),
    NamedUnit("IU", 1, Dimension([.dosage: 1])),
    NamedUnit("count", 1, Dimension()),
    // Values from 0.0 to 1.0, as HealthKit measures percentages (not 0 to 100).
    NamedUnit("%", 1, Dimension([.percent: 1])),
  ]

  static let bySymbol: [String: NamedUnit] = Dictionary(
    units.map { ($0.symbol, $0) }, uniquingKeysWith: { first, _ in first })

  /// SI prefixes, two-letter ones first so `mcg` reads as micro-gram and `dam` as deca-metre.
  static let prefixes: [(symbol: String, factor: Double)] = [
    ("da", 10), ("mc", 1e-6), ("p", 1e-12), ("n", 1e-9), ("m", 1e-3), ("c", 1e-2), ("d", 1e-1),
    ("h", 1e2), ("k", 1e3), ("M", 1e6), ("G", 1e9), ("T", 1e12),
  ]
}
