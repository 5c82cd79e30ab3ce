import Foundation
import HealthKitModel

/// HealthKit's `HKMetricPrefix` (raw values as HealthKit's).
public enum HKMetricPrefix: Int, Sendable {
  case none = 0
  case femto = 13
  case pico = 1
  case nano = 2
  case micro = 3
  case milli = 4
  case centi = 5
  case deci = 6
  case deca = 7
  case hecto = 8
  case kilo = 9
  case mega = 10
  case giga = 11
  case tera = 12

  /// The prefix as a unit string writes it.
  var symbol: String {
    switch self {
    case .none: return ""
    case .femto: return "f"
    case .pico: return "p"
    case .nano: return "n"
    case .micro: return "mc"
    case .milli: return "m"
    case .centi: return "c"
    case .deci: return "d"
    case .deca: return "da"
    case .hecto: return "h"
    case .kilo: return "k"
    case .mega: return "M"
    case .giga: return "G"
    case .tera: return "T"
    }
  }
}

/// HealthKit's `HKUnit`: a unit string (`count/min`, `mg/dL`) and what it measures.
///
/// `HKUnit(from:)` with a string HealthKit does not parse raises on iOS; here it stops the
/// process with the same kind of message (protocol/native-healthkit.md#units).
open class HKUnit: NSObject, NSCopying, @unchecked Sendable {
  /// The unit string, as HealthKit prints it.
  public let unitString: String
  let parsed: HealthUnit

  init(checked text: String) {
    do {
      // The empty string is HealthKit's dimensionless unit (`HKUnit(from: "")` does not raise;
      // the health plugin makes its "no unit" that way): it measures as `count` does.
      parsed = try HealthUnit(text.isEmpty ? "count" : text)
    } catch {
      fatalError("NSInvalidArgumentException: Unable to parse unit string: \(text) (\(error))")
    }
    unitString = text
    super.init()
  }

  public convenience init(from string: String) {
    self.init(checked: string)
  }

  public convenience init(from massFormatterUnit: Int) {
    self.init(checked: "g")
  }

  open override var description: String { unitString }
  open override var hash: Int { unitString.hashValue }
  open override func isEqual(_ object: Any?) -> Bool {
    (object as? HKUnit)?.unitString == unitString
  }

  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// Whether this is the null unit (`HKUnit(from: "")` is not a unit HealthKit parses).
  public func isNull() -> Bool { false }

  // MARK: Arithmetic

  public func unitMultiplied(by unit: HKUnit) -> HKUnit {
    HKUnit(checked: "\(grouped)*\(unit.grouped)")
  }

  public func unitDivided(by unit: HKUnit) -> HKUnit {
    HKUnit(checked: "\(grouped)/\(unit.grouped)")
  }

  public func unitRaised(toPower power: Int) -> HKUnit {
    if power == 1 { return self }
    return HKUnit(checked: "\(grouped)^\(power)")
  }

  public func reciprocal() -> HKUnit {
    HKUnit(checked: "count/\(grouped)")
  }

  private var grouped: String {
    unitString.contains(where: { "*/^.".contains($0) }) ? "(\(unitString))" : unitString
  }

  func isCompatible(with other: HKUnit) -> Bool { parsed.isCompatible(with: other.parsed) }

  // MARK: Units by kind (HealthKit's class methods)

  static func prefixed(_ prefix: HKMetricPrefix, _ symbol: String) -> HKUnit {
    HKUnit(checked: prefix.symbol + symbol)
  }

