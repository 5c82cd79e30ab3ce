import FlutterCodec
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles
@testable import ProfileHealthkitPermissions

/// The plugin-profile seam: profiles by name, method channels with their own error mapping, raw
/// message channels, channel order, and the default profile unchanged.
@Suite struct ProfileSeamTests {
  struct Refused: Error {}

  /// A profile with one method channel (`echo`, `fail`) and one raw message channel.
  static let testProfile = PluginProfile(
    name: "test",
    channels: [
      ProfileChannel(
        name: "test/methods",
        handler: .methods(
          [
            "echo": .plain { call in call.rawArguments },
            "fail": .plain { _ in throw Refused() },
            "osVersion": .plain { call in .string(call.store.osVersion.description) },
          ],
          errors: { error in
            FlutterError(code: "TEST_ERROR", message: "\(error)", details: nil)
          })),
      ProfileChannel(
        name: "test/raw",
        handler: .messages { payload, _ in
          guard let payload else { return [0xEE] }
          return payload.reversed()
        }),
    ])

  let codec = StandardMethodCodec()

  func dispatcher() -> Dispatcher {
    let dispatcher = Dispatcher(
      configuration: .init(),
      profiles: [
        Self.testProfile,
        HealthkitPermissionsProfile.make(pluginChannels: ["healthkit_permissions"]),
      ])
    dispatcher.warningHandler = { _ in }
    return dispatcher
  }

  @Test func theDefaultProfileIsHealthkitPermissionsOnItsChannel() {
    let dispatcher = Dispatcher()
    #expect(dispatcher.profileNames == ["healthkit_permissions"])
    #expect(
      dispatcher.channels == [
        "healthkit_permissions", "healthkit_permissions/observe", "healthkit_permissions/anchored",
        "healthkit_permissions/statistics", "hkbridge/control",
      ])
    #expect(dispatcher.methodChannels == dispatcher.channels)
    #expect(Dispatcher.profileNames.first == "healthkit_permissions")
  }

  @Test func profilesAreChosenByNameAndUnknownNamesAreAProblem() {
    let named = Dispatcher(configuration: .init(pluginChannels: ["a"], profiles: []))
    #expect(named.channels == ["hkbridge/control"])
    let problem = Dispatcher.configurationProblem(.init(profiles: ["healthkit_permissions", "x"]))
    #expect(problem?.contains("unknown profile 'x'") == true)
    #expect(problem?.contains("healthkit_permissions") == true)
    #expect(Dispatcher.configurationProblem(.init(profiles: ["healthkit_permissions"])) == nil)
  }

  @Test func channelsListEveryProfileInOrderThenControl() {
    let dispatcher = dispatcher()
    #expect(
      dispatcher.channels == [
        "test/methods", "test/raw", "healthkit_permissions", "healthkit_permissions/observe",
        "healthkit_permissions/anchored", "healthkit_permissions/statistics",
        "hkbridge/control",
      ])
    #expect(
      dispatcher.methodChannels == [
        "test/methods", "healthkit_permissions", "healthkit_permissions/observe",
        "healthkit_permissions/anchored", "healthkit_permissions/statistics",
        "hkbridge/control",
      ])
    #expect(dispatcher.profileNames == ["test", "healthkit_permissions"])
  }

  @Test func aProfileMethodAnswersWithASuccessEnvelope() {
    let reply = dispatcher().handle(channel: "test/methods", call: MethodCall("echo", ["a": 1]))
    #expect(reply == .success(["a": 1]))
    // StandardMethodCodec success envelope: 00, then the value (int32 5).
    let bytes = dispatcher().handleMessage(
      channel: "test/methods", payload: codec.encodeMethodCall(MethodCall("echo", .int32(5))))
    #expect(bytes == hex("00 03 05000000"))
  }

  @Test func aThrownErrorGoesThroughTheProfilesMapping() {
    let reply = dispatcher().handle(channel: "test/methods", call: MethodCall("fail"))
    guard case .error(let error)? = reply else {
      Issue.record("expected an error, got \(String(describing: reply))")
      return
    }
    #expect(error.code == "TEST_ERROR")
  }

  @Test func anUnknownProfileMethodGetsANullReply() {
    let bytes = dispatcher().handleMessage(
      channel: "test/methods", payload: codec.encodeMethodCall(MethodCall("nothing")))
    #expect(bytes == nil)
  }

  @Test func aProfileMethodSeesTheSharedStore() {
    let dispatcher = dispatcher()
    _ = dispatcher.handle(
      channel: Dispatcher.controlChannel, call: MethodCall("configure", ["osVersion": "16.4"]))
    #expect(
      dispatcher.handle(channel: "test/methods", call: MethodCall("osVersion"))
        == .success("16.4"))
  }

  @Test func aProfileMethodChannelRefusesWhatIsNotAMethodCall() {
    let dispatcher = dispatcher()
    for payload: [UInt8]? in [nil, [0xFF]] {
      let bytes = dispatcher.handleMessage(channel: "test/methods", payload: payload)
      let envelope = try? codec.decodeEnvelope(bytes ?? [])
      guard case .error(let error)? = envelope else {
        Issue.record("expected an error envelope, got \(String(describing: envelope))")
        continue
      }
      #expect(error.code == "MALFORMED_MESSAGE")
    }
  }

  @Test func aRawChannelGetsThePayloadBytesAsTheyCame() {
    let dispatcher = dispatcher()
    #expect(dispatcher.handleMessage(channel: "test/raw", payload: [1, 2, 3]) == [3, 2, 1])
    #expect(dispatcher.handleMessage(channel: "test/raw", payload: []) == [])
    #expect(dispatcher.handleMessage(channel: "test/raw", payload: nil) == [0xEE])
  }

  @Test func theInPlacePathGivesTheSameReplies() {
    let dispatcher = dispatcher()
    let cases: [(String, [UInt8]?)] = [
      ("test/raw", [1, 2, 3]), ("test/raw", nil),
      ("test/methods", codec.encodeMethodCall(MethodCall("echo", "x"))),
      ("healthkit_permissions", codec.encodeMethodCall(MethodCall("isAvailable"))),
    ]
    for (channel, payload) in cases {
      let expected = dispatcher.handleMessage(channel: channel, payload: payload)
      let actual = Array(channel.utf8).withUnsafeBytes { name in
        if let payload {
          return payload.withUnsafeBytes {
            dispatcher.handleMessage(channelUTF8: name, payload: $0)
          }
        }
        return dispatcher.handleMessage(channelUTF8: name, payload: nil)
      }
      let bytes = actual
      #expect(bytes == expected, "\(channel)")
    }
  }

  @Test func theFirstRouteOfANameWins() {
    let shadow = PluginProfile(
      name: "shadow",
      channels: [
        ProfileChannel(name: "healthkit_permissions", handler: .messages { _, _ in [7] })
      ])
    let dispatcher = Dispatcher(
      configuration: .init(),
      profiles: [
        shadow, HealthkitPermissionsProfile.make(pluginChannels: ["healthkit_permissions"]),
      ])
    #expect(
      dispatcher.channels == [
        "healthkit_permissions", "healthkit_permissions/observe", "healthkit_permissions/anchored",
        "healthkit_permissions/statistics", "hkbridge/control",
      ])
    #expect(dispatcher.handleMessage(channel: "healthkit_permissions", payload: []) == [7])
  }
}
