import ChannelTestSupport
import FlutterCodec
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles

/// getIntervalData and getTotalStepsInInterval: HealthKit's statistics, merged across sources.
@Suite struct HealthStatisticsTests {
  /// An Apple Watch (ranked first: an Apple source) with 600 steps from 10:00 to 11:00, and
  /// the app with 300 steps from 10:30 to 11:30, overlapping the watch for 30 minutes.
  func overlappingHost() -> HealthHost {
    let host = HealthHost()
    host.authorize(["STEPS"], 2)
    #expect(
      host.ok("writeData", writeDataArgs("STEPS", 300, "COUNT", from: 10.5, to: 11.5)) == true)
    host.add(
      [quantityRecord("steps", 600, "count", from: 10, to: 11)], bundleId: "com.apple.health.Watch")
    return host
  }

  func intervalArgs(_ key: String, _ unit: String, from: Double, to: Double, seconds: Int32 = 3600)
    -> ChannelValue
  {
    [
      "dataTypeKey": .string(key), "dataUnitKey": .string(unit), "startTime": T.ms(from),
      "endTime": T.ms(to), "interval": .int32(seconds), "recordingMethodsToFilter": .list([]),
    ]
  }

  @Test func overlappingSourcesAreNotCountedTwice() {
    let host = overlappingHost()
    let points = host.ok("getIntervalData", intervalArgs("STEPS", "COUNT", from: 10, to: 12))?.items
    // 10–11: the watch's 600; the app's 10:30–11:00 half lies under the watch: 0.
    // 11–12: the app's 11:00–11:30 half, uncovered: 300 × 30/60 = 150.
    #expect(
      points == [
        .object([
          ("value", .float64(600)), ("date_from", .int64(Int64(T.at(10)))),
          ("date_to", .int64(Int64(T.at(11)))), ("source_id", ""), ("source_name", ""),
        ]),
        .object([
          ("value", .float64(150)), ("date_from", .int64(Int64(T.at(11)))),
          ("date_to", .int64(Int64(T.at(12)))), ("source_id", ""), ("source_name", ""),
        ]),
      ])
    let total = host.ok(
      "getTotalStepsInInterval",
      ["startTime": T.ms(10), "endTime": T.ms(12), "recordingMethodsToFilter": .list([])])
    #expect(total == .int64(750))
  }

  @Test func appleSourcesRankAboveAppsWhateverWroteFirst() {
    // The app wrote first, yet the watch ranks first. Ranked the other way, the hour 10–11
    // would be the app's 150 plus the watch's uncovered 300 = 450, not the 600 counted above.
    let ranked = SampleStatistics.rank(overlappingHost().store.samplesInWriteOrder)
    #expect(ranked.map(\.sample.source.bundleId) == ["com.example.app", "com.apple.health.Watch"])
    #expect(ranked.map(\.rank) == [1, 0])
  }

  @Test func samplesOfOneSourceDoNotHideEachOther() {
    let host = HealthHost()
    host.authorize(["STEPS"], 2)
    #expect(host.ok("writeData", writeDataArgs("STEPS", 100, "COUNT", from: 9, to: 10)) == true)
    #expect(host.ok("writeData", writeDataArgs("STEPS", 50, "COUNT", from: 9.5, to: 10)) == true)
    let points = host.ok("getIntervalData", intervalArgs("STEPS", "COUNT", from: 9, to: 10))?.items
    #expect(points?.first?["value"] == .float64(150))
  }

  @Test func aSampleAcrossABucketBoundaryIsSplitByTime() {
    let host = HealthHost()
    host.authorize(["STEPS"], 2)
    #expect(host.ok("writeData", writeDataArgs("STEPS", 90, "COUNT", from: 9.5, to: 11)) == true)
    let points = host.ok("getIntervalData", intervalArgs("STEPS", "COUNT", from: 9, to: 11))?.items
    // 30 of 90 minutes in 9–10, 60 of 90 in 10–11.
    #expect(points?.map { $0["value"] } == [.float64(30), .float64(60)])
  }

  @Test func discreteTypesAverageOverEverySource() {
    let host = HealthHost()
    host.authorize(["HEART_RATE"], 2)
    #expect(
      host.ok("writeData", writeDataArgs("HEART_RATE", 80, "BEATS_PER_MINUTE", from: 9.1, to: 9.1))
        == true)
    host.add(
      [quantityRecord("heartRate", 60, "count/min", from: 9.2, to: 9.2)],
      bundleId: "com.apple.health.Watch")
    let points = host.ok(
      "getIntervalData", intervalArgs("HEART_RATE", "BEATS_PER_MINUTE", from: 9, to: 10))?.items
    #expect(points?.map { $0["value"] } == [.float64(70)])
  }

  @Test func theDistributionHonoursTheUnitAndTheManualFilter() {
    let host = overlappingHost()
    var args = intervalArgs("STEPS", "COUNT", from: 10, to: 12)
    if case .map(var entries) = args {
      entries = entries.map {
        $0.key == "recordingMethodsToFilter" ? ChannelMapEntry($0.key, [3]) : $0
      }
      args = .map(entries)
    }
    // The app's sample was written with recording method 2, so nothing is filtered.
    #expect(host.ok("getIntervalData", args)?.items.count == 2)
    // An unknown unit key: the host skips every bucket.
    #expect(
      host.ok("getIntervalData", intervalArgs("STEPS", "NOT_A_UNIT", from: 10, to: 12)) == .list([])
    )
    let wrong = host.error("getIntervalData", intervalArgs("STEPS", "KILOGRAM", from: 10, to: 12))
    #expect(wrong?.code == "STATISTICS_ERROR")
    #expect(wrong?.details == ["iosBehavior": "exception"])
  }

  @Test func onlyTheQuantityDictionaryIsAccepted() {
    let error = HealthHost().error(
      "getIntervalData", intervalArgs("RESPIRATORY_RATE", "RESPIRATIONS_PER_MINUTE", from: 0, to: 1)
    )
    #expect(error?.code == "INVALID_TYPE")
    #expect(error?.message == "Invalid dataTypeKey for interval query: RESPIRATORY_RATE")
    let none = HealthHost().error("getIntervalData", nil)
    #expect(none?.message == "Invalid dataTypeKey for interval query: DEFAULT")
  }

  @Test func statisticsNeedAReadDecision() {
    let host = HealthHost()
    let interval = host.error("getIntervalData", intervalArgs("STEPS", "COUNT", from: 0, to: 1))
    #expect(interval?.code == "STATISTICS_ERROR")
    #expect(interval?.message == "Error getting statistics: Authorization not determined")
    let steps = host.error("getTotalStepsInInterval", ["startTime": T.ms(0), "endTime": T.ms(1)])
    #expect(steps?.code == "STEPS_ERROR")
    #expect(steps?.message == "Error getting step count: Authorization not determined")
  }

  @Test func totalStepsTruncatesAndCountsOnlySamplesStartingInTheRange() {
    let host = HealthHost()
    host.authorize(["STEPS"], 2)
    #expect(host.ok("writeData", writeDataArgs("STEPS", 10.9, "COUNT", from: 9, to: 9.5)) == true)
    #expect(host.ok("writeData", writeDataArgs("STEPS", 1000, "COUNT", from: 8, to: 9.2)) == true)
    let total = host.ok(
      "getTotalStepsInInterval",
      ["startTime": T.ms(9), "endTime": T.ms(10), "recordingMethodsToFilter": .list([])])
    #expect(total == .int64(10))
  }

  @Test func hugeRangesCostOnlyTheBucketsSamplesTouch() {
    let host = HealthHost()
    host.authorize(["STEPS"], 2)
    // A year in one-second buckets, no samples: nothing to compute.
    #expect(
      host.ok("getIntervalData", intervalArgs("STEPS", "COUNT", from: 0, to: 24 * 365, seconds: 1))
        == .list([]))
    // A 30-day sample in one-second buckets: 2,592,000 buckets, more than the emulator computes.
    #expect(host.ok("writeData", writeDataArgs("STEPS", 1, "COUNT", from: 0, to: 24 * 30)) == true)
    let error = host.error(
      "getIntervalData", intervalArgs("STEPS", "COUNT", from: 0, to: 24 * 30, seconds: 1))
    #expect(error?.code == "STATISTICS_ERROR")
    #expect(error?.message?.hasPrefix("hkbridge: the query spans more than 2000000") == true)
  }

  @Test func theUncoveredLengthIsExact() {
    #expect(SampleStatistics.uncovered(0, 100, by: []) == 100)
    #expect(SampleStatistics.uncovered(0, 100, by: [(10, 20), (15, 30), (90, 200)]) == 70)
    #expect(SampleStatistics.uncovered(0, 100, by: [(-5, 500)]) == 0)
  }
}
