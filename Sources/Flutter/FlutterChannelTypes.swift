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
