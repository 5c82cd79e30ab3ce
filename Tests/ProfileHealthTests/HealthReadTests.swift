import ChannelTestSupport
import FlutterCodec
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles

/// getData and getDataByUUID on `flutter_health`: shapes, the privacy rule, filters, errors.
@Suite struct HealthReadTests {
  /// An app that may write steps and an Apple Watch that recorded 500 steps from 08:00 to 09:00.
  func stepsHost(read: Int? = 2) -> HealthHost {
    let host = HealthHost()
    host.authorize(["STEPS"], 1)
    host.add(
      [quantityRecord("steps", 500, "count", from: 8, to: 9)],
      bundleId: "com.apple.health.Watch", name: "Apple Watch")
    #expect(
      host.ok("writeData", writeDataArgs("STEPS", 120, "COUNT", from: 10, to: 11, recording: 3))
        == true)
    if let read { host.authorize(["STEPS"], read) }
    return host
  }

  @Test func aQuantityDataPointHasThePluginsKeysAndWireTypes() {
    let host = stepsHost()
    let points = host.ok("getData", getDataArgs("STEPS", "COUNT"))?.items ?? []
    #expect(points.count == 2)
    let own: ChannelValue = .object([
      ("uuid", "00000000-0000-4000-8000-000000000001"), ("value", .float64(120)),
      ("date_from", .int64(Int64(T.at(10)))), ("date_to", .int64(Int64(T.at(11)))),
      ("source_id", "com.example.app"), ("source_name", "com.example.app"),
      ("recording_method", .int64(3)), ("dataUnitKey", "count"),
      ("metadata", ["HKWasUserEntered": .float64(1)]),
    ])
    // Newest first: the app's 10:00 sample, then the watch's 08:00 one.
    #expect(points.first == own)
    #expect(points.last?["source_id"] == "com.apple.health.Watch")
    #expect(points.last?["source_name"] == "Apple Watch")
    #expect(points.last?["recording_method"] == .int64(2))
    // The watch's own stream, upper case as the plugin sends it (uuidString).
    #expect(points.last?["uuid"] == .string(uuid(1, source: SourcePrefix.watch).uppercased()))
  }

  @Test func aDeniedReadSeesOnlyTheAppsOwnSamples() {
    let host = HealthHost()
    host.control("setPromptPolicy", ["read": "deny"])
    host.authorize(["STEPS"], 2)
    host.add(
      [quantityRecord("steps", 500, "count", from: 8, to: 9)], bundleId: "com.apple.health.Watch")
    #expect(host.ok("writeData", writeDataArgs("STEPS", 120, "COUNT", from: 10, to: 11)) == true)
    let points = host.ok("getData", getDataArgs("STEPS", "COUNT"))?.items ?? []
    #expect(points.map { $0["source_id"] } == ["com.example.app"])
    // And hasPermissions still cannot tell.
    #expect(host.ok("hasPermissions", ["types": ["STEPS"], "permissions": [0]]) == .null)
  }

  @Test func aReadNeverAskedForIsHealthKitsError() {
    let error = stepsHost(read: nil).error("getData", getDataArgs("STEPS", "COUNT"))
    #expect(error?.code == "HEALTH_ERROR")
    #expect(error?.message == "Error getting health data: Authorization not determined")
    #expect(error?.details == .null)
    let ipad = HealthHost(device: "iPad", os: "16.4").error(
      "getData", getDataArgs("STEPS", "COUNT"))
    #expect(ipad?.message == "Error getting health data: Health data is unavailable on this device")
  }

  @Test func manualEntriesAreFilteredOutWithRecordingMethod3() {
    let host = stepsHost()
    let points = host.ok("getData", getDataArgs("STEPS", "COUNT", filter: [3]))?.items ?? []
    #expect(points.map { $0["source_id"] } == ["com.apple.health.Watch"])
  }

  @Test func theRangeIsOnTheStartDate() {
    let host = stepsHost()
    // 08:30 to 12:00: the watch sample started at 08:00, before the range.
    let points = host.ok("getData", getDataArgs("STEPS", "COUNT", from: 8.5, to: 12))?.items ?? []
    #expect(points.count == 1)
    let limited =
      host.ok(
        "getData",
        [
          "dataTypeKey": "STEPS", "dataUnitKey": "COUNT", "startTime": T.ms(0), "endTime": T.ms(24),
          "limit": 1,
        ])?.items ?? []
    #expect(limited.count == 1)
  }

  @Test func valuesComeInTheRequestedUnit() {
    let host = HealthHost()
    host.authorize(["WEIGHT"], 2)
    #expect(host.ok("writeData", writeDataArgs("WEIGHT", 70, "KILOGRAM", from: 7, to: 7)) == true)
    let point = host.ok("getData", getDataArgs("WEIGHT", "POUND"))?.items.first
    guard case .float64(let pounds)? = point?["value"] else {
      Issue.record("no value: \(String(describing: point))")
      return
    }
    #expect(abs(pounds - 154.3235835294143) < 1e-9)
    #expect(point?["dataUnitKey"] == "lb")
  }

  @Test func anIncompatibleUnitIsTheExceptionIOSRaises() {
    let error = stepsHost().error("getData", getDataArgs("STEPS", "KILOGRAM"))
    #expect(error?.code == "HEALTH_ERROR")
    #expect(error?.details == ["iosBehavior": "exception"])
  }

  @Test func sleepKeysFilterTheirCategoryValue() {
    let host = HealthHost()
    host.authorize(["SLEEP_DEEP", "SLEEP_REM"], 2)
    #expect(host.ok("writeData", writeDataArgs("SLEEP_DEEP", 4, "MINUTE", from: 1, to: 2)) == true)
    #expect(host.ok("writeData", writeDataArgs("SLEEP_REM", 5, "MINUTE", from: 2, to: 3)) == true)
    let deep = host.ok("getData", getDataArgs("SLEEP_DEEP", "MINUTE"))?.items ?? []
    #expect(deep.count == 1)
    #expect(deep.first?["value"] == .int64(4))
    #expect(deep.first?["dataUnitKey"] == nil)
    let error = host.error("writeData", writeDataArgs("SLEEP_DEEP", 9, "MINUTE", from: 1, to: 2))
    #expect(error?.code == "WRITE_ERROR")
    #expect(error?.details == ["iosBehavior": "exception"])
  }

  @Test func argumentAndTypeErrors() {
    let host = HealthHost()
    let missing = host.error("getData", ["dataUnitKey": "COUNT"])
    #expect(missing?.code == "ARGUMENT_ERROR")
    #expect(missing?.message == "Missing required dataTypeKey argument")
    let invalid = host.error("getData", getDataArgs("TOTAL_CALORIES_BURNED", "KILOCALORIE"))
    #expect(invalid?.code == "INVALID_TYPE")
    #expect(invalid?.message == "Invalid dataTypeKey: TOTAL_CALORIES_BURNED")
    #expect(host.error("getData", nil)?.code == "ARGUMENT_ERROR")
  }

  @Test func characteristicsAreOneElementListsFromTheHealthApp() {
    let host = HealthHost()
    let unasked = host.ok("getData", getDataArgs("GENDER", "NO_UNIT", from: 1, to: 2))
    #expect(
      unasked
        == .list([
          .object([
            ("value", .null), ("date_from", .int64(Int64(T.at(1)))),
            ("date_to", .int64(Int64(T.at(2)))), ("source_id", "com.apple.Health"),
            ("source_name", "Health"), ("recording_method", .int64(3)),
          ])
        ]))
    host.control(
      "setCharacteristic",
      ["identifier": "HKCharacteristicTypeIdentifierBiologicalSex", "value": "female"])
    host.control(
      "setCharacteristic",
      [
        "identifier": "HKCharacteristicTypeIdentifierDateOfBirth",
        "value": ["year": 1990, "month": 5, "day": 17],
      ])
    host.authorize(["GENDER", "BIRTH_DATE", "BLOOD_TYPE"], 0)
    #expect(
      host.ok("getData", getDataArgs("GENDER", "NO_UNIT"))?.items.first?["value"] == .int64(1))
    #expect(
      host.ok("getData", getDataArgs("BIRTH_DATE", "NO_UNIT"))?.items.first?["value"]
        == .float64(642_902_400))
    // Blood type never entered: notSet (0).
    #expect(
      host.ok("getData", getDataArgs("BLOOD_TYPE", "NO_UNIT"))?.items.first?["value"] == .int64(0))
  }

  @Test func aDeniedCharacteristicReadsAsNotSet() {
    let host = HealthHost()
    host.control(
      "setCharacteristic", ["identifier": "HKCharacteristicTypeIdentifierBloodType", "value": 7])
    host.control("setPromptPolicy", ["read": "deny"])
    host.authorize(["BLOOD_TYPE"], 0)
    #expect(
      host.ok("getData", getDataArgs("BLOOD_TYPE", "NO_UNIT"))?.items.first?["value"] == .int64(0))
  }

  @Test func getDataByUUIDFindsOneSampleOfItsType() {
    let host = stepsHost()
    let points = host.ok("getData", getDataArgs("STEPS", "COUNT"))?.items ?? []
    // The app's sample, and the watch's (its own stream) in either case.
    let watch = uuid(1, source: SourcePrefix.watch)
    for (text, expected) in [
      ("00000000-0000-4000-8000-000000000001", points.first),
      (watch.uppercased(), points.last), (watch, points.last),
    ] {
      let found = host.ok(
        "getDataByUUID", ["dataTypeKey": "STEPS", "dataUnitKey": "COUNT", "uuid": .string(text)])
      #expect(found != nil && found == expected)
    }
    #expect(
      host.ok(
        "getDataByUUID",
        [
          "dataTypeKey": "STEPS", "dataUnitKey": "COUNT",
          "uuid": "00000000-0000-4000-8000-0000000000ff",
        ]) == .null)
    #expect(host.ok("getDataByUUID", ["dataTypeKey": "STEPS", "uuid": "not-a-uuid"]) == .null)
    host.authorize(["HEART_RATE"], 0)
    #expect(
      host.ok(
        "getDataByUUID",
        [
          "dataTypeKey": "HEART_RATE", "dataUnitKey": "BEATS_PER_MINUTE",
          "uuid": "00000000-0000-4000-8000-000000000002",
        ]) == .null)
    #expect(host.error("getDataByUUID", ["dataTypeKey": "STEPS"])?.code == "HEALTH_ERROR")
    #expect(
      host.error("getDataByUUID", ["dataTypeKey": "NOPE", "uuid": "x"])?.code == "INVALID_TYPE")
  }

  @Test func everySwiftIntIsAnInt64OnTheWire() {
    let host = stepsHost()
    // getTotalStepsInInterval: success envelope 00, int64 tag 04, 620 = 0x26c little-endian.
    let bytes = host.bytes(
      "getTotalStepsInInterval",
      ["startTime": T.ms(0), "endTime": T.ms(24), "recordingMethodsToFilter": .list([])])
    #expect(bytes == hex("00 04 6c02000000000000"))
  }
}
