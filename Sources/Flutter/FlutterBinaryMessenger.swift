import Foundation

/// A reply to a binary message: the encoded reply, or `nil` for an empty one.
public typealias FlutterBinaryReply = (Data?) -> Void

/// Handles one binary message from Dart and answers it through the reply (from any queue).
public typealias FlutterBinaryMessageHandler = (Data?, @escaping FlutterBinaryReply) -> Void

/// The identifier of a handler set on a messenger, for `cleanUpConnection(_:)`.
public typealias FlutterBinaryMessengerConnection = Int64

/// A queue a messenger runs handlers on, made by `makeBackgroundTaskQueue`.
public protocol FlutterTaskQueue: NSObjectProtocol {}

/// Sends binary messages to Dart and routes Dart's messages to handlers, by channel name.
///
/// The host implements it; plugin code reaches it through `FlutterPluginRegistrar.messenger()`.
public protocol FlutterBinaryMessenger: NSObjectProtocol {
  /// Sends a message expecting no reply.
  func send(onChannel channel: String, message: Data?)

  /// Sends a message; `callback` receives Dart's reply (`nil` when nobody answered).
  func send(onChannel channel: String, message: Data?, binaryReply callback: FlutterBinaryReply?)

  /// Sets (or with `nil` removes) the handler of a channel; replaces any previous one.
  @discardableResult
  func setMessageHandlerOnChannel(
    _ channel: String, binaryMessageHandler handler: FlutterBinaryMessageHandler?
  ) -> FlutterBinaryMessengerConnection

  /// Sets the handler of a channel, run on `taskQueue`. Optional on iOS; the default ignores the
  /// queue and calls `setMessageHandlerOnChannel(_:binaryMessageHandler:)`.
  @discardableResult
  func setMessageHandlerOnChannel(
    _ channel: String, binaryMessageHandler handler: FlutterBinaryMessageHandler?,
    taskQueue: FlutterTaskQueue?
  ) -> FlutterBinaryMessengerConnection

  /// Removes the handler set with `connection`, if it is still the channel's handler.
  func cleanUpConnection(_ connection: FlutterBinaryMessengerConnection)

  /// An optional method on iOS, so plugin code calls it as `makeBackgroundTaskQueue?()`; here it is
  /// a property holding the method (`nil` when the messenger has no background queues).
  var makeBackgroundTaskQueue: (() -> FlutterTaskQueue)? { get }
}

extension FlutterBinaryMessenger {
  @discardableResult
  public func setMessageHandlerOnChannel(
    _ channel: String, binaryMessageHandler handler: FlutterBinaryMessageHandler?,
    taskQueue: FlutterTaskQueue?
  ) -> FlutterBinaryMessengerConnection {
    setMessageHandlerOnChannel(channel, binaryMessageHandler: handler)
  }

  public var makeBackgroundTaskQueue: (() -> FlutterTaskQueue)? {
    { FlutterSerialTaskQueue() }
  }
}

/// The task queue of messengers that do not make their own: a label, no queue of its own (the
/// messenger decides where handlers run).
public final class FlutterSerialTaskQueue: NSObject, FlutterTaskQueue {}
