import ChannelTestSupport
import FlutterCodec
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles

/// The write methods and deletes of `flutter_health`.
@Suite struct HealthWriteTests {
  static let pluginError = HealthPermissionTests.pluginError

  @Test func writeDataNeedsShareAuthorization() {
    let host = HealthHost()
    #expect(host.ok("writeData", writeDataArgs("STEPS", 10, "COUNT", from: 1, to: 2)) == false)
    host.control("setPromptPolicy", ["write": "deny"])
    host.authorize(["STEPS"], 1)
    #expect(host.ok("writeData", writeDataArgs("STEPS", 10, "COUNT", from: 1, to: 2)) == false)
    #expect(host.store.storedSampleCount == 0)
    let ipad = HealthHost(device: "iPad", os: "16.4")
    #expect(ipad.ok("writeData", writeDataArgs("STEPS", 10, "COUNT", from: 1, to: 2)) == false)
  }

  @Test func writeDataArgumentErrorsAndCrashes() {
    let host = HealthHost()
    host.authorize(["STEPS"], 1)
    let missing = host.error("writeData", ["value": 1.0, "dataTypeKey": "STEPS"])
    #expect(missing?.code == "WRITE_ERROR")
    #expect(missing?.message == "Error writing data: " + Self.pluginError)
    #expect(missing?.details == .null)
    for (args, behavior) in [
      (writeDataArgs("NOT_A_TYPE", 1, "COUNT", from: 1, to: 2), "crash"),
      (writeDataArgs("STEPS", 1, "NOT_A_UNIT", from: 1, to: 2), "crash"),
      (writeDataArgs("STEPS", 1, "KILOGRAM", from: 1, to: 2), "exception"),
      (writeDataArgs("WORKOUT", 1, "NO_UNIT", from: 1, to: 2), "crash"),
      (writeDataArgs("GENDER", 1, "NO_UNIT", from: 1, to: 2), "crash"),
      (writeDataArgs("STEPS", 1, "COUNT", from: 2, to: 1), "exception"),
    ] {
      let error = host.error("writeData", args)
      #expect(error?.code == "WRITE_ERROR")
      #expect(error?.details == ["iosBehavior": .string(behavior)], "\(args)")
    }
    #expect(host.store.storedSampleCount == 0)
  }

