import ChannelTestSupport
import FlutterCodec
import HealthKitModel
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles
@testable import ProfileConnectKit

/// A dispatcher serving profile `connect_kit`, sending Pigeon messages as ConnectKit's Dart does.
final class ConnectKitHost {
  let dispatcher: Dispatcher
  var warnings: [String] = []
  let pigeon = PigeonCodec()

  init(device: String = "iPhone", os: String = "17.5") {
    dispatcher = Dispatcher(
      configuration: .init(device: device, osVersion: os, profiles: ["connect_kit"]))
    dispatcher.warningHandler = { [unowned self] in self.warnings.append($0) }
  }

  var store: HealthStore { dispatcher.store }

  /// The reply bytes of one message (`arguments` nil: no payload).
  func bytes(_ method: String, _ arguments: [ChannelValue]? = nil) -> [UInt8]? {
    dispatcher.handleMessage(
      channel: ConnectKitProfile.channelName(method),
      payload: arguments.map { pigeon.messageCodec.encode(.list($0)) })
  }

  func raw(_ method: String, _ payload: [UInt8]?) -> PigeonReply? {
    try? pigeon.decodeReply(
      dispatcher.handleMessage(channel: ConnectKitProfile.channelName(method), payload: payload))
  }

  func reply(_ method: String, _ arguments: [ChannelValue]? = nil) -> PigeonReply? {
    try? pigeon.decodeReply(bytes(method, arguments))
  }

  /// The fields of a custom-class result.
  func fields(
    _ method: String, _ arguments: [ChannelValue]?,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [ChannelValue] {
    guard case .success(let value)? = reply(method, arguments),
      case .dataClass(_, let fields)? = try? ConnectKitProfile.tags.decode(value)
    else {
      Issue.record("\(method) gave no custom class", sourceLocation: sourceLocation)
      return []
    }
    return fields
  }

  func grant(write: [ChannelValue] = [], read: [ChannelValue] = []) {
    #expect(reply("requestPermissions", [.list(read), .list(write), nil, nil]) == .success(true))
  }
}

@Suite struct ConnectKitProfileTests {
  // MARK: Channels

  @Test func oneChannelPerMethodInGeneratedOrder() {
    let host = ConnectKitHost()
    let prefix = "dev.flutter.pigeon.connect_kit.ConnectKitHostApi."
    #expect(
      host.dispatcher.channels == [
        "getPlatformVersion", "isSdkAvailable", "requestPermissions", "checkPermissions",
        "revokePermissions", "openHealthSettings", "writeRecords",
      ].map { prefix + $0 } + ["hkbridge/control"])
    #expect(host.dispatcher.profileNames == ["connect_kit"])
  }

  // MARK: Methods without parameters

