import Foundation

/// A reply to a message of a basic message channel, or Dart's reply to one sent from Swift.
public typealias FlutterReply = (Any?) -> Void

/// Handles one message of a basic message channel; answers through the reply (from any queue).
public typealias FlutterMessageHandler = (Any?, @escaping FlutterReply) -> Void

/// The result of a method call: a value (success), a `FlutterError` (error) or
/// `FlutterMethodNotImplemented`. Only the first call answers Dart (see `FlutterMethodChannel`).
public typealias FlutterResult = (Any?) -> Void

/// Handles one method call from Dart.
public typealias FlutterMethodCallHandler = (FlutterMethodCall, @escaping FlutterResult) -> Void

/// Sends one event: a value, a `FlutterError`, or `FlutterEndOfEventStream`.
public typealias FlutterEventSink = (Any?) -> Void

/// Starts and stops the stream of a `FlutterEventChannel`.
public protocol FlutterStreamHandler {
  /// Dart listened: start sending events through `events`; a `FlutterError` refuses.
  func onListen(withArguments arguments: Any?, eventSink events: @escaping FlutterEventSink)
    -> FlutterError?

  /// Dart cancelled (or listened again, with `nil` arguments): stop sending events.
  func onCancel(withArguments arguments: Any?) -> FlutterError?
}

/// Calls `body` the first time only; later calls are reported through `FlutterDiagnostics` and
/// dropped, as Flutter's engine answers a platform message once.
final class FlutterAnswerOnce: @unchecked Sendable {
  private let lock = NSLock()
  private var answered = false
  private let what: String

  init(_ what: String) {
    self.what = what
  }

  /// Whether this is the first answer (and it is now taken).
  func take() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if answered {
      FlutterDiagnostics.report("\(what) answered more than once; the later answer is dropped")
      return false
    }
    answered = true
    return true
  }
}

/// The channel that adjusts Flutter's channel buffers (`resize`, `overflow`).
enum FlutterChannelBuffers {
  static let channel = "dev.flutter/channel-buffers"

  static func resize(_ name: String, _ size: Int, _ messenger: FlutterBinaryMessenger) {
    let call = FlutterMethodCall(
      methodName: "resize", arguments: [name, Int32(truncatingIfNeeded: size)] as [Any])
    messenger.send(
      onChannel: channel, message: FlutterStandardMethodCodec.sharedInstance().encode(call))
  }

  static func setWarnsOnOverflow(_ warns: Bool, _ name: String, _ messenger: FlutterBinaryMessenger)
  {
    let call = FlutterMethodCall(methodName: "overflow", arguments: [name, !warns] as [Any])
    messenger.send(
      onChannel: channel, message: FlutterStandardMethodCodec.sharedInstance().encode(call))
  }

  /// Sets `handler` on the messenger, with the task queue when there is one.
  static func setHandler(
    _ messenger: FlutterBinaryMessenger, _ name: String,
    _ handler: @escaping FlutterBinaryMessageHandler, _ taskQueue: FlutterTaskQueue?
  ) -> FlutterBinaryMessengerConnection {
    if let taskQueue {
      return messenger.setMessageHandlerOnChannel(
        name, binaryMessageHandler: handler, taskQueue: taskQueue)
    }
    return messenger.setMessageHandlerOnChannel(name, binaryMessageHandler: handler)
  }
}
