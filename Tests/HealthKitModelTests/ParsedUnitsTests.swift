import Testing

@testable import HealthKitModel

/// Units parsed once and kept: the kept answer is the parser's, a unit or its error, and the
/// table starts again when full.
@Suite struct ParsedUnitsTests {
  @Test(arguments: ["count/min", "mmol<180.15588000005408>/L", "ml/(kg*min)", "degF"])
  func aKeptUnitIsTheParsersUnit(text: String) throws {
    let first = try HealthUnit(text)
    #expect(first == (try UnitParser.parse(text)))
    #expect(try HealthUnit(text) == first)
  }

  @Test(arguments: ["kgg", "m/", "mmol<>/L", ""])
  func aKeptErrorIsTheParsersError(text: String) {
    var parsed: ModelError?
    do { _ = try UnitParser.parse(text) } catch { parsed = error }
    #expect(parsed != nil)
    for _ in 0..<2 {
      #expect(throws: parsed!) { try HealthUnit(text) }
    }
  }

  /// More distinct texts than the table holds: each still parses to its own unit.
  @Test func moreTextsThanTheLimitStillParse() throws {
    let count = ParsedUnits.limit * 2 + 3
    for index in 0..<count {
      let text = "mmol<\(index + 1)>/L"
      let unit = try HealthUnit(text)
      #expect(unit.text == text)
      #expect(unit.factor == (try UnitParser.parse(text)).factor)
    }
    #expect(try HealthUnit("mmol<1>/L").factor == (try UnitParser.parse("mmol<1>/L")).factor)
  }
}
