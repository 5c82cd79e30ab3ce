import ChannelTestSupport
import FlutterCodec
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles
@testable import ProfileHealthKitReporter
@testable import ProfileHealthkitPermissions

/// The one handler model: every method channel's methods are ``MethodHandler``s whose flags say
/// which checks of the pipeline apply, and the example of protocol/profiles/README.md works.
@Suite struct HandlerModelTests {
  enum MyError: Error { case badArguments(String) }

  /// protocol/profiles/README.md's example profile, as written there.
  enum MyPluginProfile {
    static let name = "my_plugin"

    static let methods: MethodTable = [
      "isAvailable": .plain { call in .bool(call.store.availability == .available) },
      "platform": .plain { call in .string("\(call.store.systemName) \(call.store.osVersion)") },
      "echo": .plain { call in
        guard case .map = call.rawArguments else { throw MyError.badArguments(call.method) }
        return call.rawArguments
      },
    ]

    @Sendable static func flutterError(_ error: any Error) -> FlutterError {
      switch error as? MyError {
      case .badArguments(let method)?:
        return FlutterError(code: "BAD_ARGS", message: "\(method): arguments", details: .null)
      case nil: return FlutterError(code: "INTERNAL_ERROR", message: "\(error)", details: .null)
      }
    }

    static let handler = ChannelHandler.methods(methods, errors: flutterError)

    @Sendable static func make(pluginChannels: [String]) -> PluginProfile {
      PluginProfile(name: name, channels: [ProfileChannel(name: "my_plugin", handler: handler)])
    }
  }

  @Test func theReadmeExampleProfileAnswers() {
    let dispatcher = Dispatcher(profiles: [MyPluginProfile.make(pluginChannels: [])])
    #expect(
      dispatcher.handle(channel: "my_plugin", call: MethodCall("isAvailable")) == .success(true))
    #expect(
      dispatcher.handle(channel: "my_plugin", call: MethodCall("platform")) == .success("iOS 17.5"))
    #expect(
      dispatcher.handle(channel: "my_plugin", call: MethodCall("echo", ["a": 1]))
        == .success(["a": 1]))
    #expect(
      dispatcher.handle(channel: "my_plugin", call: MethodCall("echo", 1))
        == .error(FlutterError(code: "BAD_ARGS", message: "echo: arguments", details: .null)))
    #expect(dispatcher.handle(channel: "my_plugin", call: MethodCall("nothing")) == nil)
  }

  /// The handlers of every method channel of a profile, by name.
  static func handlers(_ profile: PluginProfile) -> MethodTable {
    var all: MethodTable = [:]
    for channel in profile.channels {
      guard case .methods(let methods, _) = channel.handler.kind else { continue }
      all.merge(methods.handlers) { first, _ in first }
    }
    return all
  }

  /// The `health` and `health_kit_reporter` methods check their calls as their plugins do:
  /// no availability check, no key check, no injected fault from the pipeline.
  @Test(arguments: ["health", "health_kit_reporter", "connect_kit"])
  func thePublishedPluginsMethodsArePlain(profile: String) throws {
    let row = try #require(ProfileTable.row(named: profile))
    for (name, handler) in Self.handlers(row.make([])) {
      #expect(!handler.requiresHealthKit && !handler.acceptsFaults, "\(profile).\(name)")
      #expect(handler.takes == nil, "\(profile).\(name)")
    }
  }

  /// `injectFault` names the methods that take faults: the default profile's, whichever
  /// profiles are served.
  @Test func theFaultMethodsAreTheDefaultProfilesMethods() {
    #expect(ProfileTable.faultMethods == Set(PluginMethods.table.keys))
    let health = Dispatcher(configuration: .init(profiles: ["health"]))
    let reply = health.handle(
      channel: Dispatcher.controlChannel,
      call: MethodCall("injectFault", ["method": "isAvailable", "code": "READ_ERROR"]))
    #expect(reply == .success(.null))
  }

  /// A fault injected for a name a plain method also has leaves the plain method alone.
  @Test func aPlainMethodTakesNoInjectedFault() {
    let dispatcher = Dispatcher(configuration: .init(profiles: ["health_kit_reporter"]))
    _ = dispatcher.handle(
      channel: Dispatcher.controlChannel,
      call: MethodCall("injectFault", ["method": "isAvailable", "code": "READ_ERROR"]))
    #expect(
      dispatcher.handle(
        channel: HealthKitReporterProfile.channel, call: MethodCall("isAvailable"))
        == .success(true))
  }

  /// A profile's method channel answers the same bytes in place as on the string path.
  @Test func aProfileMethodChannelAnswersTheSameBytesInPlace() {
    let codec = StandardMethodCodec()
    for call in [
      MethodCall("isAvailable"), MethodCall("noSuchMethod"), MethodCall("quantityQuery", 1),
    ] {
      let payload = codec.encodeMethodCall(call)
      let channel = HealthKitReporterProfile.channel
      let expected = Dispatcher(configuration: .init(profiles: ["health_kit_reporter"]))
        .handleMessage(channel: channel, payload: payload)
      let dispatcher = Dispatcher(configuration: .init(profiles: ["health_kit_reporter"]))
      let answer = Array(channel.utf8).withUnsafeBytes { name in
        payload.withUnsafeBytes { dispatcher.handleMessage(channelUTF8: name, payload: $0) }
      }
      let bytes = answer
      #expect(bytes == expected, "\(call.method)")
    }
  }
}
