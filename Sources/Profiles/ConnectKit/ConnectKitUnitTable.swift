import PluginHost

/// ConnectKit's unit names (its `parseUnit`: lower-cased, spaces removed) → the HealthKit unit
/// string the store reads. One row per HealthKit unit.
enum ConnectKitUnitTable {
  static let rows: [(healthKit: String, names: [String])] = [
    ("count", ["count"]),
    ("%", ["percent", "%"]),
    ("kg", ["kg", "kilogram", "kilograms"]),
    ("g", ["g", "gram", "grams"]),
    ("mg", ["mg", "milligram", "milligrams"]),
    ("mcg", ["mcg", "ug", "microgram", "micrograms", "μg"]),
    ("lb", ["lb", "pound", "pounds"]),
    ("oz", ["oz", "ounce", "ounces"]),
    ("m", ["m", "meter", "meters"]),
    ("cm", ["cm", "centimeter", "centimeters"]),
    ("mm", ["mm", "millimeter", "millimeters"]),
    ("km", ["km", "kilometer", "kilometers"]),
    ("in", ["in", "inch", "inches"]),
    ("ft", ["ft", "foot", "feet"]),
    ("mi", ["mi", "mile", "miles"]),
    ("L", ["l", "liter", "liters"]),
    ("mL", ["ml", "milliliter", "milliliters"]),
    ("fl_oz_us", ["floz", "fluidounce", "fl.oz"]),
    ("kcal", ["kcal", "kilocalorie", "kilocalories"]),
    ("cal", ["cal", "calorie", "calories"]),
    ("J", ["j", "joule", "joules"]),
    ("kJ", ["kj", "kilojoule", "kilojoules"]),
    ("degC", ["c", "celsius", "°c"]),
    ("degF", ["f", "fahrenheit", "°f"]),
    ("mmHg", ["mmhg", "millimeterofmercury"]),
    ("dBASPL", ["db(a)", "dba"]),
    ("mg/dL", ["mg/dl", "mgdl", "milligramsperdeciliter"]),
    ("Hz", ["hz"]),
    ("W", ["w", "watt", "watts"]),
    ("kcal/d", ["kcal/day", "kilocalories/day"]),
    ("s", ["s", "second"]),
    ("ms", ["ms", "millisecond"]),
    ("min", ["min", "minute"]),
    ("hr", ["h", "hour"]),
    ("m/s", ["m/s", "meterspersecond", "meters/second"]),
    ("km/hr", ["km/h", "kmh", "kilometersperhour", "kilometers/hour"]),
    ("mi/hr", ["mph", "milesperhour", "miles/hour"]),
    ("count/min", ["bpm", "beats/min"]),
  ]

  private static let byName: [String: String] = Dictionary(
    rows.flatMap { row in row.names.map { ($0, row.healthKit) } },
    uniquingKeysWith: { first, _ in first })

  /// The HealthKit unit string for a ConnectKit unit name, or `nil` when `parseUnit` refuses it.
  static func healthKitUnit(_ name: String) -> String? {
    byName[name.lowercased().replacingSpaces()]
  }
}

extension String {
  fileprivate func replacingSpaces() -> String { String(filter { $0 != " " }) }
}