  public class func gramUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "g") }
  public class func gram() -> HKUnit { HKUnit(checked: "g") }
  public class func ounce() -> HKUnit { HKUnit(checked: "oz") }
  public class func pound() -> HKUnit { HKUnit(checked: "lb") }
  public class func stone() -> HKUnit { HKUnit(checked: "st") }
  public class func moleUnit(with prefix: HKMetricPrefix, molarMass: Double) -> HKUnit {
    HKUnit(checked: "\(prefix.symbol)mol<\(molarMass)>")
  }
  public class func moleUnit(withMolarMass molarMass: Double) -> HKUnit {
    moleUnit(with: .none, molarMass: molarMass)
  }
  public class func meterUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "m") }
  public class func meter() -> HKUnit { HKUnit(checked: "m") }
  public class func inch() -> HKUnit { HKUnit(checked: "in") }
  public class func foot() -> HKUnit { HKUnit(checked: "ft") }
  public class func yard() -> HKUnit { HKUnit(checked: "yd") }
  public class func mile() -> HKUnit { HKUnit(checked: "mi") }
  public class func literUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "L") }
  public class func liter() -> HKUnit { HKUnit(checked: "L") }
  public class func fluidOunceUS() -> HKUnit { HKUnit(checked: "fl_oz_us") }
  public class func fluidOunceImperial() -> HKUnit { HKUnit(checked: "fl_oz_imp") }
  public class func pintUS() -> HKUnit { HKUnit(checked: "pt_us") }
  public class func pintImperial() -> HKUnit { HKUnit(checked: "pt_imp") }
  public class func cupUS() -> HKUnit { HKUnit(checked: "cup_us") }
  public class func cupImperial() -> HKUnit { HKUnit(checked: "cup_imp") }
  public class func pascalUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "Pa") }
  public class func pascal() -> HKUnit { HKUnit(checked: "Pa") }
  public class func millimeterOfMercury() -> HKUnit { HKUnit(checked: "mmHg") }
  public class func centimeterOfWater() -> HKUnit { HKUnit(checked: "cmAq") }
  public class func atmosphere() -> HKUnit { HKUnit(checked: "atm") }
  public class func inchesOfMercury() -> HKUnit { HKUnit(checked: "inHg") }
  public class func decibelAWeightedSoundPressureLevel() -> HKUnit { HKUnit(checked: "dBASPL") }
  public class func decibelHearingLevel() -> HKUnit { HKUnit(checked: "dBHL") }
  public class func secondUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "s") }
  public class func second() -> HKUnit { HKUnit(checked: "s") }
  public class func minute() -> HKUnit { HKUnit(checked: "min") }
  public class func hour() -> HKUnit { HKUnit(checked: "hr") }
  public class func day() -> HKUnit { HKUnit(checked: "d") }
  public class func jouleUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "J") }
  public class func joule() -> HKUnit { HKUnit(checked: "J") }
  public class func kilocalorie() -> HKUnit { HKUnit(checked: "kcal") }
  public class func smallCalorie() -> HKUnit { HKUnit(checked: "cal") }
  public class func largeCalorie() -> HKUnit { HKUnit(checked: "Cal") }
  public class func calorie() -> HKUnit { HKUnit(checked: "cal") }
  public class func degreeCelsius() -> HKUnit { HKUnit(checked: "degC") }
  public class func degreeFahrenheit() -> HKUnit { HKUnit(checked: "degF") }
  public class func kelvin() -> HKUnit { HKUnit(checked: "K") }
  public class func siemenUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "S") }
  public class func siemen() -> HKUnit { HKUnit(checked: "S") }
  public class func internationalUnit() -> HKUnit { HKUnit(checked: "IU") }
  public class func count() -> HKUnit { HKUnit(checked: "count") }
  public class func percent() -> HKUnit { HKUnit(checked: "%") }
  public class func hertzUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "Hz") }
  public class func hertz() -> HKUnit { HKUnit(checked: "Hz") }
  public class func voltUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "V") }
  public class func volt() -> HKUnit { HKUnit(checked: "V") }
  public class func wattUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "W") }
  public class func watt() -> HKUnit { HKUnit(checked: "W") }
  public class func luxUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "lx") }
  public class func lux() -> HKUnit { HKUnit(checked: "lx") }
  public class func radianAngleUnit(with prefix: HKMetricPrefix) -> HKUnit {
    prefixed(prefix, "rad")
  }
  public class func radianAngle() -> HKUnit { HKUnit(checked: "rad") }
  public class func degreeAngle() -> HKUnit { HKUnit(checked: "deg") }
  public class func diopter() -> HKUnit { HKUnit(checked: "count/m") }
  public class func prismDiopter() -> HKUnit { HKUnit(checked: "count/m") }
  public class func appleEffortScore() -> HKUnit { HKUnit(checked: "count") }
}

/// HealthKit's `HKQuantity`: a value in a unit.
///
/// Asking for the value in a unit of another dimension raises on iOS (an `NSException`); here
/// it stops the process with HealthKit's message (protocol/native-healthkit.md#units).
open class HKQuantity: NSObject, NSCopying, @unchecked Sendable {
  let value: Double
  let unit: HKUnit

  public init(unit: HKUnit, doubleValue value: Double) {
    self.unit = unit
    self.value = value
    super.init()
  }

  public func `is`(compatibleWith unit: HKUnit) -> Bool { self.unit.isCompatible(with: unit) }

  public func doubleValue(for unit: HKUnit) -> Double {
    guard self.unit.isCompatible(with: unit) else {
      fatalError(
        "NSInvalidArgumentException: Attempt to convert incompatible units: "
          + "\(self.unit.unitString), \(unit.unitString)")
    }
    return (try? self.unit.parsed.convert(value, to: unit.parsed)) ?? value
  }

  /// Orders two compatible quantities.
  public func compare(_ quantity: HKQuantity) -> ComparisonResult {
    let other = quantity.doubleValue(for: unit)
    if value < other { return .orderedAscending }
    if value > other { return .orderedDescending }
    return .orderedSame
  }

  open override var description: String { "\(Self.format(value)) \(unit.unitString)" }
  open override var hash: Int { value.hashValue }
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKQuantity, other.is(compatibleWith: unit) else { return false }
    return other.doubleValue(for: unit) == value
  }

  public func copy(with zone: NSZone? = nil) -> Any { self }

  static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
