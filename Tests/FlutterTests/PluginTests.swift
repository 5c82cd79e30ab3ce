import FlutterSwift5Plugin
import Foundation
import Testing

@testable import Flutter

/// Plugin classes compiled in Swift 5 mode, registered with the in-memory registrar.
@Suite struct PluginTests {
  let registrar = InMemoryPluginRegistrar()
  var messenger: InMemoryBinaryMessenger { registrar.testMessenger }

  init() {
    EchoPlugin.register(with: registrar)
    QuietPlugin.register(with: registrar)
  }

  func call(_ channel: String, _ method: String, _ arguments: Any? = nil) -> InMemoryReply {
    messenger.deliver(
      onChannel: channel,
      message: methodCodec.encode(FlutterMethodCall(methodName: method, arguments: arguments)))
  }

  /// The plugin's own `handle` is the one the protocol calls.
  @Test func ownHandleIsCalled() {
    #expect(call(EchoPlugin.channelName, "echo", "x").data == bytes("00 07 01 78"))
    let plugin: FlutterPlugin = EchoPlugin()
    var result: Any?
    plugin.handle(FlutterMethodCall(methodName: "echo", arguments: 3)) { result = $0 }
    #expect(result as? Int == 3)
    #expect(registrar.publishedValue is EchoPlugin)
  }

  /// Casts of decoded arguments inside plugin code (an int32 read `as? Int`, an int `as? Double`).
  @Test func argumentCasts() {
    let sum = call(EchoPlugin.channelName, "sum", ["a": Int32(2), "b": Int32(3)])
    #expect(sum.data == bytes("00 06 000000000000 0000000000001440"))
    let bad = call(EchoPlugin.channelName, "sum", ["a": "2"])
    #expect(
      bad.data.flatMap { methodCodec.decodeEnvelope($0) as? FlutterError }?.code == "bad-args")
  }

  /// An NSDictionary literal: a nil optional becomes null, a large Int stays int64.
  @Test func healthStyleSample() throws {
    let reply = try #require(call(EchoPlugin.channelName, "sample").data)
    let list = methodCodec.decodeEnvelope(reply) as? [[String: Any]]
    let sample = try #require(list?.first)
    #expect(sample["date_from"] as? Int == 1_700_000_000_000)
    #expect(sample["unit"] is NSNull)
    #expect(sample["source"] as? String == "watch")
    // 00, 0c 01, 0d 03, then (any order) "date_from" (11) + int64 (9), "unit" (6) + null (1),
    // "source" (8) + "watch" (7).
    #expect(reply.count == 1 + 2 + 2 + 11 + 9 + 6 + 1 + 8 + 7)
    #expect(hexText(reply).contains("04" + "0068e5cf8b010000"))
  }

  @Test func pluginWithoutHandleAnswersNotImplemented() {
    guard case .answered(let reply) = call("test/quiet", "anything") else {
      Issue.record("no reply")
      return
    }
    #expect(reply == nil)
  }

  @Test func resultFromAnotherQueue() async {
    let reply: Data? = await withCheckedContinuation { continuation in
      messenger.deliver(
        onChannel: EchoPlugin.channelName,
        message: methodCodec.encode(FlutterMethodCall(methodName: "later", arguments: nil))
      ) { continuation.resume(returning: $0) }
    }
    #expect(reply == bytes("00 07 04 646f6e65"))
  }

  @Test func resultTwiceAnswersOnce() {
    ReportedLines.collect()
    var replies: [Data?] = []
    messenger.deliver(
      onChannel: EchoPlugin.channelName,
      message: methodCodec.encode(FlutterMethodCall(methodName: "twice", arguments: nil))
    ) { replies.append($0) }
    #expect(replies == [bytes("00 04 0100000000000000")])
    #expect(ReportedLines.contains("The result of twice on test/echo"))
  }

  @Test func eventChannelOnATaskQueue() {
    let listen = methodCodec.encode(FlutterMethodCall(methodName: "listen", arguments: nil))
    #expect(
      messenger.deliver(onChannel: EchoPlugin.eventChannelName, message: listen).data
        == bytes("00 00"))
    let plugin = registrar.publishedValue as? EchoPlugin
    plugin?.ticker.sink?(Int32(9))
    #expect(messenger.sentMessages.last?.message == bytes("00 03 09000000"))
  }
}

/// A Pigeon-shaped codec (a reader, writer and readerWriter subclass) on a basic message channel.
@Suite struct PigeonStyleTests {
  /// A point with x = 2 (Int64 → int64) and y = 1.5, inside the argument list Pigeon sends.
  let pointBytes = "81 0c 02 04 0200000000000000 06 00 000000000000f83f"

  @Test func customTypeBytes() {
    let encoded = PointCodec.shared.encode([PointMessage(x: 2, y: 1.5)])
    // list tag, size, then the point: tag 129, its field list; the float aligns from offset 0.
    #expect(encoded == bytes("0c 01 " + pointBytes))
    let decoded = PointCodec.shared.decode(encoded) as? [Any?]
    #expect(decoded?.first as? PointMessage == PointMessage(x: 2, y: 1.5))
    let withNil = PointCodec.shared.encode(PointMessage(x: 1, y: nil))
    #expect(withNil == bytes("81 0c 02 04 0100000000000000 00"))
  }

  /// An optional custom value handed to `writeValue(_:)` reaches the subclass's override.
  @Test func optionalCustomValue() {
    let point: PointMessage? = PointMessage(x: 1, y: nil)
    let data = NSMutableData()
    PointCodec.shared.readerWriter.writer(with: data).writeValue(point as Any)
    #expect(data as Data == bytes("81 0c 02 04 0100000000000000 00"))
  }

  /// An enum travels as its raw value (a Swift Int: int64) behind its own tag; Dart writes the
  /// index as int32, which reads back through `as! Int?`.
  @Test func enumValues() {
    #expect(PointCodec.shared.encode(PointKind.marked) == bytes("82 04 0100000000000000"))
    #expect(PointCodec.shared.decode(bytes("82 03 01000000")) as? PointKind == .marked)
    #expect(PointCodec.shared.decode(bytes("82 00")) == nil)
  }

  @Test func hostApiThroughABasicMessageChannel() {
    let messenger = InMemoryBinaryMessenger()
    PointHostApiSetup.setUp(binaryMessenger: messenger, api: Flipper())
    let reply = messenger.deliver(
      onChannel: PointHostApiSetup.flipChannel, message: bytes("0c 01 " + pointBytes))
    #expect(reply.data == bytes("0c 01 81 0c 02 04 0200000000000000 06 00 000000000000f8bf"))
    PointHostApiSetup.setUp(binaryMessenger: messenger, api: nil)
    #expect(!messenger.hasHandler(onChannel: PointHostApiSetup.flipChannel))
  }
}