  @Test func mindfulnessIsASessionWithoutAValue() {
    let host = HealthHost()
    host.authorize(["MINDFULNESS"], 2)
    #expect(
      host.ok("writeData", writeDataArgs("MINDFULNESS", 0, "MINUTE", from: 7, to: 7.25)) == true)
    let point = host.ok("getData", getDataArgs("MINDFULNESS", "MINUTE"))?.items.first
    #expect(point?["value"] == .int64(0))
    #expect(point?["date_to"] == .int64(Int64(T.at(7.25))))
    #expect(point?["metadata"] == ["HKWasUserEntered": .float64(0)])
  }

  @Test func bloodPressureIsACorrelationWhoseMembersReadAsQuantities() {
    let host = HealthHost()
    host.authorize(["BLOOD_PRESSURE_SYSTOLIC", "BLOOD_PRESSURE_DIASTOLIC"], 2)
    let args: ChannelValue = [
      "systolic": 120, "diastolic": 80, "startTime": T.ms(8), "endTime": T.ms(8),
      "recordingMethod": 3,
    ]
    #expect(host.ok("writeBloodPressure", args) == true)
    // Members first, then the correlation: three uuids.
    #expect(host.store.storedSampleCount == 3)
    let systolic = host.ok(
      "getData", getDataArgs("BLOOD_PRESSURE_SYSTOLIC", "MILLIMETER_OF_MERCURY"))
    #expect(systolic?.items.first?["value"] == .float64(120))
    #expect(systolic?.items.first?["recording_method"] == .int64(3))
    let diastolic = host.ok(
      "getData", getDataArgs("BLOOD_PRESSURE_DIASTOLIC", "MILLIMETER_OF_MERCURY"))
    #expect(diastolic?.items.first?["uuid"] == "00000000-0000-4000-8000-000000000002")
    #expect(
      host.error("writeBloodPressure", ["systolic": 120])?.message
        == "Error writing blood pressure: " + Self.pluginError)
  }

  func mealArgs(name: ChannelValue = "Lunch salad") -> ChannelValue {
    [
      "name": name, "meal_type": "LUNCH", "start_time": T.ms(12), "end_time": T.ms(12.5),
      "recordingMethod": 3, "calories": 450.0, "protein": 20.0, "water": 250.0,
      "b1_thiamin": 0.001, "fat_unsaturated": 5.0, "fiber": .null,
    ]
  }

  @Test func aMealReadsBackWithTheHostsNutritionKeys() {
    let host = HealthHost()
    host.authorize(["NUTRITION"], 1)
    host.authorize(["DIETARY_ENERGY_CONSUMED"], 0)
    #expect(host.ok("writeMeal", mealArgs()) == true)
    let meal = host.ok("getData", getDataArgs("NUTRITION", "NO_UNIT"))?.items.first
    #expect(meal?["name"] == "Lunch salad")
    #expect(meal?["meal_type"] == "LUNCH")
    #expect(meal?["calories"] == .float64(450))
    #expect(meal?["protein"] == .float64(20))
    #expect(meal?["water"] == .float64(250))
    // fat_unsaturated is dietaryFatMonounsaturated, which the host reads under both keys.
    #expect(meal?["fat_unsaturated"] == .float64(5))
    #expect(meal?["fat_monounsaturated"] == .float64(5))
    // Dart writes b1_thiamin; the host only knows b1_thiamine: dropped.
    #expect(meal?["b1_thiamine"] == nil)
    #expect(meal?["fiber"] == nil)
    #expect(meal?["recording_method"] == .int64(3))
    #expect(meal?["date_from"] == .int64(Int64(T.at(12))))
  }

  @Test func aMealWithANullNameFailsTheHostsGuard() {
    let host = HealthHost()
    host.authorize(["NUTRITION"], 1)
    let error = host.error("writeMeal", mealArgs(name: .null))
    #expect(error?.code == "WRITE_ERROR")
    #expect(error?.message == "Error writing meal: " + Self.pluginError)
    let old = HealthHost(os: "14.8")
    old.authorize(["NUTRITION"], 1)
    #expect(old.ok("writeMeal", mealArgs()) == false)
  }

  @Test func insulinReasonReadsBackAsADouble() {
    let host = HealthHost()
    host.authorize(["INSULIN_DELIVERY"], 2)
    let args: ChannelValue = [
      "units": 2.5, "reason": 2, "startTime": T.ms(9), "endTime": T.ms(9),
    ]
    #expect(host.ok("writeInsulinDelivery", args) == true)
    let point = host.ok("getData", getDataArgs("INSULIN_DELIVERY", "INTERNATIONAL_UNIT"))?.items
      .first
    #expect(point?["value"] == .float64(2.5))
    #expect(point?["metadata"] == ["HKInsulinDeliveryReason": .float64(2)])
    #expect(
      host.ok(
        "writeInsulinDelivery",
        ["units": 1.0, "reason": 3, "startTime": T.ms(9), "endTime": T.ms(9)]) == false)
    #expect(host.error("writeInsulinDelivery", ["units": 1.0])?.code == "WRITE_ERROR")
  }

  @Test func menstrualFlowTakesHealthKitsRawValue() {
    let host = HealthHost()
    host.authorize(["MENSTRUATION_FLOW"], 2)
    func flow(_ value: Int32) -> ChannelValue {
      [
        "value": .int32(value), "startTime": T.ms(6), "endTime": T.ms(7), "isStartOfCycle": true,
        "dataTypeKey": "MENSTRUATION_FLOW", "recordingMethod": 3,
      ]
    }
    // Dart's index 0 (unspecified) is no HKCategoryValueMenstrualFlow: WRITE_ERROR.
    #expect(
      host.error("writeMenstruationFlow", flow(0))?.message == "Error writing menstruation flow: "
        + Self.pluginError)
    #expect(host.ok("writeMenstruationFlow", flow(2)) == true)
    let point = host.ok("getData", getDataArgs("MENSTRUATION_FLOW", "NO_UNIT"))?.items.first
    #expect(point?["value"] == .int64(2))
    // The sample is an instant at endTime.
    #expect(point?["date_from"] == .int64(Int64(T.at(7))))
    #expect(
      point?["metadata"] == ["HKMenstrualCycleStart": .float64(1), "HKWasUserEntered": .float64(1)])
  }

  @Test func anAudiogramWithPartialMetadataIsTheHostsMissingReply() {
    let host = HealthHost()
    host.authorize(["AUDIOGRAM"], 2)
    var args: [(String, ChannelValue)] = [
      ("frequencies", [1000.0, 2000.0]), ("leftEarSensitivities", [10.0, 15.0]),
      ("rightEarSensitivities", [12.0, 18.0]), ("dataTypeKey", "AUDIOGRAM"),
      ("startTime", T.ms(9)), ("endTime", T.ms(9.1)),
    ]
    let partial = host.error(
      "writeAudiogram", .object(args + [("metadata", ["HKDeviceName": "AirPods"])]))
    #expect(partial?.code == "WRITE_ERROR")
    #expect(partial?.details == ["iosBehavior": "noReply"])
    args.append(("metadata", .null))
    #expect(host.ok("writeAudiogram", .object(args)) == true)
    let point = host.ok("getData", getDataArgs("AUDIOGRAM", "DECIBEL_HEARING_LEVEL"))?.items.first
    #expect(point?["frequencies"] == [1000.0, 2000.0])
    #expect(point?["rightEarSensitivities"] == [12.0, 18.0])
    #expect(point?["recording_method"] == nil)
    let empty = host.error(
      "writeAudiogram",
      .object([
        ("frequencies", .list([])), ("leftEarSensitivities", .list([])),
        ("rightEarSensitivities", .list([])), ("startTime", T.ms(9)), ("endTime", T.ms(9)),
        ("metadata", .null),
      ]))
    #expect(empty?.details == ["iosBehavior": "crash"])
  }

  func workoutArgs(
    _ activity: String = "TRADITIONAL_STRENGTH_TRAINING", energyUnit: ChannelValue = "KILOCALORIE"
  ) -> ChannelValue {
    [
      "activityType": .string(activity), "startTime": T.ms(18), "endTime": T.ms(19),
      "totalEnergyBurned": 320, "totalEnergyBurnedUnit": energyUnit, "totalDistance": .null,
      "totalDistanceUnit": "METER", "title": "Upper body", "recordingMethod": 2,
    ]
  }

  @Test func aWorkoutReadsBackWithItsTotals() {
    let host = HealthHost()
    host.authorize(["WORKOUT"], 2)
    #expect(host.ok("writeWorkoutData", workoutArgs()) == true)
    let point = host.ok("getData", getDataArgs("WORKOUT", "NO_UNIT"))?.items.first
    #expect(point?["workoutActivityType"] == "TRADITIONAL_STRENGTH_TRAINING")
    #expect(point?["workout_type"] == "traditionalStrengthTraining")
    #expect(point?["totalEnergyBurned"] == .float64(320))
    #expect(point?["totalEnergyBurnedUnit"] == "KILOCALORIE")
    #expect(point?["totalDistance"] == .null)
    #expect(point?["total_energy_burned"] == .int64(320))
    #expect(point?["total_distance"] == .int64(0))
    #expect(point?["metadata"] == nil)
  }

  @Test func workoutErrors() {
    let host = HealthHost()
    host.authorize(["WORKOUT"], 2)
    let unknown = host.error("writeWorkoutData", workoutArgs("PARKOUR"))
    #expect(unknown?.message == "Error writing workout: " + Self.pluginError)
    #expect(
      host.error("writeWorkoutData", workoutArgs(energyUnit: "PARSEC"))?.details == [
        "iosBehavior": "crash"
      ])
    #expect(
      host.error("writeWorkoutData", workoutArgs(energyUnit: "METER"))?.details == [
        "iosBehavior": "exception"
      ])
    #expect(HealthHost().ok("writeWorkoutData", workoutArgs()) == false)
  }

  @Test func deleteRemovesOnlyTheAppsOwnSamplesInTheRange() {
    let host = HealthHost()
    host.authorize(["STEPS"], 2)
    host.add(
      [quantityRecord("steps", 500, "count", from: 8, to: 9)], bundleId: "com.apple.health.Watch")
    #expect(host.ok("writeData", writeDataArgs("STEPS", 100, "COUNT", from: 10, to: 11)) == true)
    #expect(host.ok("writeData", writeDataArgs("STEPS", 100, "COUNT", from: 14, to: 15)) == true)
    let range: ChannelValue = ["dataTypeKey": "STEPS", "startTime": T.ms(0), "endTime": T.ms(12)]
    #expect(host.ok("delete", range) == true)
    let left = host.ok("getData", getDataArgs("STEPS", "COUNT"))?.items ?? []
    #expect(left.map { $0["date_from"] } == [.int64(Int64(T.at(14))), .int64(Int64(T.at(8)))])
    // Nothing left to delete there: still true. Characteristics, unknown keys: false.
    #expect(host.ok("delete", range) == true)
    #expect(
      host.ok("delete", ["dataTypeKey": "GENDER", "startTime": T.ms(0), "endTime": T.ms(12)])
        == false)
    #expect(host.ok("delete", ["startTime": T.ms(0)]) == false)
  }

  @Test func deleteByUUIDNeedsTheAppsOwnSample() {
    let host = HealthHost()
    host.authorize(["STEPS"], 2)
    host.add(
      [quantityRecord("steps", 500, "count", from: 8, to: 9)], bundleId: "com.apple.health.Watch")
    #expect(host.ok("writeData", writeDataArgs("STEPS", 100, "COUNT", from: 10, to: 11)) == true)
    func delete(_ uuid: String) -> ChannelValue? {
      host.ok("deleteByUUID", ["uuid": .string(uuid), "dataTypeKey": "STEPS"])
    }
    // The watch's sample is 1 of its own stream, the app's 1 of the app's.
    let watch = uuid(1, source: SourcePrefix.watch)
    #expect(delete(watch) == false)
    #expect(delete("00000000-0000-4000-8000-000000000001") == true)
    #expect(delete("00000000-0000-4000-8000-000000000001") == false)
    #expect(delete("nope") == false)
    let error = host.error("deleteByUUID", ["uuid": .string(watch)])
    #expect(error?.code == "DELETE_ERROR")
    #expect(error?.message == "Error deleting data by UUID: " + Self.pluginError)
    #expect(host.store.storedSampleCount == 1)
  }
}
