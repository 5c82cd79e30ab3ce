import ChannelTestSupport
import FlutterCodec
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles

/// The default profile's statistics `listen` at the ends of `Int` (issue 33, D22): every range
/// and interval is answered or refused with the channel's argument error, never trapped on.
@Suite struct QueryStreamBoundsTests {
  let streams = QueryStreamTests()

  func listen(_ d: Dispatcher, start: Int64, end: Int64, interval: Int64) -> Envelope? {
    streams.call(
      d, QueryStreamTests.statistics, "listen",
      [
        "type": "steps", "start": .int64(start), "end": .int64(end),
        "interval": .int64(interval),
      ])
  }

  /// Was: "arithmetic overflow" in the store's bucket count (exit 132).
  @Test func aStartNearIntMinIsTheArgumentError() {
    let d = streams.dispatcher()
    let reply = listen(d, start: -Int64.max, end: 1_704_081_600_000, interval: 3_600_000)
    #expect(streams.errorCode(reply) == "INVALID_ARGUMENTS")
    if case .error(let error)? = reply {
      #expect(error.message?.contains("outside the supported range") == true)
      #expect(error.details["field"] == "start")
    }
    #expect(d.listeningChannels.isEmpty)
  }

  @Test(arguments: [
    (Int64.min, Int64.max, Int64(1)), (Int64.min, Int64.max, Int64.max),
    (Int64.max - 1, Int64.max, Int64.max), (Int64.min, Int64.min + 1, Int64(1)),
    (Int64(0), Int64.max, Int64(1)),
  ])
  func extremeRangesAreAnsweredOrRefusedByCode(range: (Int64, Int64, Int64)) {
    let d = streams.dispatcher()
    streams.addOther(d, [QueryStreamTests.steps(0, 5)])
    let reply = listen(d, start: range.0, end: range.1, interval: range.2)
    switch reply {
    case .success?: #expect(d.listeningChannels == [QueryStreamTests.statistics])
    default: #expect(streams.errorCode(reply) == "INVALID_ARGUMENTS")
    }
  }

  /// The store's arithmetic on its own: the whole `Int` range in buckets of `Int.max` (three
  /// buckets, the last one's end saturating at `Int.max`).
  @Test func theWholeIntRangeInThreeBucketsHoldsTheSample() throws {
    let sample = StoredSample(
      uuid: "u", identifier: "HKQuantityTypeIdentifierStepCount", start: 5, end: 10,
      body: .quantity(MeasuredQuantity(value: 5, unit: "count")), metadata: [],
      source: SampleSource(bundleId: "com.example.app"))
    let buckets = try SampleStatistics.buckets(
      [sample], option: .cumulativeSum, from: .min, to: .max, interval: .max, value: { _ in 5 })
    #expect(buckets == [SampleStatistics.Bucket(start: -1, end: .max - 1, value: 5)])
    // 1 ms buckets over the whole range: more than Int.max of them, refused.
    #expect(throws: SampleStatistics.TooManyBuckets(tooManyInAnswer: true)) {
      _ = try SampleStatistics.buckets(
        [sample], option: .cumulativeSum, from: .min, to: .max, interval: 1, value: { _ in 5 })
    }
  }
}
