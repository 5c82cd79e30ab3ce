import FlutterCodec
import Testing

@testable import PluginHost
@testable import PluginProfiles

/// Routes found once by a channel's bytes (``Dispatcher/route(channelUTF8:)``) and the replies
/// given on them (``Dispatcher/reply(on:payload:)``): the same as routing each message by its
/// name.
@Suite struct MessageRouteTests {
  let plugin = Dispatcher.defaultPluginChannel
  let control = Dispatcher.controlChannel
  let codec = StandardMethodCodec()

  func route(_ dispatcher: Dispatcher, _ channel: String) -> MessageRoute? {
    Array(channel.utf8).withUnsafeBytes { dispatcher.route(channelUTF8: $0) }
  }

  func reply(_ dispatcher: Dispatcher, on route: MessageRoute, _ payload: [UInt8]?) -> [UInt8]? {
    guard let payload else { return dispatcher.reply(on: route, payload: nil).bytes }
    return payload.withUnsafeBytes { dispatcher.reply(on: route, payload: $0).bytes }
  }

  /// Only a served channel's exact bytes give a route: the name in another Unicode
  /// normalisation, an event channel and an unknown name give none (they are routed by name).
  @Test func onlyAServedChannelsExactBytesGiveARoute() {
    let dispatcher = Dispatcher(configuration: .init(pluginChannels: ["caf\u{E9}"]))
    dispatcher.warningHandler = { _ in }
    #expect(route(dispatcher, "caf\u{E9}") != nil)
    #expect(route(dispatcher, control) != nil)
    #expect(route(dispatcher, "cafe\u{301}") == nil)
    #expect(route(Dispatcher(), "healthkit_permissions/observe") == nil)
    #expect(route(Dispatcher(), "no_such_channel") == nil)
    #expect(route(Dispatcher(), "") == nil)
  }

  /// Replies on routes, interleaved across channels (each route kept and used again later), are
  /// byte for byte those of the same messages routed by name on a twin dispatcher, and the
  /// twin's call log is the same.
  @Test func repliesOnRoutesAreTheRoutersReplies() throws {
    let onRoutes = Dispatcher()
    let byName = Dispatcher()
    let pluginRoute = try #require(route(onRoutes, plugin))
    let controlRoute = try #require(route(onRoutes, control))
    let messages: [(String, MessageRoute, [UInt8]?)] = [
      (plugin, pluginRoute, codec.encodeMethodCall(MethodCall("isAvailable"))),
      (control, controlRoute, codec.encodeMethodCall(MethodCall("snapshot"))),
      (plugin, pluginRoute, codec.encodeMethodCall(MethodCall("isAvailable"))),
      (plugin, pluginRoute, codec.encodeMethodCall(MethodCall("noSuchMethod"))),
      (plugin, pluginRoute, hex("ff 00")),
      (plugin, pluginRoute, nil),
      (control, controlRoute, codec.encodeMethodCall(MethodCall("calls"))),
    ]
    onRoutes.warningHandler = { _ in }
    byName.warningHandler = { _ in }
    for (channel, route, payload) in messages {
      let expected = byName.handleMessage(channel: channel, payload: payload)
      #expect(reply(onRoutes, on: route, payload) == expected, "\(channel) \(payload ?? [])")
    }
    // `calls` was the last message: both logs answered the same list.
    #expect(
      byName.verification.loggedCalls.map(\.method) == [
        "isAvailable", "isAvailable",
        "noSuchMethod",
      ])
    #expect(
      onRoutes.verification.loggedCalls.map(\.method) == [
        "isAvailable", "isAvailable",
        "noSuchMethod",
      ])
  }
}
