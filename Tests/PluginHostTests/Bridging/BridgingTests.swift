import FlutterCodec
import HealthStore
import Testing

@testable import PluginHost

/// What an iOS plugin host does with channel values: `as?` casts, Dates, HealthKit's units.
@Suite struct BridgingTests {
  @Test func timesRoundTripThroughADateAsTheHostDoes() {
    #expect(HostDate.milliseconds(1_704_067_200_000) == 1_704_067_200_000)
    #expect(HostDate.milliseconds(0) == 0)
    #expect(HostDate.milliseconds(.infinity) == 9_000_000_000_000_000)
  }

  @Test func castsGiveNilWhereTheHostsCastFails() {
    let args = CastArguments(
      .object([
        ("name", "x"), ("count", .int(2)), ("whole", .float64(3)), ("half", .float64(0.5)),
        ("flag", .bool(true)), ("none", .null), ("names", .list(["a", "b"])),
      ]))
    #expect(args.isMap)
    #expect(args.string("name") == "x")
    #expect(args.string("count") == nil)
    #expect(args.int("whole") == 3)
    #expect(args.int("half") == nil)
    #expect(args.number("flag") == 1)
    #expect(args.number("none") == nil)
    #expect(args.strings("names") == ["a", "b"])
    #expect(args.ints("names") == nil)
    #expect(args.milliseconds("missing") == 0)
    #expect(!CastArguments(.list([])).isMap)
  }

  @Test func unitsConvertAsHKQuantityDoes() {
    #expect(HostUnits.parseable("") == "count")
    #expect(HostUnits.fits("count/min", identifier: "HKQuantityTypeIdentifierHeartRate"))
    #expect(!HostUnits.fits("kg", identifier: "HKQuantityTypeIdentifierHeartRate"))
    let kilo = MeasuredQuantity(value: 1, unit: "kg")
    #expect(HostUnits.value(kilo, in: "g") == 1000)
    #expect(HostUnits.value(kilo, in: "m") == nil)
  }
}
