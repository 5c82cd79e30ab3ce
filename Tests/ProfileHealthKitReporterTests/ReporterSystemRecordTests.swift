import ChannelTestSupport
import FlutterCodec
import Foundation
import Testing

@testable import PluginHost
@testable import ProfileHealthKitReporter

/// `queryActivitySummary`, its event stream and `electrocardiogramQuery`, answered from the
/// store in the pod's models.
@Suite struct ReporterSystemRecordTests {
  static let summaryType = "HKActivitySummaryTypeIdentifier"
  static let ecgType = "HKDataTypeIdentifierElectrocardiogram"

  func addSummaries(_ host: ReporterHost, days: [Int]) {
    host.control(
      "addActivitySummaries",
      .object([
        (
          "summaries",
          .list(
            days.map { day in
              .object([
                ("year", 2024), ("month", 1), ("day", .int(day)),
                ("activeEnergyBurned", .float64(Double(day) * 100)),
                ("activeEnergyBurnedGoal", 500), ("exerciseTime", 30), ("exerciseTimeGoal", 30),
                ("standHours", 10), ("standHoursGoal", 12),
              ])
            })
        )
      ]))
  }

  @Test func activitySummariesOfTheDaysAsThePodEncodesThem() throws {
    let host = ReporterHost()
    addSummaries(host, days: [1, 2, 3])
    #expect(host.error("queryActivitySummary", ReporterHost.day)?.code == "QueryActivitySummary")
    host.authorize(read: [Self.summaryType], write: [])
    // The day of t0 through the day 24 hours later: January 1 and 2.
    let found = try #require(
      host.json("queryActivitySummary", ReporterHost.day) as? [[String: Any]])
    #expect(found.count == 2)
    #expect(found.first?["identifier"] as? String == Self.summaryType)
    #expect(
      found.map { $0["date"] as? String } == [
        "2024-01-01T00:00:00.000Z", "2024-01-02T00:00:00.000Z",
      ])
    let harmonized = found.last?["harmonized"] as? [String: Any]
    #expect(harmonized?["activeEnergyBurned"] as? Double == 200)
    #expect(harmonized?["activeEnergyBurnedGoal"] as? Double == 500)
    #expect(harmonized?["activeEnergyBurnedUnit"] as? String == "Cal")
    #expect(harmonized?["appleExerciseTime"] as? Double == 30)
    #expect(harmonized?["appleExerciseTimeUnit"] as? String == "min")
    #expect(harmonized?["appleStandHours"] as? Double == 10)
    #expect(harmonized?["appleStandHoursGoal"] as? Double == 12)
    #expect(harmonized?["appleStandHoursUnit"] as? String == "count")
  }

  @Test func theSummaryStreamAnswersAgainAfterSummariesWereAdded() {
    let host = ReporterHost()
    host.authorize(read: [Self.summaryType], write: [])
    let channel = ReporterEventChannels.activitySummary
    #expect(host.call("listen", ReporterHost.day, channel: channel) == .success(.null))
    #expect(host.events().map(\.value) == [ReporterQueryMethods.jsonList([])])
    addSummaries(host, days: [1])
    let update = host.events()
    #expect(update.map(\.channel) == [channel])
    guard case .string(let text)? = update.first?.value else { return }
    let decoded = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
    #expect(decoded?.first?["date"] as? String == "2024-01-01T00:00:00.000Z")
    addSummaries(host, days: [9])
    #expect(host.events().count == 1)
    host.control("addSamples", .object([("records", .list([]))]))
    #expect(host.events().isEmpty)
  }

  func addECGs(_ host: ReporterHost) {
    host.control(
      "addElectrocardiograms",
      .object([
        (
          "records",
          .list([
            .object([
              ("start", .int(ReporterHost.t0 + 1000)), ("end", .int(ReporterHost.t0 + 31_000)),
              ("classification", "atrialFibrillation"), ("symptomsStatus", "present"),
              ("averageHeartRate", 96), ("samplingFrequency", 512),
              ("microvolts", .list([250, -125])),
            ]),
            // No sampling frequency: the pod's model refuses it and the retriever skips it.
            .object([("start", .int(ReporterHost.t0 + 60_000))]),
          ])
        )
      ]))
  }

  @Test func electrocardiogramsAsThePodEncodesThem() throws {
    let host = ReporterHost()
    addECGs(host)
    host.authorize(read: [Self.ecgType], write: [])
    let args = ChannelValue.object(host.dayPairs + [("withVoltageMeasurements", true)])
    let found = try #require(host.json("electrocardiogramQuery", args) as? [[String: Any]])
    #expect(found.count == 1)
    let ecg = try #require(found.first)
    #expect(ecg["identifier"] as? String == Self.ecgType)
    #expect(ecg["numberOfMeasurements"] as? Int == 2)
    let harmonized = try #require(ecg["harmonized"] as? [String: Any])
    #expect(harmonized["classification"] as? String == "Atrial fibrillation")
    #expect(harmonized["symptomsStatus"] as? String == "Present")
    #expect(harmonized["averageHeartRate"] as? Double == 96)
    #expect(harmonized["averageHeartRateUnit"] as? String == "count/min")
    #expect(harmonized["samplingFrequency"] as? Double == 512)
    #expect(harmonized["samplingFrequencyUnit"] as? String == "Hz")
    #expect(harmonized["count"] as? Int == 2)
    let measurements = try #require(harmonized["voltageMeasurements"] as? [[String: Any]])
    #expect(measurements.map { $0["timeSinceSampleStart"] as? Double } == [0, 1.0 / 512])
    let values = measurements.map { ($0["harmonized"] as? [String: Any])?["value"] as? Double }
    #expect(values == [0.00025, -0.000125])
    #expect(
      measurements.map { ($0["harmonized"] as? [String: Any])?["unit"] as? String } == ["V", "V"])
  }

  @Test func withoutVoltageMeasurementsTheListIsEmptyAndTheCountStays() throws {
    let host = ReporterHost()
    addECGs(host)
    host.authorize(read: [Self.ecgType], write: [])
    let args = ChannelValue.object(host.dayPairs + [("withVoltageMeasurements", false)])
    let found = try #require(host.json("electrocardiogramQuery", args) as? [[String: Any]])
    let harmonized = try #require(found.first?["harmonized"] as? [String: Any])
    #expect((harmonized["voltageMeasurements"] as? [Any])?.isEmpty == true)
    #expect(harmonized["count"] as? Int == 2)
  }
}
