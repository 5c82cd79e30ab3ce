import HealthKitModel
import Testing

@Suite struct UnitParsingTests {
  /// Unit strings of protocol/healthkit-rules.md#units and Apple's HKUnit documentation, with their dimension names.
  @Test(arguments: [
    ("count", "a count"), ("%", "a percentage"),
    ("count/min", "a frequency"), ("Hz", "a frequency"), ("kg", "a mass"), ("lb", "a mass"),
    ("g", "a mass"), ("mg", "a mass"), ("mcg", "a mass"), ("oz", "a mass"), ("st", "a mass"),
    ("m", "a length"), ("km", "a length"), ("mi", "a length"), ("ft", "a length"),
    ("in", "a length"), ("yd", "a length"), ("cm", "a length"), ("kcal", "an energy"),
    ("Cal", "an energy"), ("cal", "an energy"), ("kJ", "an energy"), ("J", "an energy"),
    ("degC", "a temperature"), ("degF", "a temperature"), ("K", "a temperature"),
    ("mmHg", "a pressure"), ("cmAq", "a pressure"), ("inHg", "a pressure"), ("atm", "a pressure"),
    ("kPa", "a pressure"), ("s", "a time"), ("ms", "a time"), ("min", "a time"),
    ("hr", "a time"), ("d", "a time"), ("mL", "a volume"), ("L", "a volume"), ("l", "a volume"),
    ("fl_oz_us", "a volume"), ("fl_oz_imp", "a volume"), ("cup_us", "a volume"),
    ("pt_imp", "a volume"), ("mg/dL", "a concentration (mass/volume)"),
    ("mg/dl", "a concentration (mass/volume)"),
    ("mmol<180.15588000005408>/L", "a concentration (mass/volume)"),
    ("ml/(kg*min)", "an oxygen uptake (volume/(mass*time))"),
    ("ml/kg*min", "an oxygen uptake (volume/(mass*time))"),
    ("ml/kg/min", "an oxygen uptake (volume/(mass*time))"),
    ("mL/(kg.min)", "an oxygen uptake (volume/(mass*time))"),
    ("L/min", "a flow rate (volume/time)"),
    ("dBASPL", "a sound pressure level (dBASPL)"), ("dBHL", "a hearing level (dBHL)"),
    ("W", "a power"), ("kW", "a power"), ("m/s", "a speed"), ("km/hr", "a speed"),
    ("m/s^2", "an acceleration"), ("m*s^-2", "an acceleration"),
    ("IU", "a pharmacological dose (IU)"),
    ("lx", "an illuminance"), ("S", "an electrical conductance"),
    ("mcS", "an electrical conductance"),
    ("mV", "an electric potential"), ("mol", "an amount of substance"),
    ("J/s", "a power"), ("(m)", "a length"), ("((kg))", "a mass"), ("kg*m^2/s^2", "an energy"),
  ])
  func parses(text: String, dimensionName: String) throws {
    let unit = try HealthUnit(text)
    #expect(unit.dimension.name == dimensionName)
    #expect(unit.text == text)
  }

  /// Each malformed unit fails at the pinned character offset.
  @Test(arguments: [
    ("", 0), ("kgg", 0), ("foo", 0), ("kg/", 3), ("/kg", 0), ("kg*", 3), ("m^", 1), ("m^x", 1),
    ("m^99", 1), ("(kg", 3), ("kg)", 2), ("k g", 0), ("mcal", 0), ("%%", 0), ("mol<>", 4),
    ("mol<abc>", 4), ("mol<-5>", 4), ("mol<180", 7), ("xmol<180>", 0), ("kg^-", 2), ("kg^", 2),
    ("()", 1),
    ("Kg", 0), ("MG", 0), ("mmHgx", 0), ("dBA", 0),
  ])
  func rejects(text: String, position: Int) {
    #expect(throws: ModelError.self) { try HealthUnit(text) }
    do {
      _ = try HealthUnit(text)
    } catch {
      guard case .invalidUnit(let unit, let at, _) = error else {
        Issue.record("expected invalidUnit, got \(error)")
        return
      }
      #expect(unit == text)
      #expect(at == position, "\(text)")
    }
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let deep = String(repeating: "(", count: 10_000) + "m" + String(repeating: ")", count: 10_000)
    #expect(throws: ModelError.self) { try HealthUnit(deep) }
    let fine = String(repeating: "(", count: 16) + "m" + String(repeating: ")", count: 16)
    #expect((try? HealthUnit(fine))?.dimension.name == "a length")
  }

