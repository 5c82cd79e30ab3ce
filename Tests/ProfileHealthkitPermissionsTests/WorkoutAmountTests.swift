import ChannelTestSupport
import FlutterCodec
import Testing

@testable import PluginHost
@testable import PluginProfiles

/// Workout `energy` and `distance`: a total `{value, unit}` or a list of samples
/// `{value, unit, time}`, in `writeRecord` and `endWorkout` alike; `readRecords` gives totals.
@Suite struct WorkoutAmountTests {
  static func running(_ extra: [(String, ChannelValue)]) -> ChannelValue {
    record(
      "workout", start: t0,
      [("end", .int(t0 + 30 * minute)), ("activityType", "running")] + extra)
  }

  static func harness() -> Harness {
    let h = Harness()
    h.allow(["workout"])
    return h
  }

  @Test func writeRecordTakesTotals() {
    let h = Self.harness()
    let written = h.ok(
      "writeRecord",
      Self.running([
        ("distance", ["value": 5.0, "unit": "km"]), ("energy", ["value": 300, "unit": "kcal"]),
      ]))
    #expect(written?["hkType"] == "HKWorkoutTypeIdentifier")
    let workout = h.read("workout").first
    #expect(workout?["distance"] == .object([("value", .float64(5)), ("unit", "km")]))
    #expect(workout?["energy"] == .object([("value", .float64(300)), ("unit", "kcal")]))
  }

  @Test func writeRecordTakesSamplesAndReadsBackTheirSum() {
    let h = Self.harness()
    let samples: ChannelValue = [
      ["value": 2.0, "unit": "km", "time": .int(t0 + 10 * minute)],
      ["value": 1500, "unit": "m", "time": .int(t0 + 20 * minute)],
    ]
    _ = h.ok("writeRecord", Self.running([("distance", samples)]))
    // The sum in the unit of the first sample: 2 km + 1500 m = 3.5 km.
    #expect(
      h.read("workout").first?["distance"]
        == .object([("value", .float64(3.5)), ("unit", "km")]))
  }

  @Test func totalsAreCheckedAndNamedWithoutAnIndex() {
    let h = Self.harness()
    let unit = h.failure("writeRecord", Self.running([("distance", ["value": 5, "unit": "kcal"])]))
    #expect(unit?.details == ["field": "distance.unit", "iosBehavior": "exception"])
    let shape = h.failure("writeRecord", Self.running([("energy", 300)]))
    #expect(shape?.details == ["field": "energy"])
    #expect(
      shape?.message
        == "field 'energy' must be a total {value, unit} or a list of samples "
        + "{value, unit, time}, not int32")
    // speed, power and heartRate stay lists.
    let speed = h.failure("writeRecord", Self.running([("speed", ["value": 3, "unit": "m/s"])]))
    #expect(speed?.details == ["field": "speed"])
    #expect(h.sampleCount == 0)
  }

  @Test func endWorkoutTakesSamplesAndTotals() {
    let h = Self.harness()
    let id = h.ok("startWorkout", ["activityType": "running"])?["sessionId"] ?? .null
    h.setUp("advanceClock", ["ms": .int(30 * minute)])
    let samples: ChannelValue = [
      ["value": 100, "unit": "kcal", "time": .int(t0 + minute)],
      ["value": 150, "unit": "kcal", "time": .int(t0 + 2 * minute)],
    ]
    let ended = h.ok(
      "endWorkout",
      ["sessionId": id, "energy": samples, "distance": ["value": 4.2, "unit": "km"]])
    #expect(ended?["duration"] == .float64(1800))
    let workout = h.read("workout").first
    #expect(workout?["energy"] == .object([("value", .float64(250)), ("unit", "kcal")]))
    #expect(workout?["distance"] == .object([("value", .float64(4.2)), ("unit", "km")]))
  }

  @Test func endWorkoutSamplesMustFallInsideTheWorkout() {
    let h = Self.harness()
    let id = h.ok("startWorkout", ["activityType": "running"])?["sessionId"] ?? .null
    let late: ChannelValue = [["value": 1, "unit": "km", "time": .int(t0 + 99 * minute)]]
    let error = h.failure("endWorkout", ["sessionId": id, "distance": late])
    #expect(error?.code == "INVALID_ARGUMENTS")
    #expect(error?.details == ["field": "distance[0].time"])
  }
}

/// `writeRecords` names the field of every failure by its path in the call.
@Suite struct WriteRecordsFieldTests {
  @Test func everyFailureHasAField() {
    let h = Harness()
    h.allow(["steps"])
    let reply = h.ok(
      "writeRecords",
      [
        "records": [
          record("steps", [("value", 1), ("unit", "count")]),
          record("steps", [("value", 1), ("unit", "kg")]),
          record("bloodType", [("value", 1)]),
          record("heartRate", [("value", 60), ("unit", "count/min")]),
          "not a record",
          ["start": .int(t0)],
        ]
      ])
    let failures = reply?["failures"]?.listValue ?? []
    #expect(
      failures.map { $0["field"] } == [
        "records[1].unit", "records[2].type", "records[3]", "records[4]", "records[5].type",
      ])
    #expect(
      failures.map { $0["code"] } == [
        "INVALID_ARGUMENTS", "READ_ONLY_TYPE", "AUTHORIZATION_NOT_DETERMINED", "INVALID_ARGUMENTS",
        "INVALID_ARGUMENTS",
      ])
    // Keys in order: index, code, field, message.
    if case .map(let entries) = failures.first {
      #expect(entries.map(\.key) == ["index", "code", "field", "message"])
    }
  }
}
