import ChannelCatalogue
import ChannelTestSupport
import FlutterCodec
import HealthStore
import Testing

@testable import ControlChannel
@testable import PluginHost
@testable import PluginProfiles

@Suite struct ControlMethodTests {
  @Test func configureChangesDeviceAndVersion() {
    let h = Harness()
    h.setUp("configure", ["device": "iPad", "osVersion": "16.4"])
    #expect(h.ok("getPlatformVersion") == "iPadOS 16.4")
    #expect(h.ok("isAvailable") == false)
  }

  @Test func configureReplyIsNullSuccess() {
    let h = Harness()
    let bytes = h.dispatcher.handleMessage(
      channel: Dispatcher.controlChannel,
      payload: StandardMethodCodec().encodeMethodCall(MethodCall("configure", ["now": 0])))
    #expect(bytes == hex("00 00"))
  }

  @Test(arguments: [
    ("device", ChannelValue.string("Watch")),
    ("device", ChannelValue.int(1)),
    ("osVersion", "seventeen"),
    ("osVersion", "7.1"),
    ("osVersion", "17.5.1.2"),
    ("osVersion", 17.5),
    ("restricted", "yes"),
    ("bundleId", ""),
    ("bundleId", "com example"),
    ("appName", ""),
    ("appName", 3),
    ("now", -1),
    ("now", 1.5),
    ("now", .int64(253_402_300_800_000)),
    ("uuidSeed", -1),
    ("uuidSeed", .int64(0xFFFF_FFFF_FFFF)),
    ("uuid", 3),
  ])
  func configureRefusesBadFields(field: String, value: ChannelValue) {
    let h = Harness()
    let error = h.control("configure", .object([(field, value)]))?.error
    #expect(error?.code == "INVALID_ARGUMENTS")
    #expect(error?.details == .object([("field", .string(field))]))
  }

