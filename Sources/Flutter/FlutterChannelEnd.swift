import Foundation

/// What each kind of channel holds of its messenger: the channel's name, the task queue its
/// handler runs on, the connection of the handler it set.
final class FlutterChannelEnd {
  let name: String
  let messenger: FlutterBinaryMessenger
  let taskQueue: FlutterTaskQueue?
  private var connection: FlutterBinaryMessengerConnection = 0

  init(_ name: String, _ messenger: FlutterBinaryMessenger, _ taskQueue: FlutterTaskQueue?) {
    self.name = name
    self.messenger = messenger
    self.taskQueue = taskQueue
  }

  /// Sets the channel's handler, on the task queue when there is one.
  func setHandler(_ handler: @escaping FlutterBinaryMessageHandler) {
    if let taskQueue {
      connection = messenger.setMessageHandlerOnChannel(
        name, binaryMessageHandler: handler, taskQueue: taskQueue)
    } else {
      connection = messenger.setMessageHandlerOnChannel(name, binaryMessageHandler: handler)
    }
  }

  /// Removes the handler this channel set. A method or message channel that set none clears
  /// whatever handler the channel name has (`clearsForeignHandler`); an event channel only cleans
  /// up its own connection.
  func removeHandler(clearsForeignHandler: Bool) {
    if connection > 0 || !clearsForeignHandler {
      messenger.cleanUpConnection(connection)
      connection = 0
    } else {
      messenger.setMessageHandlerOnChannel(name, binaryMessageHandler: nil)
    }
  }

  /// Flutter's `resize` call on the channel-buffers channel: the name and the size as int32.
  func resizeBuffer(_ size: Int) {
    sendToChannelBuffers("resize", [name, Int32(truncatingIfNeeded: size)])
  }

  /// Flutter's `overflow` call on the channel-buffers channel: the name and whether to stay quiet.
  func setWarnsOnOverflow(_ warns: Bool) {
    sendToChannelBuffers("overflow", [name, !warns])
  }

  private func sendToChannelBuffers(_ method: String, _ arguments: [Any]) {
    let call = FlutterMethodCall(methodName: method, arguments: arguments)
    messenger.send(
      onChannel: "dev.flutter/channel-buffers",
      message: FlutterStandardMethodCodec.sharedInstance().encode(call))
  }
}
