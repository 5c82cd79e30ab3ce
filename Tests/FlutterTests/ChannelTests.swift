import Flutter
import Foundation
import Testing

/// Method and basic message channels through the in-memory messenger: what a handler's result
/// becomes on the wire.
@Suite struct MethodChannelTests {
  let messenger = InMemoryBinaryMessenger()

  func channel(_ name: String, _ handler: @escaping FlutterMethodCallHandler)
    -> FlutterMethodChannel
  {
    let channel = FlutterMethodChannel(name: name, binaryMessenger: messenger)
    channel.setMethodCallHandler(handler)
    return channel
  }

  func call(_ name: String, _ method: String, _ arguments: Any? = nil) -> InMemoryReply {
    messenger.deliver(
      onChannel: name,
      message: methodCodec.encode(FlutterMethodCall(methodName: method, arguments: arguments)))
  }

  @Test func successErrorAndNotImplemented() {
    _ = channel("c") { call, result in
      switch call.method {
      case "ok": result("ok")
      case "nil": result(nil)
      case "fail": result(FlutterError(code: "E", message: "m", details: nil))
      default: result(FlutterMethodNotImplemented)
      }
    }
    #expect(call("c", "ok").data == bytes("00 07 02 6f6b"))
    #expect(call("c", "nil").data == bytes("00 00"))
    #expect(call("c", "fail").data == bytes("01 07 01 45 07 01 6d 00"))
    guard case .answered(let empty) = call("c", "other") else {
      Issue.record("no reply")
      return
    }
    #expect(empty == nil)
  }

  /// Only the first result answers Dart; the second is reported and dropped.
  @Test func resultTwice() {
    ReportedLines.collect()
    var replies: [Data?] = []
    _ = channel("twice") { _, result in
      result(1)
      result(2)
    }
    messenger.deliver(
      onChannel: "twice",
      message: methodCodec.encode(FlutterMethodCall(methodName: "m", arguments: nil))
    ) { replies.append($0) }
    #expect(replies == [bytes("00 04 0100000000000000")])
    #expect(ReportedLines.contains("The result of m on twice answered more than once"))
  }

  @Test func noHandlerAndRemovedHandler() {
    #expect(call("none", "m").data == nil)
    let channel = channel("removed") { _, result in result(true) }
    #expect(call("removed", "m").data == bytes("00 01"))
    channel.setMethodCallHandler(nil)
    #expect(!messenger.hasHandler(onChannel: "removed"))
  }

  @Test func invokeMethodReachesDartAndReadsItsReply() {
    let channel = FlutterMethodChannel(name: "out", binaryMessenger: messenger)
    messenger.setDartReply(onChannel: "out") { _ in bytes("00 03 07000000") }
    var result: Any?
    channel.invokeMethod("ask", arguments: ["q": 1]) { result = $0 }
    #expect(result as? Int == 7)
    #expect(
      messenger.sentMessages.last?.message
        == bytes("07 03 61736b 0d 01 07 01 71 04 0100000000000000"))
    messenger.setDartReply(onChannel: "out") { _ in nil }
    channel.invokeMethod("ask", arguments: nil) { result = $0 }
    #expect((result as? NSObject) === FlutterMethodNotImplemented)
    messenger.setDartReply(onChannel: "out") { _ in bytes("01 07 01 45 00 00") }
    channel.invokeMethod("ask", arguments: nil) { result = $0 }
    #expect((result as? FlutterError)?.code == "E")
    channel.invokeMethod("tell", arguments: nil)
    #expect(messenger.sentMessages.last?.message == bytes("07 04 74656c6c 00"))
  }

  /// `resize` and `overflow` calls on Flutter's channel-buffers channel.
  @Test func channelBuffers() {
    let channel = FlutterMethodChannel(name: "ab", binaryMessenger: messenger)
    channel.resizeChannelBuffer(3)
    #expect(messenger.sentMessages.last?.channel == "dev.flutter/channel-buffers")
    #expect(
      messenger.sentMessages.last?.message
        == bytes("07 06 726573697a65 0c 02 07 02 6162 03 03000000"))
    FlutterBasicMessageChannel.setWarnsOnOverflow(
      false, forChannelWithName: "ab", binaryMessenger: messenger)
    #expect(
      messenger.sentMessages.last?.message == bytes("07 08 6f766572666c6f77 0c 02 07 02 6162 01"))
  }
}

@Suite struct BasicMessageChannelTests {
  let messenger = InMemoryBinaryMessenger()

  @Test func standardCodecMessages() {
    let channel = FlutterBasicMessageChannel(name: "b", binaryMessenger: messenger)
    channel.setMessageHandler { message, reply in reply([message, "back"]) }
    #expect(
      messenger.deliver(onChannel: "b", message: bytes("03 02000000")).data
        == bytes("0c 02 03 02000000 07 04 6261636b"))
    var received: Any?
    messenger.setDartReply(onChannel: "b") { $0 }
    channel.sendMessage("hi") { received = $0 }
    #expect(received as? String == "hi")
    channel.sendMessage(nil)
    #expect(messenger.sentMessages.last?.message == nil)
  }

  @Test func stringCodecChannel() {
    let channel = FlutterBasicMessageChannel(
      name: "s", binaryMessenger: messenger, codec: FlutterStringCodec.sharedInstance())
    channel.setMessageHandler { message, reply in reply((message as? String).map { $0 + "!" }) }
    #expect(messenger.deliver(onChannel: "s", message: Data("a".utf8)).data == Data("a!".utf8))
  }
}
