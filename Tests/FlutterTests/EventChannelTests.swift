import Flutter
import Foundation
import Testing

/// Records what Dart's calls did to it.
final class RecordingStreamHandler: NSObject, FlutterStreamHandler {
  var sink: FlutterEventSink?
  var calls: [String] = []
  var listenError: FlutterError?
  var cancelError: FlutterError?

  func onListen(withArguments arguments: Any?, eventSink events: @escaping FlutterEventSink)
    -> FlutterError?
  {
    calls.append("listen \(arguments.map { "\($0)" } ?? "nil")")
    sink = events
    return listenError
  }

  func onCancel(withArguments arguments: Any?) -> FlutterError? {
    calls.append("cancel \(arguments.map { "\($0)" } ?? "nil")")
    return cancelError
  }
}

/// The event channel's answers to `listen` / `cancel`, and its events as messages.
@Suite struct EventChannelTests {
  let messenger = InMemoryBinaryMessenger()
  let handler = RecordingStreamHandler()

  init() {
    FlutterEventChannel(name: "e", binaryMessenger: messenger).setStreamHandler(handler)
  }

  func call(_ method: String, _ arguments: Any? = nil) -> InMemoryReply {
    messenger.deliver(
      onChannel: "e",
      message: methodCodec.encode(FlutterMethodCall(methodName: method, arguments: arguments)))
  }

  @Test func listenEventsAndCancel() {
    #expect(call("listen", Int32(1)).data == bytes("00 00"))
    #expect(handler.calls == ["listen 1"])
    handler.sink?("tick")
    #expect(messenger.sentMessages.last?.channel == "e")
    #expect(messenger.sentMessages.last?.message == bytes("00 07 04 7469636b"))
    handler.sink?(FlutterError(code: "E", message: nil, details: nil))
    #expect(messenger.sentMessages.last?.message == bytes("01 07 01 45 00 00"))
    handler.sink?(nil)
    #expect(messenger.sentMessages.last?.message == bytes("00 00"))
    handler.sink?(FlutterEndOfEventStream)
    #expect(messenger.sentMessages.count == 4)
    #expect(messenger.sentMessages.last?.message == nil)
    #expect(call("cancel", "bye").data == bytes("00 00"))
    #expect(handler.calls == ["listen 1", "cancel bye"])
  }

  @Test func cancelWithoutAStream() {
    let expected =
      bytes("01 07 05 6572726f72 07 1a") + Data("No active stream to cancel".utf8) + bytes("00")
    #expect(call("cancel").data == expected)
    #expect(handler.calls.isEmpty)
  }

  /// A second listen cancels the running stream with nil arguments first.
  @Test func secondListen() {
    _ = call("listen", "a")
    handler.cancelError = FlutterError(code: "C", message: nil, details: nil)
    #expect(call("listen", "b").data == bytes("00 00"))
    #expect(handler.calls == ["listen a", "cancel nil", "listen b"])
  }

  @Test func refusedListenAndCancel() {
    handler.listenError = FlutterError(code: "L", message: "no", details: nil)
    #expect(call("listen").data == bytes("01 07 01 4c 07 02 6e6f 00"))
    handler.cancelError = FlutterError(code: "C", message: nil, details: nil)
    #expect(call("cancel").data == bytes("01 07 01 43 00 00"))
  }

  @Test func unknownMethodAnswersEmpty() {
    guard case .answered(let reply) = call("pause") else {
      Issue.record("no reply")
      return
    }
    #expect(reply == nil)
  }
}
