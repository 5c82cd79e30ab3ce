import FlutterCodec
import Testing

@testable import ControlChannel
@testable import PluginHost
@testable import PluginProfiles
@testable import ProfileHealthkitPermissions

/// `handleMessage(channelUTF8:payload:)` (the serve loop's path: bytes in place) against
/// `handleMessage(channel:payload:)` (strings and arrays), and the method index behind both.
@Suite struct InPlaceDispatchTests {
  let plugin = Dispatcher.defaultPluginChannel
  let control = Dispatcher.controlChannel
  let codec = StandardMethodCodec()

  /// Calls `payload` (nil: a null message) in place on a fresh dispatcher.
  func inPlace(_ channel: String, _ payload: [UInt8]?, _ dispatcher: Dispatcher = Dispatcher())
    -> Dispatcher.InPlaceReply
  {
    let name = Array(channel.utf8)
    return name.withUnsafeBytes { channelBytes in
      guard let payload else {
        return dispatcher.handleMessage(channelUTF8: channelBytes, payload: nil)
      }
      return payload.withUnsafeBytes {
        dispatcher.handleMessage(channelUTF8: channelBytes, payload: $0)
      }
    }
  }

  func reply(_ answer: Dispatcher.InPlaceReply) -> [UInt8]?? {
    guard case .reply(let bytes) = answer else { return nil }
    return .some(bytes)
  }

  @Test func isAvailableInPlaceIsTheSuccessEnvelopeTrue() {
    // isAvailable, null arguments: 07 0b "isAvailable" 00; reply 00 (success) 01 (true).
    let call = hex("07 0b 69 73 41 76 61 69 6c 61 62 6c 65 00")
    #expect(reply(inPlace(plugin, call)) == .some(hex("00 01")))
  }

  static let pluginCalls: [(String, ChannelValue)] = [
    ("isAvailable", .null), ("getPlatformVersion", .null), ("noSuchMethod", .null),
    ("requestPermissions", ["types": ["HEART_RATE"], "access": "read"]),
    ("checkPermissions", ["types": ["STEPS", "NOT_A_TYPE"]]), ("readRecords", [:]),
    ("isAvailable", ["extra": 1]),
  ]

  @Test(arguments: pluginCalls)
  func pluginCallsGiveTheSameBytesBothWays(method: String, arguments: ChannelValue) {
    let call = codec.encodeMethodCall(MethodCall(method, arguments))
    let expected = Dispatcher().handleMessage(channel: plugin, payload: call)
    #expect(reply(inPlace(plugin, call)) == .some(expected))
  }

  @Test func controlCallsGiveTheSameBytesBothWays() {
    for call in [MethodCall("reset"), MethodCall("snapshot"), MethodCall("noSuchMethod")] {
      let bytes = codec.encodeMethodCall(call)
      let expected = Dispatcher().handleMessage(channel: control, payload: bytes)
      #expect(reply(inPlace(control, bytes)) == .some(expected), "\(call.method)")
    }
  }

  /// Payloads that are no method call: the in-place decode defers to the codec's own error.
  @Test(arguments: [
    "",  // empty: truncated
    "ff",  // unknown tag
    "07 03 66 6f 6f",  // a name and no arguments
    "03 01 00 00 00 00",  // the name is an int32
    "07 0b 69 73 41 76 61 69 6c 61 62 6c 65 00 00",  // a byte after the arguments
    "07 02 c3 28 00",  // the name is not UTF-8
  ])
  func malformedCallsGiveTheSameErrorBothWays(payloadHex: String) throws {
    let payload = hex(payloadHex)
    let expected = try #require(Dispatcher().handleMessage(channel: plugin, payload: payload))
    #expect(reply(inPlace(plugin, payload)) == .some(expected))
    let error = try #require(try codec.decodeEnvelope(expected).error)
    #expect(error.code == "MALFORMED_MESSAGE")
  }

  @Test func aNullMessageGivesTheSameErrorBothWays() throws {
    let expected = try #require(Dispatcher().handleMessage(channel: control, payload: nil))
    #expect(reply(inPlace(control, nil)) == .some(expected))
    #expect(try codec.decodeEnvelope(expected).error?.details["reason"] == "nullMessage")
  }

  @Test func anUnknownChannelIsLeftToTheStringPath() {
    let call = codec.encodeMethodCall(MethodCall("isAvailable"))
    guard case .channelNotMatched = inPlace("other", call) else {
      Issue.record("expected channelNotMatched")
      return
    }
    guard case .channelNotMatched = inPlace("", nil) else {
      Issue.record("expected channelNotMatched for the empty name")
      return
    }
  }

  /// A name in another Unicode normalisation is the same `String`, not the same bytes: the in-place
  /// path leaves it to the string path, which answers it.
  @Test func anotherNormalisationOfTheNameIsLeftToTheStringPath() {
    let dispatcher = Dispatcher(configuration: .init(pluginChannels: ["caf\u{E9}"]))
    let decomposed = "cafe\u{301}"
    let call = codec.encodeMethodCall(MethodCall("isAvailable"))
    guard case .channelNotMatched = inPlace(decomposed, call, dispatcher) else {
      Issue.record("expected channelNotMatched")
      return
    }
    #expect(dispatcher.handleMessage(channel: decomposed, payload: call) == hex("00 01"))
    #expect(reply(inPlace("caf\u{E9}", call, dispatcher)) == .some(hex("00 01")))
  }

  @Test func renamedPluginChannelsMatchInPlace() {
    let dispatcher = Dispatcher(configuration: .init(pluginChannels: ["a", "health_b"]))
    let call = codec.encodeMethodCall(MethodCall("isAvailable"))
    #expect(reply(inPlace("health_b", call, dispatcher)) == .some(hex("00 01")))
    guard case .channelNotMatched = inPlace(plugin, call, dispatcher) else {
      Issue.record("the default plugin name must not match a renamed plugin channel")
      return
    }
  }

  @Test func theMethodIndexFindsEveryMethodOfEachTable() {
    for table in [PluginMethods.table, ControlMethods.table] {
      let index = MethodIndex(table)
      for name in table.keys {
        #expect(index.handler(for: name) != nil, "\(name)")
      }
      for name in ["", "x", "isavailable", "isAvailable ", String(repeating: "a", count: 40)] {
        #expect(index.handler(for: name) == nil, "\(name)")
      }
    }
  }

  /// Names of equal length are told apart: each finds the handler that answers as itself.
  @Test func theMethodIndexTellsApartNamesOfOneLength() throws {
    let table: MethodTable = [
      "ab": .control { _ in { .string("ab") } }, "ba": .control { _ in { .string("ba") } },
      "abc": .control { _ in { .string("abc") } },
    ]
    let index = MethodIndex(table)
    let dispatcher = Dispatcher()
    for name in ["ab", "ba", "abc"] {
      let handler = try #require(index.handler(for: name))
      let context = MethodContext(
        method: name, arguments: .null,
        environment: HostEnvironment(
          store: dispatcher.store, warn: { _ in }, pluginMethods: []))
      #expect(try handler.run(context) == .string(name))
    }
    #expect(index.handler(for: "a") == nil && index.handler(for: "abcd") == nil)
  }
}