  @Test func platformVersionNamesTheSystem() {
    // [ "iOS 17.5 (iOS)" ]: 0x0e bytes of text.
    #expect(
      ConnectKitHost().bytes("getPlatformVersion") == hex("0c01 070e 694f532031372e352028694f5329"))
    // "iOS 16.4 (iPadOS)" is 17 (0x11) bytes.
    #expect(
      ConnectKitHost(device: "iPad", os: "16.4").bytes("getPlatformVersion")
        == hex("0c01 0711 694f53 20 31362e34 20 28 69506164 4f53 29"))
  }

  @Test func sdkAvailability() {
    #expect(ConnectKitHost().bytes("isSdkAvailable") == hex("0c01 0709 617661696c61626c65"))
    #expect(
      ConnectKitHost(device: "iPad", os: "16.4").bytes("isSdkAvailable")
        == hex("0c01 070b 756e617661696c61626c65"))
    // An encoded null payload is no arguments too.
    #expect(ConnectKitHost().raw("isSdkAvailable", hex("00")) == .success("available"))
  }

  @Test func revokeIsAlwaysFalseAndSettingsOpen() {
    let host = ConnectKitHost()
    #expect(host.bytes("revokePermissions") == hex("0c01 02"))
    #expect(host.bytes("openHealthSettings") == hex("0c01 01"))
    #expect(host.store.settingsOpened == 1)
  }

  // MARK: requestPermissions

  @Test func requestAsksHealthKitForTheTypesItHas() {
    let host = ConnectKitHost()
    #expect(
      host.bytes(
        "requestPermissions",
        [["heartRate", "biologicalSex"], ["steps", "biologicalSex"], true, nil])
        == hex("0c01 01"))
    #expect(
      host.store.authorization(for: "HKQuantityTypeIdentifierStepCount").share == .sharingAuthorized
    )
    #expect(host.store.authorization(for: "HKQuantityTypeIdentifierHeartRate").read == .granted)
    #expect(
      host.store.authorization(for: "HKQuantityTypeIdentifierHeartRate").share == .notDetermined)
    #expect(host.store.promptsShown == 1)
    #expect(host.warnings.count == 1)
    #expect(host.warnings.first?.contains("'biologicalSex' (write)") == true)
  }

  @Test func requestWithNothingLeftIsTrueWithoutAPrompt() {
    let host = ConnectKitHost(device: "iPad", os: "16.4")
    #expect(
      host.reply("requestPermissions", [["bloodPressure", "noSuchType"], nil, nil, nil])
        == .success(true))
    #expect(host.reply("requestPermissions", [nil, nil, nil, nil]) == .success(true))
    #expect(host.store.promptsShown == 0)
  }

  @Test func requestOnADeviceWithoutHealthKitPassesTheNSErrorOn() {
    let host = ConnectKitHost(device: "iPad", os: "16.4")
    guard
      case .error(let code, let message, let details)? = host.reply(
        "requestPermissions", [["steps"], nil, nil, nil])
    else {
      Issue.record("expected an error reply")
      return
    }
    // HealthKit's own text, which ConnectKit passes on.
    let text = "Health data is unavailable on this device"
    #expect(
      code
        == "Error Domain=com.apple.healthkit Code=1 \"\(text)\" "
        + "UserInfo={NSLocalizedDescription=\(text)}")
    #expect(message == "NSError")
    #expect(details == .string(ConnectKitErrors.stacktrace))
    host.store.configure(device: .iPhone, restricted: true)
    guard
      case .error(let restricted, _, _)? = host.reply(
        "requestPermissions", [nil, ["steps"], nil, nil])
    else {
      Issue.record("expected an error reply")
      return
    }
    #expect(
      restricted.hasPrefix("Error Domain=com.apple.healthkit Code=2 \"Health data is restricted\""))
  }

  // MARK: checkPermissions

  @Test func checkAnswersTheShareStatusForReadAndWrite() {
    let host = ConnectKitHost()
    // [AccessStatusMessage({"steps": {"write": "notDetermined"}}, null, null)]
    #expect(
      host.bytes("checkPermissions", [["steps": ["write"]], nil, nil])
        == hex(
          "0c01 81 0c03 0d01 0705 7374657073 0d01 0705 7772697465 070d 6e6f7444657465726d696e6564 00 00"
        ))
    host.grant(write: ["steps"], read: ["heartRate"])
    let fields = host.fields(
      "checkPermissions",
      [
        [
          "steps": ["read", "write"], "heartRate": ["read", "write"], "bloodPressure": ["read"],
          "biologicalSex": ["write"],
        ], nil, nil,
      ])
    #expect(
      fields == [
        .object([
          ("steps", .object([("read", "granted"), ("write", "granted")])),
          ("heartRate", .object([("read", "notDetermined"), ("write", "notDetermined")])),
          ("bloodPressure", .object([("read", "unsupported")])),
          ("biologicalSex", .object([("write", "unsupported")])),
        ]), nil, nil,
      ])
  }

  @Test func checkOfNothingIsAnEmptyMap() {
    let host = ConnectKitHost()
    #expect(host.bytes("checkPermissions", [nil, nil, nil]) == hex("0c01 81 0c03 0d00 00 00"))
    #expect(
      host.bytes("checkPermissions", [["steps": []], nil, nil]) == hex("0c01 81 0c03 0d00 00 00"))
  }

  @Test func deniedSharingReadsDenied() {
    let host = ConnectKitHost()
    host.store.promptPolicy = PromptPolicy(read: .deny, write: .deny)
    host.grant(write: ["weight"])
    #expect(
      host.fields("checkPermissions", [["weight": ["read", "write"]], nil, nil]).first
        == .object([("weight", .object([("read", "denied"), ("write", "denied")]))]))
  }

  // MARK: writeRecords

  static let start = 1_704_060_000_000

  static func record(
    _ type: String, _ value: Double, _ unit: ChannelValue, end: Int = start + 3_600_000
  ) -> ChannelValue {
    .object([
      ("recordKind", "data"), ("type", .string(type)), ("startTime", .int64(Int64(start))),
      ("endTime", .int64(Int64(end))),
      (
        "data", .object([("valuePattern", "quantity"), ("value", .float64(value)), ("unit", unit)])
      ),
    ])
  }

  /// A `validationFailures` entry of a record that did not decode.
  static func failure(_ index: Int64, _ message: String) -> ChannelValue {
    .object([
      ("indexPath", [.int64(index)]), ("message", .string(message)), ("type", "DecodeError"),
    ])
  }

  @Test func writeCompleteSuccessListsTheIdsInOrder() {
    let host = ConnectKitHost()
    host.grant(write: ["steps", "heartRate"])
    let fields = host.fields(
      "writeRecords", [[Self.record("steps", 1200, "count"), Self.record("heartRate", 72, "BPM")]])
    #expect(
      fields == [
        "completeSuccess",
        ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"], nil,
      ])
    #expect(host.store.samplesInWriteOrder.count == 2)
  }

  @Test func writePartialSuccessNamesEachBadRecord() {
    let host = ConnectKitHost()
    host.grant(write: ["steps"])
    let fields = host.fields(
      "writeRecords",
      [
        [
          Self.record("steps", 10, "count"), Self.record("biologicalSex", 1, "count"),
          Self.record("steps", 1, "parsecs"),
          Self.record("steps", 1, "count", end: Self.start - 1000),
          .object([("recordKind", "ecg")]), .object([("type", "steps")]),
        ]
      ])
    #expect(
      fields == [
        "partialSuccess", ["00000000-0000-4000-8000-000000000001"],
        [
          Self.failure(
            1,
            "data | type | Type 'biologicalSex' is not supported for write operations on iOS HealthKit"
          ),
          Self.failure(2, "data | unit | Missing or invalid unit for quantity type 'steps'"),
          Self.failure(
            3,
            "data |  | End time (2023-12-31 21:59:59 +0000) cannot be before start time (2023-12-31 22:00:00 +0000)"
          ),
          Self.failure(4, "ecg |  | ECG records are read-only"),
          Self.failure(5, "UnexpectedError |  | Missing required field 'recordKind'"),
        ],
      ])
  }

  @Test func aQuantityForAnotherKindOfTypeIsRefused() {
    let host = ConnectKitHost()
    host.grant(write: ["mindfulSession", "workout"])
    let fields = host.fields(
      "writeRecords", [[Self.record("mindfulSession", 1, "min"), Self.record("workout", 1, "min")]])
    #expect(fields.first == "failure")
    guard case .list(let failures)? = fields.last, failures.count == 2 else {
      Issue.record("expected two failures")
      return
    }
    #expect(
      failures[0]["message"]
        == "data | value | Invalid category value: expected Map with 'value' and 'categoryName'")
    #expect(
      failures[1]["message"] == "data | type | Unsupported HKObjectType: HKWorkoutTypeIdentifier")
  }

  static func category(_ type: String, _ value: String, _ category: String) -> ChannelValue {
    .object([
      ("recordKind", "data"), ("type", .string(type)), ("startTime", .int64(Int64(start))),
      ("endTime", .int64(Int64(start + 600_000))),
      (
        "data",
        .object([
          ("valuePattern", "category"), ("value", .string(value)),
          ("categoryName", .string(category)),
        ])
      ),
    ])
  }

  @Test func categoryValuesDecodeThroughConnectKitsCategories() {
    let host = ConnectKitHost()
    host.grant(write: ["mindfulSession", "cervicalMucus", "menstrualFlow", "steps"])
    let fields = host.fields(
      "writeRecords",
      [
        [
          Self.category("mindfulSession", "unknown", "CKMindfulnessSessionType"),
          Self.category("cervicalMucus", "eggWhite", "CKCervicalMucusAppearance"),
          Self.category("menstrualFlow", "light", "CKMenstruationFlow"),
          Self.category("cervicalMucus", "eggWhite", "CKNoSuchCategory"),
          Self.category("steps", "eggWhite", "CKCervicalMucusAppearance"),
        ]
      ])
    #expect(
      fields == [
        "partialSuccess",
        ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"],
        [
          // CKMenstruationFlow's values exist from iOS 18 on.
          Self.failure(
            2, "data | value | Invalid category value 'light' for category 'CKMenstruationFlow'"),
          Self.failure(
            3, "data | value | Invalid category value 'eggWhite' for category 'CKNoSuchCategory'"),
          Self.failure(4, "data | unit | Missing or invalid unit for quantity type 'steps'"),
        ],
      ])
    let stored = host.store.samplesInWriteOrder
    #expect(
      stored.map(\.identifier) == [
        "HKCategoryTypeIdentifierMindfulSession", "HKCategoryTypeIdentifierCervicalMucusQuality",
      ])
    #expect(
      ConnectKitCategoryTable.raw(
        category: "CKMenstruationFlow", value: "light", os: OSVersion(18, 0)) == 2)
    #expect(
      ConnectKitCategoryTable.raw(category: "SleepSession", value: "deep", os: OSVersion(17, 5))
        == 4)
    #expect(
      ConnectKitCategoryTable.raw(category: "SleepSession", value: "deep", os: OSVersion(15, 0))
        == nil)
  }

  static func bloodPressure(_ systolic: Double, _ diastolic: Double, unit: String = "mmHg")
    -> ChannelValue
  {
    .object([
      ("recordKind", "bloodPressure"), ("startTime", .int64(Int64(start))),
      ("endTime", .int64(Int64(start))),
      ("systolic", .object([("value", .float64(systolic)), ("unit", "mmHg")])),
      ("diastolic", .object([("value", .float64(diastolic)), ("unit", .string(unit))])),
      ("bodyPosition", "sittingDown"),
    ])
  }

  @Test func bloodPressureIsOneCorrelation() {
    let host = ConnectKitHost()
    host.grant(write: ["bloodPressure.systolic", "bloodPressure.diastolic"])
    let fields = host.fields(
      "writeRecords",
      [
        [
          Self.bloodPressure(120, 80), Self.bloodPressure(80, 120),
          Self.bloodPressure(120, 80, unit: "kg"),
          Self.bloodPressure(120, 80, unit: "torr"),
        ]
      ])
    // The correlation's members get uuids 1 and 2, the correlation 3.
    #expect(
      fields == [
        "partialSuccess", ["00000000-0000-4000-8000-000000000003"],
        [
          Self.failure(
            1, "bloodPressure |  | Systolic (80.0) cannot be less than diastolic (120.0)"),
          Self.failure(
            2,
            "bloodPressure | unit | Systolic and diastolic units must match: systolic=mmHg, diastolic=kg"
          ),
          Self.failure(3, "data | unit | Unsupported unit 'torr'"),
        ],
      ])
    #expect(host.store.samplesInWriteOrder.count == 3)
  }

  @Test func anUnauthorizedTypeFailsTheWholeBatch() {
    let host = ConnectKitHost()
    host.grant(write: ["steps"])
    let fields = host.fields(
      "writeRecords", [[Self.record("steps", 10, "count"), Self.record("weight", 70, "kg")]])
    #expect(fields.first == "failure")
    #expect(fields.count == 3 && fields[1] == .null)
    guard case .list(let failures)? = fields.last, failures.count == 1,
      case .string(let message)? = failures[0]["message"]
    else {
      Issue.record("expected one failure")
      return
    }
    #expect(failures[0]["indexPath"] == [.int64(-1)])
    #expect(failures[0]["type"] == "HealthConnectInsert")
    // HealthKit's own text, which ConnectKit passes on (sharing weight was never asked for).
    #expect(message == "HealthKit failed to save records: Authorization not determined")
    #expect(host.store.samplesInWriteOrder.isEmpty)
  }

  @Test func writeOfNoRecords() {
    // [WriteResultMessage("failure", [], [{indexPath: [-1], message: …, type: "NoRecordError"}])]
    #expect(
      ConnectKitHost().bytes("writeRecords", [[]])
        == hex(
          "0c01 82 0c03 0707 6661696c757265 0c00 0c01 0d03 0709 696e64657850617468 0c01 04 ffffffffffffffff"
            + "0707 6d657373616765 0721 4e6f207265636f72647320746f207772697465202d20656d70747920696e707574"
            + "0704 74797065 070d 4e6f5265636f72644572726f72"))
  }

  // MARK: Refused messages

  @Test func messagesTheGeneratedHostCannotRead() {
    let host = ConnectKitHost()
    func error(_ reply: PigeonReply?) -> (String, ChannelValue)? {
      guard case .error(let code, _, let details)? = reply else { return nil }
      return (code, details)
    }
    let crash: ChannelValue = .object([("iosBehavior", "crash")])
    let ignored: ChannelValue = .object([("iosBehavior", "ignored")])
    #expect(error(host.raw("writeRecords", hex("0c"))).map { $0.0 } == "MALFORMED_MESSAGE")
    #expect(error(host.raw("writeRecords", hex("01")))?.1 == crash)
    #expect(error(host.raw("writeRecords", nil)).map { $0.0 } == "INVALID_ARGUMENTS")
    #expect(error(host.reply("writeRecords", [nil]))?.1 == crash)
    #expect(error(host.reply("requestPermissions", [["steps"]]))?.1 == crash)
    #expect(error(host.reply("requestPermissions", [nil, nil, nil, nil, nil]))?.1 == ignored)
    #expect(error(host.reply("isSdkAvailable", [true]))?.1 == ignored)
    #expect(error(host.raw("isSdkAvailable", hex("01")))?.1 == ignored)
    #expect(
      error(host.reply("checkPermissions", [["steps": "read"], nil, nil]))?.0 == "INVALID_ARGUMENTS"
    )
    #expect(error(host.reply("requestPermissions", [nil, nil, 1, nil]))?.0 == "INVALID_ARGUMENTS")
  }

  // MARK: Tables

  @Test func objectTypeFollowsTheMapperAndShareRules() {
    let os = OSVersion(17, 5)
    #expect(
      ConnectKitPermissions.objectType("steps", .write, os: os)
        == "HKQuantityTypeIdentifierStepCount")
    #expect(ConnectKitPermissions.objectType("biologicalSex", .read, os: os) != nil)
    #expect(ConnectKitPermissions.objectType("biologicalSex", .write, os: os) == nil)
    #expect(ConnectKitPermissions.objectType("walkingHeartRateAverage", .write, os: os) == nil)
    #expect(ConnectKitPermissions.objectType("bloodPressure", .read, os: os) == nil)
    #expect(ConnectKitPermissions.objectType("Steps", .read, os: os) == nil)
  }

  @Test func unitNamesAsConnectKitParsesThem() {
    #expect(ConnectKitUnitTable.healthKitUnit("BPM") == "count/min")
    #expect(ConnectKitUnitTable.healthKitUnit("k g") == "kg")
    #expect(ConnectKitUnitTable.healthKitUnit("°C") == "degC")
    #expect(ConnectKitUnitTable.healthKitUnit("parsecs") == nil)
  }

  @Test func datesPrintAsFoundationPrintsThem() {
    #expect(ConnectKitRecordMap.dateText(0) == "1970-01-01 00:00:00 +0000")
    #expect(ConnectKitRecordMap.dateText(1_704_067_200_000) == "2024-01-01 00:00:00 +0000")
    #expect(ConnectKitRecordMap.dateText(951_782_400_000) == "2000-02-29 00:00:00 +0000")
    #expect(ConnectKitRecordMap.dateText(-1) == "1969-12-31 23:59:59 +0000")
  }
}
