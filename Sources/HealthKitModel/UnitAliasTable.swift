/// Common spellings of units that HealthKit's `HKUnit(from:)` does not take, each with the
/// HealthKit unit string it means. A refused unit found here is answered with the right
/// spelling (`details.didYouMean`). Every alias is refused by the parser and every unit is
/// accepted (a unit test checks both); spellings HealthKit takes itself (`ml`, `l`, `oz` as a
/// mass, `mg/dl`, `cal`) are no aliases.
public enum UnitAliasTable {
  public static let rows: [(alias: String, unit: String)] = [
    // Rates (heart rate, respiratory rate).
    ("bpm", "count/min"), ("BPM", "count/min"), ("beats/min", "count/min"),
    ("beat/min", "count/min"), ("breaths/min", "count/min"), ("/min", "count/min"),
    ("rpm", "count/min"),
    // Energy per time and speed.
    ("kcal/h", "kcal/hr"), ("kcal/hour", "kcal/hr"), ("km/h", "km/hr"), ("kph", "km/hr"),
    ("kmh", "km/hr"), ("mph", "mi/hr"), ("m/sec", "m/s"),
    // Temperature.
    ("°C", "degC"), ("ºC", "degC"), ("C", "degC"), ("celsius", "degC"), ("Celsius", "degC"),
    ("°F", "degF"), ("ºF", "degF"), ("F", "degF"), ("fahrenheit", "degF"),
    ("Fahrenheit", "degF"),
    // Volume.
    ("liter", "L"), ("litre", "L"), ("fl oz", "fl_oz_us"), ("floz", "fl_oz_us"),
    // Time.
    ("h", "hr"), ("hour", "hr"), ("hours", "hr"), ("hrs", "hr"), ("mins", "min"),
    ("minute", "min"), ("minutes", "min"), ("sec", "s"), ("secs", "s"), ("second", "s"),
    ("seconds", "s"), ("msec", "ms"),
    // Mass and length.
    ("lbs", "lb"), ("pound", "lb"), ("pounds", "lb"), ("kgs", "kg"), ("kilogram", "kg"),
    ("kilograms", "kg"), ("gram", "g"), ("grams", "g"), ("meter", "m"), ("meters", "m"),
    ("metre", "m"), ("metres", "m"), ("miles", "mi"), ("mile", "mi"), ("feet", "ft"),
    ("foot", "ft"), ("inch", "in"), ("inches", "in"), ("kms", "km"),
    // Pressure, ratio, counts.
    ("mmhg", "mmHg"), ("mm Hg", "mmHg"), ("percent", "%"), ("steps", "count"),
    ("step", "count"), ("kCal", "kcal"),
  ]

  private static let byAlias: [String: String] = Dictionary(
    rows.map { ($0.alias, $0.unit) }, uniquingKeysWith: { first, _ in first })

  /// The HealthKit unit string `text` most likely means, or nil when it is no known alias.
  public static func unit(for text: String) -> String? { byAlias[text] }
}