  @Test func hugeExponentsAndSizesAreErrorsNotTraps() {
    let nested =
      String(repeating: "(", count: 16) + "m"
      + String(repeating: ")^12", count: 16)
    #expect(throws: ModelError.self) { try HealthUnit(nested) }
    let chain = Array(repeating: "m", count: 65).joined(separator: "*")
    #expect(throws: ModelError.self) { try HealthUnit(chain) }
    let sixtyFour = Array(repeating: "m", count: 64).joined(separator: "*")
    #expect((try? HealthUnit(sixtyFour)) != nil)
    let tiny = Array(repeating: "pg^12", count: 4).joined(separator: "*")
    #expect(throws: ModelError.self) { try HealthUnit(tiny) }
  }

  @Test func errorMessageNamesTheUnitAndWhatWasExpected() {
    do {
      _ = try HealthUnit("kg/")
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description
          == "invalid unit 'kg/' at character 3: expected a unit such as g, m, L, s, count, %, or '('"
      )
    }
  }
}

@Suite struct UnitConversionTests {
  static func convert(_ value: Double, _ from: String, _ to: String) throws -> Double {
    try Units.convert(value, from: from, to: to)
  }

  static func close(_ actual: Double, _ expected: Double, tolerance: Double = 1e-9) -> Bool {
    abs(actual - expected) <= tolerance * max(1, abs(expected))
  }

  /// Expected values from the unit definitions (1 lb = 0.45359237 kg exactly, 1 kcal = 4.184 kJ,
  /// 1 mi = 1609.344 m, glucose 180.15588 g/mol: 1 mmol/L = 18.015588 mg/dL).
  @Test(arguments: [
    (1.0, "lb", "kg", 0.453_592_37), (100.0, "kg", "lb", 220.462_262_184_877_6),
    (1.0, "kcal", "kJ", 4.184), (4.184, "kJ", "kcal", 1.0), (1.0, "Cal", "kcal", 1.0),
    (1000.0, "cal", "kcal", 1.0), (1.0, "mi", "m", 1_609.344),
    (1.0, "km", "mi", 0.621_371_192_237_334),
    (12.0, "in", "ft", 1.0), (60.0, "count/min", "count/s", 1.0), (1.0, "Hz", "count/min", 60.0),
    (5.5, "mmol<180.15588000005408>/L", "mg/dL", 99.085_734_000_029_74),
    (100.0, "mg/dL", "mmol<180.15588000005408>/L", 1_000.0 / 180.155_880_000_054_08),
    (1.0, "mg", "mcg", 1_000.0), (1.0, "g", "mg", 1_000.0), (1.0, "L", "mL", 1_000.0),
    (1.0, "dL", "mL", 100.0), (1.0, "hr", "min", 60.0), (1.0, "d", "s", 86_400.0),
    (1.0, "min", "ms", 60_000.0), (1.0, "km/hr", "m/s", 1.0 / 3.6),
    (760.0, "mmHg", "atm", 760.0 * 133.322_387_415 / 101_325.0), (1.0, "atm", "kPa", 101.325),
    (1.0, "fl_oz_us", "mL", 29.573_529_562_5),
    (1.0, "st", "lb", 14.0), (16.0, "oz", "lb", 1.0),
  ])
  func converts(value: Double, from: String, to: String, expected: Double) throws {
    #expect(Self.close(try Self.convert(value, from, to), expected))
  }

  @Test(arguments: [
    (37.0, "degC", "degF", 98.6), (98.6, "degF", "degC", 37.0), (0.0, "degC", "K", 273.15),
    (273.15, "K", "degC", 0.0), (-40.0, "degC", "degF", -40.0), (32.0, "degF", "K", 273.15),
    (212.0, "degF", "degC", 100.0),
  ])
  func convertsTemperaturesWithOffsets(value: Double, from: String, to: String, expected: Double)
    throws
  {
    #expect(Self.close(try Self.convert(value, from, to), expected))
  }

