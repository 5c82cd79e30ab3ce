import HealthKitModel
import PluginHost

/// The `health` package's unit keys (`HealthDataUnit.name`) and the HealthKit unit the iOS host
/// maps each to (its `unitDict`), as HealthKit's unit string. `""` is `HKUnit(from: "")`.
enum HealthUnitTable {
  struct Row: Sendable {
    let key: String
    let unit: String
    let minimumOS: OSVersion
  }

  static let rows: [Row] = [
    row("GRAM", "g"), row("KILOGRAM", "kg"), row("OUNCE", "oz"), row("POUND", "lb"),
    row("STONE", "st"), row("METER", "m"), row("INCH", "in"), row("FOOT", "ft"),
    row("YARD", "yd"), row("MILE", "mi"), row("LITER", "L"), row("MILLILITER", "mL"),
    row("FLUID_OUNCE_US", "fl_oz_us"), row("FLUID_OUNCE_IMPERIAL", "fl_oz_imp"),
    row("CUP_US", "cup_us"), row("CUP_IMPERIAL", "cup_imp"), row("PINT_US", "pt_us"),
    row("PINT_IMPERIAL", "pt_imp"), row("PASCAL", "Pa"), row("MILLIMETER_OF_MERCURY", "mmHg"),
    row("CENTIMETER_OF_WATER", "cmAq"), row("ATMOSPHERE", "atm"),
    row("DECIBEL_A_WEIGHTED_SOUND_PRESSURE_LEVEL", "dBASPL"), row("SECOND", "s"),
    row("MILLISECOND", "ms"), row("MINUTE", "min"), row("HOUR", "hr"), row("DAY", "d"),
    row("JOULE", "J"), row("KILOCALORIE", "kcal"), row("LARGE_CALORIE", "Cal"),
    row("SMALL_CALORIE", "cal"), row("DEGREE_CELSIUS", "degC"),
    row("DEGREE_FAHRENHEIT", "degF"), row("KELVIN", "K"), row("DECIBEL_HEARING_LEVEL", "dBHL"),
    row("HERTZ", "Hz"), row("SIEMEN", "S"), row("INTERNATIONAL_UNIT", "IU"),
    row("COUNT", "count"), row("PERCENT", "%"), row("BEATS_PER_MINUTE", "count/min"),
    row("RESPIRATIONS_PER_MINUTE", "count/min"), row("MILLIGRAM_PER_DECILITER", "mg/dL"),
    row("METER_PER_SECOND", "m/s"), row("UNKNOWN_UNIT", ""), row("NO_UNIT", ""),
    row("VOLT", "V", 14), row("INCHES_OF_MERCURY", "inHg", 14),
  ]

  private static let byKey: [String: Row] = Dictionary(
    rows.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })

  /// The HealthKit unit string of a unit key on `os`, or nil when the host has no such key.
  static func unit(_ key: String, os: OSVersion) -> String? {
    guard let row = byKey[key], os >= row.minimumOS else { return nil }
    return row.unit
  }

  private static func row(_ key: String, _ unit: String, _ major: Int = 8) -> Row {
    Row(key: key, unit: unit, minimumOS: OSVersion(major, 0))
  }
}
