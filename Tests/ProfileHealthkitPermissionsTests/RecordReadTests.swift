import ChannelTestSupport
import FlutterCodec
import HealthKitModel
import Testing

@testable import HealthStore
@testable import PluginHost
@testable import PluginProfiles

/// readRecords (range, order, limit, units, privacy), deleteRecords and addSamples.
@Suite struct RecordReadTests {
  /// A harness with steps samples at t0 + offsets (minutes), each one minute long, value =
  /// offset.
  static func withSteps(_ offsets: [Int]) -> Harness {
    let h = Harness()
    h.allow(["steps"])
    for offset in offsets {
      let start = t0 + offset * minute
      _ = h.ok(
        "writeRecord",
        record(
          "steps", start: start,
          [("end", .int(start + minute)), ("value", .int(offset)), ("unit", "count")]))
    }
    return h
  }

  static func values(_ samples: [ChannelValue]) -> [Double] {
    samples.compactMap { $0["value"]?.doubleValue }
  }

  @Test func newestFirstByDefaultAndAscendingOnRequest() {
    let h = Self.withSteps([5, 1, 3])
    let newest = h.ok("readRecords", ["type": "steps"])?.listValue ?? []
    #expect(Self.values(newest) == [5, 3, 1])
    #expect(Self.values(h.read("steps")) == [1, 3, 5])
  }

  @Test func rangeSelectsOverlappingSamples() {
    let h = Self.withSteps([0, 1, 2, 3])
    // [t0 + 1 min, t0 + 3 min): the sample ending at t0 + 1 min and the one starting at
    // t0 + 3 min are out.
    let found = h.read("steps", [("start", .int(t0 + minute)), ("end", .int(t0 + 3 * minute))])
    #expect(Self.values(found) == [1, 2])
    let straddling = h.read(
      "steps", [("start", .int(t0 + minute + 1)), ("end", .int(t0 + minute + 2))])
    #expect(Self.values(straddling) == [1])
  }

  @Test func instantaneousSampleAtTheRangeStartCountsButNotAtItsEnd() {
    let h = Harness()
    h.allow(["heartRate"])
    for offset in [0, 10] {
      _ = h.ok(
        "writeRecord",
        record(
          "heartRate", start: t0 + offset, [("value", .int(60 + offset)), ("unit", "count/min")]))
    }
    let found = h.read("heartRate", [("start", .int(t0)), ("end", .int(t0 + 10))])
    #expect(Self.values(found) == [60])
  }