  /// 150 lb is exactly 68.0388555 kg (150 × 0.45359237); the conversion rounds once, so the
  /// double is the one closest to that decimal, as a hand calculation gives it.
  @Test func ratioConversionRoundsOnce() throws {
    #expect(try Self.convert(150, "lb", "kg") == 68.038_855_5)
  }

  @Test func sameUnitIsIdentity() throws {
    #expect(try Self.convert(-0.0, "kg", "kg").sign == .minus)
    #expect(try Self.convert(123.456, "count/min", "count/min") == 123.456)
  }

  @Test(arguments: [
    ("kg", "m"), ("count/min", "count"), ("degC", "kcal"), ("mg/dL", "mg"), ("dBASPL", "dBHL"),
    ("dBASPL", "Pa"), ("mol", "g"), ("IU", "mg"), ("L", "kg"),
    // Apple: "Even though count and percent units are both scalar units, you cannot convert
    // between them."
    ("%", "count"), ("count", "%"),
  ])
  func incompatibleUnitsAreRefused(from: String, to: String) {
    #expect(throws: ModelError.incompatibleUnits(from: from, to: to)) {
      try Self.convert(1, from, to)
    }
  }

  @Test func incompatibleMessage() {
    #expect(
      ModelError.incompatibleUnits(from: "kg", to: "m").description
        == "unit 'kg' cannot be converted to 'm': their dimensions differ")
  }
}

@Suite struct QuantityUnitCheckTests {
  @Test(arguments: [
    ("HKQuantityTypeIdentifierHeartRate", "count/min"),
    ("HKQuantityTypeIdentifierHeartRate", "count/s"),
    ("HKQuantityTypeIdentifierBodyMass", "lb"),
    ("HKQuantityTypeIdentifierBloodGlucose", "mmol<180.15588000005408>/L"),
    ("HKQuantityTypeIdentifierBodyTemperature", "degF"),
    ("HKQuantityTypeIdentifierVO2Max", "ml/(kg*min)"),
    ("HKQuantityTypeIdentifierDietaryWater", "fl_oz_us"),
    ("HKQuantityTypeIdentifierActiveEnergyBurned", "kJ"),
    ("HKQuantityTypeIdentifierStepCount", "count"),
    ("HKQuantityTypeIdentifierOxygenSaturation", "%"),
    ("HKQuantityTypeIdentifierEnvironmentalAudioExposure", "dBASPL"),
    ("HKQuantityTypeIdentifierBloodPressureSystolic", "mmHg"),
  ])
  func acceptsCompatibleUnits(identifier: String, unit: String) throws {
    #expect(try Units.check(unit: unit, for: identifier).text == unit)
  }

  @Test func refusesWithAMessageNamingBoth() {
    let heartRate = "HKQuantityTypeIdentifierHeartRate"
    #expect(
      throws: ModelError.unitNotAllowed(
        unit: "kg", identifier: heartRate, expected: "a frequency", canonicalUnit: "count/min")
    ) { try Units.check(unit: "kg", for: heartRate) }
    let message = ModelError.unitNotAllowed(
      unit: "kg", identifier: heartRate, expected: "a frequency", canonicalUnit: "count/min"
    ).description
    #expect(message == "unit 'kg' is not a frequency; heartRate takes count/min")
  }

  @Test func refusesUnparsableUnitAndNonQuantity() {
    #expect(throws: ModelError.self) {
      try Units.check(unit: "kgs", for: "HKQuantityTypeIdentifierBodyMass")
    }
    #expect(throws: ModelError.notAQuantityType("HKCategoryTypeIdentifierSleepAnalysis")) {
      try Units.check(unit: "count", for: "HKCategoryTypeIdentifierSleepAnalysis")
    }
  }

  @Test func glucoseMolarMassIsGramsPerMole() throws {
    #expect(
      try Units.convert(1, from: "mol<180.15588000005408>", to: "g") == 180.155_880_000_054_08)
  }
}
