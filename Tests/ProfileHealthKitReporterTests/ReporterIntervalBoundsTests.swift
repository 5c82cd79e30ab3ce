import ChannelTestSupport
import FlutterCodec
import HealthKitModel
import Testing

@testable import PluginHost
@testable import ProfileHealthKitReporter

/// `intervalComponents` at the ends of `Int` (issue 33, D23): components whose interval
/// overflows or lies past the calendar's reach start no query, and the listen is answered
/// (protocol/profiles/health_kit_reporter.md), never trapped on.
@Suite struct ReporterIntervalBoundsTests {
  static func components(_ pairs: [(String, ChannelValue)]) -> CastArguments {
    CastArguments(.object(pairs))
  }

  /// Was: exit 132 in ReporterInterval (a product or sum of components overflowing).
  @Test(arguments: [
    ("quarter", ChannelValue.int32(.max)), ("year", .int32(.max)), ("month", .int64(.max)),
    ("day", .int64(.max)), ("day", .int64(.min)), ("hour", .int64(.max)),
    ("minute", .int64(.min)), ("second", .int64(.max)), ("weekOfYear", .int64(.max / 2)),
  ])
  func overflowingComponentsMakeNoInterval(component: (String, ChannelValue)) {
    #expect(ReporterInterval(Self.components([component])) == nil)
  }

  @Test func componentsThatCancelOutOnlyAfterOverflowMakeNoInterval() {
    #expect(
      ReporterInterval(
        Self.components([("second", .int64(.max)), ("minute", .int64(.min))])) == nil)
  }

  @Test func boundariesBeyondTheCalendarAreNil() throws {
    let month = try #require(ReporterInterval(Self.components([("month", .int32(1))])))
    #expect(month.boundary(anchor: 0, step: .max) == nil)
    #expect(month.boundary(anchor: 0, step: .min) == nil)
    #expect(month.boundary(anchor: 0, step: 12 * 2_000_000) == nil)
    #expect(month.step(holding: .max, anchor: .min) == nil)
    let day = try #require(ReporterInterval(Self.components([("day", .int32(1))])))
    #expect(day.boundary(anchor: 0, step: .max) == nil)
    #expect(day.boundary(anchor: 0, step: 1) == 86_400_000)
  }

  static func listenArguments(_ components: [(String, ChannelValue)]) -> ChannelValue {
    .object([
      (
        "preferredUnits",
        .list([.object([("identifier", .string(ReporterHost.steps)), ("unit", "count")])])
      ),
      ("anchorTimestamp", .int64(1_704_067_200_000)),
      ("enumerateFrom", .int64(1_704_067_200_000)), ("enumerateTo", .int64(1_704_153_600_000)),
      ("intervalComponents", .object(components)),
      ("startTimestamp", .int64(1_704_067_200_000)), ("endTimestamp", .int64(1_704_153_600_000)),
    ])
  }

  @Test(arguments: [
    [("quarter", ChannelValue.int32(.max))], [("year", .int32(.max))], [("day", .int64(.max))],
    [("second", .int64(.min)), ("minute", .int32(1))], [("month", .int32(7_200_001))],
  ])
  func theListenIsAnsweredAndSendsNothing(components: [(String, ChannelValue)]) {
    let host = ReporterHost()
    host.authorize()
    let reply = host.call(
      "listen", Self.listenArguments(components),
      channel: ReporterEventChannels.statisticsCollection)
    #expect(reply == .success(nil))
    #expect(host.events().isEmpty)
  }

  /// The longest interval allowed is one interval, sent once.
  @Test func theLongestIntervalEnumeratesOnce() {
    let host = ReporterHost()
    host.authorize()
    let reply = host.call(
      "listen", Self.listenArguments([("month", .int32(Int32(ReporterInterval.maximumMonths)))]),
      channel: ReporterEventChannels.statisticsCollection)
    #expect(reply == .success(nil))
    #expect(host.events().count == 1)
  }
}
