import Testing

@testable import HealthKitModel

/// The one civil-date routine: days since 1970-01-01 and back.
@Suite struct CivilDateTests {
  @Test func knownDates() {
    #expect(CivilDate.daysFromEpoch(1970, 1, 1) == 0)
    #expect(CivilDate.daysFromEpoch(2000, 3, 1) == 11_017)
    #expect(CivilDate.daysFromEpoch(2024, 1, 1) == 19_723)
    #expect(CivilDate.daysFromEpoch(1969, 12, 31) == -1)
    #expect(CivilDate.daysFromEpoch(1600, 2, 29) == -135_081)
    #expect(CivilDate.date(daysFromEpoch: 19_723) == (2024, 1, 1))
    #expect(CivilDate.date(daysFromEpoch: -1) == (1969, 12, 31))
    #expect(CivilDate.date(daysFromEpoch: 2_932_896) == (9999, 12, 31))
  }

  @Test func everyDayOfFourCenturiesRoundTrips() {
    var previous: (year: Int, month: Int, day: Int)?
    for days in -146_097...146_097 {
      let date = CivilDate.date(daysFromEpoch: days)
      #expect(CivilDate.daysFromEpoch(date.year, date.month, date.day) == days)
      if let previous, date.day != 1 {
        #expect(date.day == previous.day + 1 && date.month == previous.month)
      }
      previous = date
    }
  }
}