  /// `appName` names the app's source everywhere: the snapshot's device, the default profile's
  /// `source`, the health package's `source_name`; `reset` drops it.
  @Test func appNameNamesTheAppsSource() throws {
    let h = Harness()
    h.setUp("configure", ["bundleId": "com.gymtrack", "appName": "GymTrack"])
    #expect(h.store.appSource == SampleSource(bundleId: "com.gymtrack", name: "GymTrack"))
    #expect(
      StateEncoding.device(h.store)
        == .object([
          ("model", "iPhone"), ("osVersion", "17.5"), ("restricted", false),
          ("bundleId", "com.gymtrack"), ("appName", "GymTrack"),
        ]))
    #expect(
      RecordEncoding.source(h.store.appSource)
        == .object([("bundleId", "com.gymtrack"), ("name", "GymTrack")]))
    h.setUp("reset")
    #expect(h.store.appName == nil)
    #expect(h.store.appSource == SampleSource(bundleId: "com.example.app"))
  }

  @Test func nullOptionalFieldsAreLeftOut() {
    let h = Harness()
    h.setUp("configure", ["device": nil, "osVersion": "16.0", "now": nil])
    #expect(h.store.device == .iPhone)
    #expect(h.store.osVersion.description == "16.0")
  }

  @Test func failedConfigureChangesNothing() {
    let h = Harness()
    let error = h.control("configure", ["device": "iPad", "osVersion": "nope"])?.error
    #expect(error?.code == "INVALID_ARGUMENTS")
    #expect(h.store.device == .iPhone)
  }

  @Test func configureArgumentsMustBeAMap() {
    let error = Harness().control("configure", [1, 2])?.error
    #expect(error?.code == "INVALID_ARGUMENTS")
    #expect(error?.details == ["field": "args"])
  }

  @Test func configureWithNullArgumentsChangesNothing() {
    let h = Harness()
    #expect(h.control("configure", nil)?.value == .null)
    #expect(h.store.device == .iPhone)
  }

  @Test func resetReturnsToTheStartingDevice() {
    let h = Harness(device: "iPad", os: "17.0")
    h.setUp("configure", ["device": "iPhone", "osVersion": "12.0", "restricted": true, "now": 5])
    h.setUp("reset")
    #expect(h.store.device == .iPad)
    #expect(h.store.osVersion.description == "17.0")
    #expect(h.store.restricted == false)
    #expect(h.store.now == 1_704_067_200_000)
  }

  @Test func advanceClockMovesForward() {
    let h = Harness()
    #expect(h.control("advanceClock", ["ms": 1000])?.value == ["now": .int64(1_704_067_201_000)])
    #expect(h.control("advanceClock", ["ms": 0])?.value == ["now": .int64(1_704_067_201_000)])
    let back = h.control("advanceClock", ["ms": -1])?.error
    #expect(back?.code == "INVALID_ARGUMENTS")
    #expect(back?.details == ["field": "ms"])
    let missing = h.control("advanceClock", nil)?.error
    #expect(missing?.details == ["field": "ms"])
    let overflow = h.control("advanceClock", ["ms": .int64(Int64.max)])?.error
    #expect(overflow?.code == "INVALID_ARGUMENTS")
    #expect(h.store.now == 1_704_067_201_000)
  }

  @Test func snapshotOfTheDefaultState() {
    let snapshot = Harness().control("snapshot")?.value
    let expected: ChannelValue = [
      "device": [
        "model": "iPhone", "osVersion": "17.5", "restricted": false, "bundleId": "com.example.app",
      ],
      "now": .int64(1_704_067_200_000),
      "authorization": [:],
      "promptsShown": .int64(0),
      "settingsOpened": .int64(0),
      "samples": [],
      "workoutsInProgress": [],
    ]
    #expect(snapshot == expected)
  }

  @Test func uuidsAreDeterministicAndSeeded() {
    let h = Harness()
    #expect(h.store.mintUUID() == "00000000-0000-4000-8000-000000000001")
    #expect(h.store.mintUUID() == "00000000-0000-4000-8000-000000000002")
    h.setUp("configure", ["uuidSeed": 255])
    #expect(h.store.mintUUID() == "00000000-0000-4000-8000-000000000100")
    h.setUp("reset")
    #expect(h.store.mintUUID() == "00000000-0000-4000-8000-000000000001")
  }

  @Test func injectFaultFailsTheNamedMethodCountTimes() {
    let h = Harness()
    h.setUp(
      "injectFault",
      [
        "method": "isAvailable", "code": "READ_ERROR", "hkErrorCode": 6, "message": "locked",
        "count": 2,
      ])
    for _ in 0..<2 {
      let error = h.call("isAvailable")?.error
      #expect(
        error
          == FlutterError(
            code: "READ_ERROR", message: "locked", details: ["hkErrorCode": .int64(6)]))
    }
    #expect(h.ok("isAvailable") == true)
  }

  @Test func injectFaultDefaults() {
    let h = Harness()
    h.setUp("injectFault", ["method": "openHealthSettings", "code": "WRITE_ERROR"])
    let error = h.call("openHealthSettings")?.error
    #expect(error?.code == "WRITE_ERROR")
    #expect(error?.details == [:])
    #expect(error?.message?.isEmpty == false)
    #expect(h.store.settingsOpened == 0)
    #expect(h.ok("openHealthSettings") == true)
  }

  static let badFaultArguments: [(ChannelValue, String)] = [
    (["method": "nope", "code": "READ_ERROR"], "method"),
    (["code": "READ_ERROR"], "method"),
    (["method": "isAvailable"], "code"),
    (["method": "isAvailable", "code": "SOMETHING"], "code"),
    (["method": "isAvailable", "code": "MALFORMED_MESSAGE"], "code"),
    (["method": "isAvailable", "code": "READ_ERROR", "count": 0], "count"),
    (["method": "isAvailable", "code": "READ_ERROR", "hkErrorCode": "6"], "hkErrorCode"),
    (["method": "isAvailable", "code": "READ_ERROR", "message": 3], "message"),
  ]

  @Test(arguments: badFaultArguments)
  func injectFaultRefusesBadArguments(args: ChannelValue, field: String) {
    let error = Harness().control("injectFault", args)?.error
    #expect(error?.code == "INVALID_ARGUMENTS")
    #expect(error?.details == .object([("field", .string(field))]))
  }

  @Test func controlMethodsIgnoreFaultsAndAvailability() {
    let h = Harness()
    h.setUp("configure", ["restricted": true])
    #expect(h.control("snapshot")?.value != nil)
  }
}
