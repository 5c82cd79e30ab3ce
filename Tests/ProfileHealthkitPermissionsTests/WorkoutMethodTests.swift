import CKTypeRecords
import ChannelTestSupport
import FlutterCodec
import HealthKitModel
import Testing

@testable import HealthStore
@testable import PluginHost
@testable import PluginProfiles

/// startWorkout / endWorkout / discardWorkout and workout records (protocol/record-shapes.md and protocol/healthkit-rules.md#workouts; GymTrack).
@Suite struct WorkoutMethodTests {
  static func authorized(device: String = "iPhone", os: String = "17.5") -> Harness {
    let h = Harness(device: device, os: os)
    h.allow(["workout"])
    return h
  }

  static func start(_ h: Harness, _ args: ChannelValue) -> String {
    h.ok("startWorkout", args)?["sessionId"]?.stringValue ?? ""
  }

  @Test func strengthWorkoutIsSavedWithItsTotals() {
    let h = Self.authorized()
    let id = Self.start(
      h, ["activityType": "traditionalStrengthTraining", "locationType": "indoor"])
    #expect(id == uuid(1))
    #expect(
      h.control("snapshot")?.value?["workoutsInProgress"]
        == [
          .object([
            ("sessionId", .string(id)), ("activityType", "traditionalStrengthTraining"),
            ("locationType", "indoor"), ("start", i64(t0)), ("live", false),
          ])
        ])
    let reply = h.ok(
      "endWorkout",
      .object([
        ("sessionId", .string(id)), ("end", .int(t0 + 45 * minute)),
        ("energy", ["value": 250, "unit": "kcal"]),
      ]))
    #expect(
      reply
        == .object([
          ("uuid", .string(uuid(2))), ("hkType", "HKWorkoutTypeIdentifier"),
          ("activityType", "traditionalStrengthTraining"), ("duration", .float64(2_700)),
        ]))
    #expect(
      h.read("workout") == [
        .object([
          ("uuid", .string(uuid(2))), ("type", "workout"), ("hkType", "HKWorkoutTypeIdentifier"),
          ("start", i64(t0)), ("end", i64(t0 + 45 * minute)),
          ("activityType", "traditionalStrengthTraining"), ("duration", .float64(2_700)),
          ("energy", .object([("value", .float64(250)), ("unit", "kcal")])),
          ("metadata", .object([("HKMetadataKeyIndoorWorkout", i64(1))])),
          ("source", .object([("bundleId", "com.example.app")])),
        ])
      ])
    #expect(h.control("snapshot")?.value?["workoutsInProgress"] == [])
  }

  @Test func abortedWorkoutIsStillSaved() {
    let h = Self.authorized()
    let id = Self.start(h, ["activityType": "mixedCardio", "locationType": "outdoor"])
    h.setUp("advanceClock", ["ms": 600_000])
    let reply = h.ok("endWorkout", ["sessionId": .string(id), "aborted": true])
    #expect(reply?["duration"] == .float64(600))
    #expect(
      h.read("workout").first?["metadata"]
        == .object([("HKMetadataKeyIndoorWorkout", i64(0)), ("ck_aborted", i64(1))]))
  }

  @Test func discardedWorkoutSavesNothing() {
    let h = Self.authorized()
    let id = Self.start(h, ["activityType": "coreTraining"])
    #expect(h.ok("discardWorkout", ["sessionId": .string(id)]) == .null)
    #expect(h.read("workout").isEmpty)
    let again = h.failure("endWorkout", ["sessionId": .string(id)])
    #expect(again?.code == "WORKOUT_STATE_ERROR")
    #expect(h.failure("discardWorkout", ["sessionId": .string(id)])?.code == "WORKOUT_STATE_ERROR")
  }

  @Test func sessionStateErrors() {
    let h = Self.authorized()
    let id = Self.start(h, ["activityType": "running", "start": .int(t0 + minute)])
    let early = h.failure("endWorkout", ["sessionId": .string(id), "end": .int(t0)])
    #expect(early?.code == "WORKOUT_STATE_ERROR")
    _ = h.ok("endWorkout", ["sessionId": .string(id), "end": .int(t0 + 2 * minute)])
    let twice = h.failure("endWorkout", ["sessionId": .string(id)])
    #expect(twice?.code == "WORKOUT_STATE_ERROR")
    let unknown = h.failure("endWorkout", ["sessionId": "no-such-session"])
    #expect(unknown?.code == "NOT_FOUND")
    #expect(unknown?.details == ["field": "sessionId"])
    #expect(h.failure("discardWorkout", ["sessionId": "nope"])?.code == "NOT_FOUND")
  }

  @Test func distanceMustFitTheActivity() {
    let h = Self.authorized()
    let id = Self.start(h, ["activityType": "traditionalStrengthTraining"])
    let error = h.failure(
      "endWorkout", ["sessionId": .string(id), "distance": ["value": 5, "unit": "km"]])
    #expect(error?.code == "UNSUPPORTED_TYPE")
    #expect(error?.details["type"] == "workout.distance")
    #expect(
      error?.details["allowedActivities"]
        == .list(RecordTypeMapper.allowedActivities(for: .distance).map { .string($0) }))
    #expect(error?.details["allowedActivities"]?.listValue?.contains("running") == true)
    // The failed call changed nothing: the session still runs.
    #expect(h.ok("endWorkout", ["sessionId": .string(id)]) != nil)
  }

  @Test func endWorkoutUnitsAreChecked() {
    let h = Self.authorized()
    let id = Self.start(h, ["activityType": "running"])
    let error = h.failure(
      "endWorkout", ["sessionId": .string(id), "energy": ["value": 5, "unit": "km"]])
    #expect(error?.details == ["field": "energy.unit", "iosBehavior": "exception"])
    _ = h.ok("endWorkout", ["sessionId": .string(id), "distance": ["value": 5, "unit": "km"]])
    #expect(
      h.read("workout").first?["distance"]
        == .object([("value", .float64(5)), ("unit", "km")]))
  }

  @Test func startWorkoutRefusals() {
    let none = Harness()
    let notDetermined = none.failure("startWorkout", ["activityType": "running"])
    #expect(notDetermined?.code == "AUTHORIZATION_NOT_DETERMINED")
    #expect(notDetermined?.details["hkErrorCode"] == i64(5))
    none.allow(["workout"], share: .sharingDenied)
    let denied = none.failure("startWorkout", ["activityType": "running"])
    #expect(denied?.code == "AUTHORIZATION_DENIED")
    #expect(denied?.details["hkErrorCode"] == i64(4))
    let h = Self.authorized()
    let unknown = h.failure("startWorkout", ["activityType": "weightLifting"])
    #expect(unknown?.code == "INVALID_ARGUMENTS")
    #expect(unknown?.details == ["field": "activityType"])
    let location = h.failure(
      "startWorkout", ["activityType": "running", "locationType": "gym"])
    #expect(location?.details == ["field": "locationType"])
    #expect(h.failure("startWorkout", [:])?.details == ["field": "activityType"])
    #expect(h.sampleCount == 0)
    #expect(h.store.workoutSessionsInProgress.isEmpty)
  }

  @Test func activityTooNewForTheDevice() {
    let h = Self.authorized(os: "16.4")
    let error = h.failure("startWorkout", ["activityType": "underwaterDiving"])
    #expect(error?.code == "TYPE_UNAVAILABLE_ON_OS")
    #expect(error?.details["minimumOS"] == "17.0")
  }

  @Test func liveSessionsNeedIOS17AndRunOneAtATime() {
    let old = Self.authorized(os: "16.4")
    let tooOld = old.failure("startWorkout", ["activityType": "running", "live": true])
    #expect(tooOld?.code == "TYPE_UNAVAILABLE_ON_OS")
    #expect(tooOld?.details["minimumOS"] == "17.0")
    #expect(tooOld?.details["deviceOS"] == "16.4")
    #expect(old.ok("startWorkout", ["activityType": "running"]) != nil)

    let h = Self.authorized()
    let first = Self.start(h, ["activityType": "running", "live": true])
    let second = h.failure("startWorkout", ["activityType": "cycling", "live": true])
    #expect(second?.code == "WORKOUT_STATE_ERROR")
    #expect(second?.details["hkErrorCode"] == i64(8))
    // A plain builder may run beside it.
    #expect(h.ok("startWorkout", ["activityType": "cycling"]) != nil)
    _ = h.ok("endWorkout", ["sessionId": .string(first)])
    #expect(h.ok("startWorkout", ["activityType": "cycling", "live": true]) != nil)
  }

  @Test func workoutFaultKeepsTheSession() {
    let h = Self.authorized()
    let id = Self.start(h, ["activityType": "running"])
    h.setUp("injectFault", ["method": "endWorkout", "code": "WRITE_ERROR", "hkErrorCode": 6])
    #expect(h.failure("endWorkout", ["sessionId": .string(id)])?.code == "WRITE_ERROR")
    #expect(h.read("workout").isEmpty)
    #expect(h.ok("endWorkout", ["sessionId": .string(id)])?["uuid"] == .string(uuid(2)))
  }

  // MARK: Workout records

  @Test func workoutRecordAddsUpItsSeries() {
    let h = Self.authorized()
    let reply = h.ok(
      "writeRecord",
      record(
        "workout",
        [
          ("end", .int(t0 + 30 * minute)), ("activityType", "running"),
          (
            "energy",
            [
              .object([("value", 100), ("unit", "kcal"), ("time", .int(t0 + 10 * minute))]),
              .object([("value", 418.4), ("unit", "kJ"), ("time", .int(t0 + 20 * minute))]),
            ]
          ),
          (
            "distance", [.object([("value", 5), ("unit", "km"), ("time", .int(t0 + 30 * minute))])]
          ),
          ("speed", [.object([("value", 3), ("unit", "m/s"), ("time", .int(t0))])]),
          ("power", [.object([("value", 250), ("unit", "W"), ("time", .int(t0))])]),
          ("heartRate", [.object([("value", 150), ("unit", "count/min"), ("time", .int(t0))])]),
        ]))
    #expect(reply == .object([("uuid", .string(uuid(1))), ("hkType", "HKWorkoutTypeIdentifier")]))
    let workout = h.read("workout").first
    // 418.4 kJ is 100 kcal (1 kcal = 4.184 kJ).
    let energy = workout?["energy"]?["value"]?.doubleValue ?? 0
    #expect(abs(energy - 200) < 1e-9)
    #expect(workout?["energy"]?["unit"] == "kcal")
    #expect(workout?["distance"] == .object([("value", .float64(5)), ("unit", "km")]))
    #expect(workout?["duration"] == .float64(1_800))
  }

  @Test func workoutRecordComponentsFollowTheActivity() {
    let h = Self.authorized()
    let speed = h.failure(
      "writeRecord",
      record(
        "workout",
        [
          ("activityType", "yoga"),
          ("speed", [.object([("value", 3), ("unit", "m/s"), ("time", .int(t0))])]),
        ]))
    #expect(speed?.code == "UNSUPPORTED_TYPE")
    #expect(speed?.details["type"] == "workout.speed")
    #expect(speed?.details["allowedActivities"] != nil)
    let elevation = h.failure(
      "writeRecord",
      record(
        "workout",
        [("activityType", "running"), ("elevation", ["ascended": 10, "unit": "m"])]))
    #expect(elevation?.code == "UNSUPPORTED_TYPE")
    // Empty lists are the same as none.
    #expect(
      h.ok("writeRecord", record("workout", [("activityType", "yoga"), ("speed", [])])) != nil)
  }

  @Test func skiingElevationIsWorkoutMetadata() {
    let h = Self.authorized()
    _ = h.ok(
      "writeRecord",
      record(
        "workout",
        [
          ("end", .int(t0 + minute)), ("activityType", "downhillSkiing"),
          ("locationType", "outdoor"),
          ("elevation", ["ascended": 1, "descended": 500, "unit": "km"]),
        ]))
    #expect(
      h.read("workout").first?["metadata"]
        == .object([
          ("HKMetadataKeyIndoorWorkout", i64(0)),
          ("HKMetadataKeyElevationAscended", .float64(1_000)),
          ("HKMetadataKeyElevationDescended", .float64(500_000)),
        ]))
  }

  @Test func seriesValuesLieInsideTheWorkout() {
    let h = Self.authorized()
    let error = h.failure(
      "writeRecord",
      record(
        "workout",
        [
          ("end", .int(t0 + minute)), ("activityType", "running"),
          (
            "heartRate",
            [.object([("value", 150), ("unit", "count/min"), ("time", .int(t0 + 2 * minute))])]
          ),
        ]))
    #expect(error?.details == ["field": "heartRate[0].time"])
  }

  @Test func workoutRecordNeedsOnlyWorkoutAuthorization() {
    let h = Harness()
    let error = h.failure("writeRecord", record("workout", [("activityType", "running")]))
    #expect(error?.code == "AUTHORIZATION_NOT_DETERMINED")
    #expect(error?.details["type"] == "workout")
    h.allow(["workout"])
    #expect(
      h.ok(
        "writeRecord",
        record(
          "workout",
          [
            ("activityType", "running"),
            ("heartRate", [.object([("value", 150), ("unit", "count/min"), ("time", .int(t0))])]),
          ])) != nil)
  }
}
