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
    -> [UInt8]?
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

  func reply(_ answer: [UInt8]?) -> [UInt8]?? { .some(answer) }

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

  /// A name nothing serves gets a null reply (and one warning naming it), bytes or `String`.
  @Test func anUnknownChannelGetsANullReply() {
    let call = codec.encodeMethodCall(MethodCall("isAvailable"))
    var warnings: [String] = []
    let dispatcher = Dispatcher()
    dispatcher.warningHandler = { warnings.append($0) }
    #expect(inPlace("other", call, dispatcher) == nil)
    #expect(inPlace("", nil, dispatcher) == nil)
    #expect(warnings.contains { $0.contains("'other'") || $0.contains("\"other\"") })
  }

  /// A name in another Unicode normalisation is the same `String`, not the same bytes: the
  /// router falls back to comparing names and answers it as the channel it names.
  @Test func anotherNormalisationOfTheNameIsTheSameChannel() {
    let dispatcher = Dispatcher(configuration: .init(pluginChannels: ["caf\u{E9}"]))
    let decomposed = "cafe\u{301}"
    let call = codec.encodeMethodCall(MethodCall("isAvailable"))
    #expect(inPlace(decomposed, call, dispatcher) == hex("00 01"))
    #expect(dispatcher.handleMessage(channel: decomposed, payload: call) == hex("00 01"))
    #expect(reply(inPlace("caf\u{E9}", call, dispatcher)) == .some(hex("00 01")))
  }

  /// An event channel is found by name (its routes are the event hub's): `listen` answers in
  /// place as it does by `String`.
  @Test func anEventChannelAnswersInPlace() {
    let listen = codec.encodeMethodCall(MethodCall("listen", ["type": "STEPS"]))
    let events = "healthkit_permissions/observe"
    let byBytes = inPlace(events, listen)
    #expect(byBytes == Dispatcher().handleMessage(channel: events, payload: listen))
    #expect(byBytes != nil)
  }

  @Test func renamedPluginChannelsMatchInPlace() {
    let dispatcher = Dispatcher(configuration: .init(pluginChannels: ["a", "health_b"]))
    dispatcher.warningHandler = { _ in }
    let call = codec.encodeMethodCall(MethodCall("isAvailable"))
    #expect(reply(inPlace("health_b", call, dispatcher)) == .some(hex("00 01")))
    // The default plugin name no longer names a channel: a null reply.
    #expect(inPlace(plugin, call, dispatcher) == nil)
  }

  /// A call whose name is a table's method byte for byte is read with the table's name and
  /// handler; any other call reads as the codec reads it (no handler found), and a malformed
  /// one fails with the codec's error.
  @Test func aKnownNameIsFoundByItsBytes() throws {
    let index = MethodIndex(PluginMethods.table)
    func decoded(_ payload: [UInt8]) throws -> (MethodCall, Bool) {
      let result = try payload.withUnsafeBytes {
        try codec.decodeMethodCall(inPlace: $0, methods: index)
      }
      return (result.call, result.position != nil)
    }
    // isAvailable, null arguments.
    let known = hex("07 0b 69 73 41 76 61 69 6c 61 62 6c 65 00")
    #expect(try decoded(known) == (MethodCall("isAvailable"), true))
    // "isAvailabl" (one byte short): read as the codec reads it, no handler.
    let unknown = hex("07 0a 69 73 41 76 61 69 6c 61 62 6c 00")
    #expect(try decoded(unknown) == (MethodCall("isAvailabl"), false))
    // A known name followed by a byte after the arguments: the codec's own error.
    let trailing = known + [0x00]
    let expected = #expect(throws: CodecError.self) { try codec.decodeMethodCall(trailing) }
    let actual = #expect(throws: CodecError.self) { try decoded(trailing) }
    #expect(actual?.description == expected?.description)
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
