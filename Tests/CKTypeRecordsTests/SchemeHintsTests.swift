import CKTypeRecords
import HealthKitModel
import Testing

/// Which naming scheme a name is in, from the CKType table and the catalogue.
@Suite struct SchemeHintsTests {
  static let stepCount = "HKQuantityTypeIdentifierStepCount"

  /// The lookups come from the tables, both ways: every CKType mapped to a type round-trips.
  @Test func lookupsRoundTripOverTheTables() {
    for row in RecordTypeMapper.rows {
      guard case .type = row.target, let identifier = SchemeHint.identifier(ofCKType: row.ckType)
      else { continue }
      let back = SchemeHint.ckType(ofIdentifier: identifier)
      #expect(back.flatMap(SchemeHint.identifier(ofCKType:)) == identifier, "\(row.ckType)")
    }
  }

  /// What the store's lookups are handed: each spelling of another scheme, named as such.
  @Test(arguments: [
    ("steps", "a CKType"), (".stepCount", "HealthKit's Swift name of a type"),
    ("HKQuantityTypeIdentifierSteps", "a CKType ('steps') written as a raw identifier"),
  ])
  func forRawIdentifierNamesTheScheme(name: String, what: String) {
    let hint = SchemeHint.forRawIdentifier(name)
    #expect(hint?.expected == .rawIdentifier)
    #expect(hint?.suggestion == Self.stepCount)
    #expect(
      hint?.message
        == "'\(name)' is \(what); this method takes raw HealthKit identifiers: use '\(Self.stepCount)'"
    )
  }

  @Test func aRawIdentifierOrAnUnknownNameHasNoRawIdentifierHint() {
    #expect(SchemeHint.forRawIdentifier(Self.stepCount) == nil)
    #expect(SchemeHint.forRawIdentifier("qqqqqq") == nil)
  }
}