  @Test func limitAndTiesInTheOrderWritten() {
    let h = Self.withSteps([2, 2, 2, 7])
    // Same start: values 2, 2, 2 are told apart by uuid.
    let newest = h.ok("readRecords", ["type": "steps", "limit": 3])?.listValue ?? []
    #expect(newest.map { $0["uuid"] } == [.string(uuid(4)), .string(uuid(1)), .string(uuid(2))])
    let oldest = h.read("steps", [("limit", 2)])
    #expect(oldest.map { $0["uuid"] } == [.string(uuid(1)), .string(uuid(2))])
    #expect(h.read("steps", [("limit", 0)]).count == 4)
    #expect(
      h.failure("readRecords", ["type": "steps", "limit": -1])?.details == ["field": "limit"])
  }

  @Test func rangeEndBeforeStartIsInvalid() {
    let h = Self.withSteps([0])
    let error = h.failure("readRecords", ["type": "steps", "start": .int(t0), "end": .int(t0 - 1)])
    #expect(error?.details == ["field": "end"])
  }

  @Test func unitConversionOnRead() {
    let h = Harness()
    h.allow(["distanceCycling", "bloodGlucose", "bloodPressure"])
    _ = h.ok("writeRecord", record("distanceCycling", [("value", 1), ("unit", "mi")]))
    let meters = h.read("distanceCycling", [("unit", "m")]).first
    // One international mile is 1609.344 m exactly.
    #expect(meters?["value"] == .float64(1609.344))
    #expect(meters?["unit"] == "m")
    _ = h.ok(
      "writeRecord",
      record("bloodGlucose", [("value", 5.5), ("unit", "mmol<180.15588000005408>/L")]))
    let glucose = h.read("bloodGlucose", [("unit", "mg/dL")]).first?["value"]?.doubleValue ?? 0
    // 5.5 mmol/L × 180.156 g/mol = 990.86 mg/L = 99.086 mg/dL.
    #expect(abs(glucose - 99.085_734) < 0.000_01)
    _ = h.ok(
      "writeRecord",
      record("bloodPressure", [("systolic", 150), ("diastolic", 75), ("unit", "mmHg")]))
    let pressure = h.read("bloodPressure", [("unit", "kPa")]).first
    // 1 mmHg = 133.322 Pa: 150 mmHg ≈ 19.998 kPa, 75 mmHg ≈ 9.999 kPa.
    #expect(abs((pressure?["systolic"]?.doubleValue ?? 0) - 19.998) < 0.001)
    #expect(abs((pressure?["diastolic"]?.doubleValue ?? 0) - 9.999) < 0.001)
    #expect(pressure?["unit"] == "kPa")
    // Written unit stays when none is asked for.
    #expect(h.read("distanceCycling").first?["value"] == .float64(1))
  }

  @Test func readUnitMustFitTheType() {
    let h = Harness()
    h.allow(["steps", "mindfulSession"])
    let wrong = h.failure("readRecords", ["type": "steps", "unit": "kg"])
    #expect(wrong?.details == ["field": "unit", "iosBehavior": "exception"])
    let category = h.failure("readRecords", ["type": "mindfulSession", "unit": "min"])
    #expect(category?.details == ["field": "unit"])
  }

  @Test func readDeniedShowsOnlyThisAppsSamplesSilently() {
    let h = Self.withSteps([1])
    h.setUp(
      "addSamples",
      [
        "records": [record("steps", [("value", 999), ("unit", "count")])],
        "source": ["bundleId": "com.apple.Health", "name": "Health"],
      ])
    #expect(Self.values(h.read("steps")) == [999, 1])
    h.allow(["steps"], read: .denied)
    #expect(Self.values(h.read("steps")) == [1])
  }

  @Test func readNeverAskedIsNotDetermined() {
    let h = Harness()
    let error = h.failure("readRecords", ["type": "steps"])
    #expect(error?.code == "AUTHORIZATION_NOT_DETERMINED")
    #expect(error?.details["hkErrorCode"] == i64(5))
  }

  @Test func readRefusals() {
    let h = Harness(os: "12.0")
    #expect(h.failure("readRecords", ["type": "totalEnergy"])?.code == "UNSUPPORTED_TYPE")
    #expect(h.failure("readRecords", ["type": "timeInDaylight"])?.code == "TYPE_UNAVAILABLE_ON_OS")
    let characteristic = h.failure("readRecords", ["type": "bloodType"])
    #expect(characteristic?.code == "UNSUPPORTED_TYPE")
    #expect(characteristic?.details["reason"] == "characteristic")
    #expect(h.failure("readRecords", ["type": 3])?.details == ["field": "type"])
    #expect(
      h.failure("readRecords", ["type": "steps", "ascending": "yes"])?.details == [
        "field": "ascending"
      ])
  }

  @Test func readOnlyTypesAreReadable() {
    let h = Harness()
    h.allow(["walkingStepLength"])
    h.setUp(
      "addSamples",
      [
        "records": [record("walkingStepLength", [("value", 0.7), ("unit", "m")])],
        "source": ["bundleId": "com.apple.health.watch"],
      ])
    let found = h.read("walkingStepLength")
    #expect(found.first?["source"] == .object([("bundleId", "com.apple.health.watch")]))
  }

  @Test func readFaultAfterChecks() {
    let h = Self.withSteps([1])
    h.setUp("injectFault", ["method": "readRecords", "code": "READ_ERROR", "hkErrorCode": 6])
    #expect(h.failure("readRecords", ["type": "stepz"])?.code == "UNSUPPORTED_TYPE")
    #expect(
      h.failure("readRecords", ["type": "steps"])?.details == .object([("hkErrorCode", i64(6))]))
    #expect(h.read("steps").count == 1)
  }

  // MARK: deleteRecords

  @Test func deleteOwnSamples() {
    let h = Self.withSteps([1, 2, 3])
    #expect(h.ok("deleteRecords", ["uuids": [.string(uuid(1)), .string(uuid(3))]]) == i64(2))
    #expect(Self.values(h.read("steps")) == [2])
    #expect(h.ok("deleteRecords", ["uuids": []]) == i64(0))
  }

  @Test func deleteIsAllOrNothing() {
    let h = Self.withSteps([1, 2])
    let missing = h.failure("deleteRecords", ["uuids": [.string(uuid(1)), "nope"]])
    #expect(missing?.code == "NOT_FOUND")
    #expect(missing?.details == ["field": "uuids[1]"])
    #expect(h.read("steps").count == 2)
  }

  @Test func deletingAnotherAppsSampleIsDenied() {
    let h = Self.withSteps([1])
    h.setUp(
      "addSamples",
      [
        "records": [record("steps", [("value", 5), ("unit", "count")])],
        "source": ["bundleId": "other.app"],
      ])
    let error = h.failure(
      "deleteRecords",
      ["uuids": [.string(uuid(1)), .string(uuid(1, source: SourcePrefix.otherApp))]])
    #expect(error?.code == "AUTHORIZATION_DENIED")
    #expect(error?.details["hkErrorCode"] == i64(4))
    #expect(error?.details["field"] == "uuids[1]")
    #expect(h.read("steps").count == 2)
  }

  @Test func deletingNeedsShareAuthorization() {
    let h = Self.withSteps([1])
    h.allow(["steps"], share: .sharingDenied)
    #expect(
      h.failure("deleteRecords", ["uuids": [.string(uuid(1))]])?.code == "AUTHORIZATION_DENIED")
  }

  @Test func deletingACorrelationTakesItsMembers() {
    let h = Harness()
    h.allow(["bloodPressure"])
    _ = h.ok(
      "writeRecord",
      record("bloodPressure", [("systolic", 120), ("diastolic", 80), ("unit", "mmHg")]))
    _ = h.ok(
      "writeRecord",
      record("bloodPressure", [("systolic", 130), ("diastolic", 85), ("unit", "mmHg")]))
    #expect(h.ok("deleteRecords", ["uuids": [.string(uuid(3))]]) == i64(1))
    #expect(h.sampleCount == 3)
    // A member takes its correlation and the other member with it.
    #expect(h.ok("deleteRecords", ["uuids": [.string(uuid(4))]]) == i64(1))
    #expect(h.sampleCount == 0)
  }

  // MARK: addSamples

  @Test func addSamplesNeedsNoAuthorizationAndNamesItsSource() {
    let h = Harness()
    let reply = h.control(
      "addSamples",
      [
        "records": [
          record("steps", [("value", 10), ("unit", "count")]),
          record("bloodPressure", [("systolic", 120), ("diastolic", 80), ("unit", "mmHg")]),
        ],
        "source": ["bundleId": "com.withings.wiscale2", "name": "Health Mate"],
      ])?.value
    // The source's own stream (the app's stays at 0).
    let withings = { uuid($0, source: SourcePrefix.withings) }
    #expect(reply == .object([("uuids", [.string(withings(1)), .string(withings(4))])]))
    h.allow(["steps"])
    #expect(
      h.read("steps").first?["source"]
        == .object([("bundleId", "com.withings.wiscale2"), ("name", "Health Mate")]))
  }

  @Test func addSamplesIsAllOrNothing() {
    let h = Harness()
    let error = h.control(
      "addSamples",
      [
        "records": [
          record("steps", [("value", 10), ("unit", "count")]),
          record("steps", [("value", 10), ("unit", "kg")]),
        ]
      ])?.error
    #expect(error?.code == "INVALID_ARGUMENTS")
    #expect(error?.details == ["field": "records[1].unit", "iosBehavior": "exception"])
    #expect(h.sampleCount == 0)
    let shape = h.control("addSamples", ["records": [["type": "steps"]]])?.error
    #expect(shape?.details == ["field": "records[0].start"])
    let characteristic = h.control("addSamples", ["records": [record("bloodType")]])?.error
    #expect(characteristic?.code == "READ_ONLY_TYPE")
    let typo = h.control("addSamples", ["records": [], "sources": 1])?.error
    #expect(typo?.details == ["field": "sources", "didYouMean": "source"])
  }

  @Test func snapshotListsSamplesInWriteOrder() {
    let h = Self.withSteps([5, 1])
    let samples = h.control("snapshot")?.value?["samples"]?.listValue ?? []
    #expect(samples.map { $0["uuid"] } == [.string(uuid(1)), .string(uuid(2))])
    #expect(samples.first?["value"] == .float64(5))
  }

  @Test(arguments: [
    "writeRecord", "writeRecords", "readRecords", "deleteRecords", "startWorkout", "endWorkout",
    "discardWorkout",
  ])
  func restrictedDeviceRefusesEveryRecordMethod(method: String) {
    let h = Harness()
    h.setUp("configure", ["restricted": true])
    let error = h.failure(method, [:])
    #expect(error?.code == "HEALTH_DATA_UNAVAILABLE")
    #expect(error?.details == .object([("hkErrorCode", i64(2))]))
  }

  @Test func deleteFaultDeletesNothing() {
    let h = Self.withSteps([1])
    h.setUp("injectFault", ["method": "deleteRecords", "code": "WRITE_ERROR", "count": 1])
    #expect(h.failure("deleteRecords", ["uuids": [.string(uuid(1))]])?.code == "WRITE_ERROR")
    #expect(h.read("steps").count == 1)
    #expect(h.ok("deleteRecords", ["uuids": [.string(uuid(1)), .string(uuid(1))]]) == i64(1))
  }
}
