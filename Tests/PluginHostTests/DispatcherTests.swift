import FlutterCodec
import HealthStore
import Testing

@testable import ControlChannel
@testable import PluginHost
@testable import PluginProfiles
@testable import ProfileHealthkitPermissions

@Suite struct DispatcherTests {
  let plugin = Dispatcher.defaultPluginChannel
  let control = Dispatcher.controlChannel
  /// `isAvailable` with null arguments: string tag 07, length 0b, "isAvailable", null.
  let isAvailableCall = hex("07 0b 69 73 41 76 61 69 6c 61 62 6c 65 00")

  @Test func channelsListPluginChannelsThenControl() {
    let dispatcher = Dispatcher(configuration: .init(pluginChannels: ["a", "b"]))
    #expect(
      dispatcher.channels == [
        "a", "b", "a/observe", "a/anchored", "a/statistics", "b/observe", "b/anchored",
        "b/statistics", "hkbridge/control",
      ])
  }

  @Test func isAvailableRepliesTrueOnDefaultIPhone() {
    let reply = Dispatcher().handleMessage(channel: plugin, payload: isAvailableCall)
    #expect(reply == hex("00 01"))
  }

  @Test func renamedPluginChannelAnswersAndDefaultNameDoesNot() {
    let dispatcher = Dispatcher(configuration: .init(pluginChannels: ["my_health"]))
    #expect(
      dispatcher.handleMessage(channel: "my_health", payload: isAvailableCall) == hex("00 01"))
    #expect(dispatcher.handleMessage(channel: plugin, payload: isAvailableCall) == nil)
  }

  @Test func unknownChannelGetsNullReply() {
    #expect(Dispatcher().handleMessage(channel: "other", payload: isAvailableCall) == nil)
    #expect(Dispatcher().handleMessage(channel: "other", payload: nil) == nil)
  }

  @Test func unknownMethodGetsNullReplyOnBothChannels() {
    let call = StandardMethodCodec().encodeMethodCall(MethodCall("noSuchMethod"))
    #expect(Dispatcher().handleMessage(channel: plugin, payload: call) == nil)
    #expect(Dispatcher().handleMessage(channel: control, payload: call) == nil)
  }

  @Test func getPlatformVersionBytes() {
    let call = StandardMethodCodec().encodeMethodCall(MethodCall("getPlatformVersion"))
    // 00, string tag 07, length 8, "iOS 17.5"
    #expect(
      Dispatcher().handleMessage(channel: plugin, payload: call)
        == hex("00 07 08 69 4f 53 20 31 37 2e 35"))
  }

  @Test func nullPayloadIsMalformed() throws {
    let bytes = try #require(Dispatcher().handleMessage(channel: plugin, payload: nil))
    let envelope = try StandardMethodCodec().decodeEnvelope(bytes)
    let error = try #require(envelope.error)
    #expect(error.code == "MALFORMED_MESSAGE")
    #expect(error.details == ["offset": .int64(0), "reason": "nullMessage"])
  }

  @Test func emptyPayloadIsTruncated() throws {
    let bytes = try #require(Dispatcher().handleMessage(channel: control, payload: []))
    let error = try #require(try StandardMethodCodec().decodeEnvelope(bytes).error)
    #expect(error.code == "MALFORMED_MESSAGE")
    #expect(error.details == ["offset": .int64(0), "reason": "truncated"])
    #expect(error.message?.contains("truncated at offset 0") == true)
  }

  /// Offsets as protocol/codec.md defines them (a size error points at the size prefix). Each
  /// decoder error class reaches Dart as MALFORMED_MESSAGE with its kind and offset.
  @Test(arguments: [
    ("0f", "unknownTag", 0),
    ("03 01 00 00 00 00", "methodNameNotString", 0),
    ("07 05 61", "sizeOutOfBounds", 1),
    ("07 01 ff 00", "invalidUTF8", 2),
    ("07 01 61 00 00", "trailingBytes", 4),
    ("07 01 61", "truncated", 3),
  ])
  func malformedPayloads(payload: String, reason: String, offset: Int) throws {
    let bytes = try #require(Dispatcher().handleMessage(channel: plugin, payload: hex(payload)))
    #expect(bytes.first == 1)
    let error = try #require(try StandardMethodCodec().decodeEnvelope(bytes).error)
    #expect(error.code == "MALFORMED_MESSAGE")
    #expect(
      error.details == .object([("offset", .int64(Int64(offset))), ("reason", .string(reason))]))
  }

  @Test func nestingTooDeepIsMalformed() throws {
    // method name "a", then 600 nested one-element lists.
    let payload = hex("07 01 61") + Array(repeating: [0x0c, 0x01], count: 600).flatMap { $0 } + [0]
    let bytes = try #require(Dispatcher().handleMessage(channel: plugin, payload: payload))
    let error = try #require(try StandardMethodCodec().decodeEnvelope(bytes).error)
    #expect(error.code == "MALFORMED_MESSAGE")
    #expect(error.details["reason"] == "nestingTooDeep")
  }

  @Test func errorEnvelopeBytesForMalformedAreExact() throws {
    let bytes = try #require(Dispatcher().handleMessage(channel: plugin, payload: nil))
    // flag 01, code string "MALFORMED_MESSAGE" (17 bytes = 0x11)
    #expect(Array(bytes.prefix(20)) == hex("01 07 11") + Array("MALFORMED_MESSAGE".utf8))
  }

  @Test func tablesDoNotOverlap() {
    let pluginCount = PluginMethods.tables.map(\.count).reduce(0, +)
    #expect(pluginCount == PluginMethods.table.count)
    let controlTables = [
      ControlMethods.core, AuthorizationControl.table, RecordMethods.controlTable,
      VerificationMethods.table, DeleteSamplesControl.table, SystemRecordControl.table,
    ]
    #expect(controlTables.map(\.count).reduce(0, +) == ControlMethods.table.count)
  }

  @Test func everyPermissionMethodOfSpec7AndControlMethodOfSpec11IsThere() {
    let plugin: Set<String> = [
      "getPlatformVersion", "isAvailable", "requestQuantityPermissions",
      "requestCategoryPermissions", "requestCharacteristicPermissions",
      "requestWorkoutPermissions", "requestBloodPressurePermissions", "authorizationStatus",
      "requestStatus", "readCharacteristic", "requestPermissions", "checkPermissions",
      "openHealthSettings", "revokePermissions",
    ]
    #expect(plugin.isSubset(of: Set(PluginMethods.table.keys)))
    let control: Set<String> = [
      "reset", "configure", "setPromptPolicy", "setAuthorization", "setCharacteristic",
      "injectFault", "advanceClock", "snapshot",
    ]
    #expect(control.isSubset(of: Set(ControlMethods.table.keys)))
  }

  @Test func badConfigurationFallsBackAndIsReported() {
    let bad = Dispatcher.Configuration(device: "Watch", osVersion: "17.5")
    #expect(Dispatcher.configurationProblem(bad) != nil)
    #expect(Dispatcher(configuration: bad).store.device == .iPhone)
    let badOS = Dispatcher.Configuration(device: "iPad", osVersion: "seventeen")
    #expect(Dispatcher.configurationProblem(badOS) != nil)
    #expect(Dispatcher(configuration: badOS).store.osVersion.description == "17.5")
    #expect(Dispatcher.configurationProblem(.init(device: "iPad", osVersion: "16.4")) == nil)
  }

  @Test func deviceDescriptionFollowsTheStore() {
    let dispatcher = Dispatcher(configuration: .init(device: "iPad", osVersion: "16.4"))
    #expect(
      dispatcher.deviceDescription
        == [
          "model": "iPad", "osVersion": "16.4", "restricted": false, "bundleId": "com.example.app",
        ])
  }
}
