import ChannelTestSupport
import FlutterCodec
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles

/// getIntervalData refuses more sample-bucket pairs than it computes, by counting them first
/// (protocol/profiles/health.md).
@Suite struct HealthBucketLimitTests {
  @Test func tooManyBucketsAreRefusedBeforeAnyIsFilled() {
    let host = HealthHost()
    host.authorize(["STEPS"], 2)
    // 1,000 hours of one-second buckets: 3,600,000 pairs for one sample.
    #expect(host.ok("writeData", writeDataArgs("STEPS", 5, "COUNT", from: 0, to: 1000)) == true)
    let args: ChannelValue = [
      "dataTypeKey": "STEPS", "dataUnitKey": "COUNT", "startTime": T.ms(0),
      "endTime": T.ms(1000), "interval": .int32(1), "recordingMethodsToFilter": .list([]),
    ]
    let error = host.error("getIntervalData", args)
    #expect(error?.code == "STATISTICS_ERROR")
    #expect(error?.message?.contains("more than 2000000 sample intervals") == true)
    // 54 years of hours with one sample over them all (issue 33, D19'): 473,000 buckets with a
    // value, past the 100,000 one answer holds.
    #expect(
      host.ok("writeData", writeDataArgs("STEPS", 5, "COUNT", from: 0, to: 24 * 365 * 54))
        == true)
    let hourly54: ChannelValue = [
      "dataTypeKey": "STEPS", "dataUnitKey": "COUNT", "startTime": T.ms(0),
      "endTime": T.ms(24 * 365 * 54), "interval": .int32(3600),
      "recordingMethodsToFilter": .list([]),
    ]
    let answer = host.error("getIntervalData", hourly54)
    #expect(answer?.code == "STATISTICS_ERROR")
    #expect(answer?.message?.contains("more than 100000 buckets with a value") == true)

    // Hourly buckets over the same range are answered.
    let hourly: ChannelValue = [
      "dataTypeKey": "STEPS", "dataUnitKey": "COUNT", "startTime": T.ms(0),
      "endTime": T.ms(1000), "interval": .int32(3600), "recordingMethodsToFilter": .list([]),
    ]
    #expect(host.ok("getIntervalData", hourly)?.items.count == 1000)
  }

  /// The pairs of a sample spanning the whole clock are counted without overflowing.
  @Test func aHugeSpanIsCountedWithoutOverflow() throws {
    let samples = [
      StoredSample(
        uuid: "u", identifier: "HKQuantityTypeIdentifierStepCount", start: 0,
        end: Int.max, body: .quantity(MeasuredQuantity(value: 1, unit: "count")), metadata: [],
        source: SampleSource(bundleId: "com.example.app"))
    ]
    #expect(throws: SampleStatistics.TooManyBuckets.self) {
      _ = try SampleStatistics.buckets(
        samples, option: .cumulativeSum, from: 0, to: Int.max, interval: 1, value: { _ in 1 })
    }
  }
}
