import Foundation

/// A channel of messages, both ways (Dart: `BasicMessageChannel`); Pigeon's generated code uses
/// one per host API method.
open class FlutterBasicMessageChannel: NSObject {
  public let name: String
  let messenger: FlutterBinaryMessenger
  let codec: FlutterMessageCodec & NSObjectProtocol
  let taskQueue: FlutterTaskQueue?
  var connection: FlutterBinaryMessengerConnection = 0

  /// A channel with the standard message codec (`messageChannelWithName:binaryMessenger:`).
  public convenience init(name: String, binaryMessenger messenger: FlutterBinaryMessenger) {
    self.init(
      name: name, binaryMessenger: messenger, codec: FlutterStandardMessageCodec.sharedInstance())
  }

  public convenience init(
    name: String, binaryMessenger messenger: FlutterBinaryMessenger,
    codec: FlutterMessageCodec & NSObjectProtocol
  ) {
    self.init(name: name, binaryMessenger: messenger, codec: codec, taskQueue: nil)
  }

  public init(
    name: String, binaryMessenger messenger: FlutterBinaryMessenger,
    codec: FlutterMessageCodec & NSObjectProtocol, taskQueue: FlutterTaskQueue?
  ) {
    self.name = name
    self.messenger = messenger
    self.codec = codec
    self.taskQueue = taskQueue
    super.init()
  }

  /// Sends a message, ignoring any reply.
  open func sendMessage(_ message: Any?) {
    messenger.send(onChannel: name, message: codec.encode(message))
  }

  /// Sends a message; `callback` receives Dart's decoded reply.
  open func sendMessage(_ message: Any?, reply callback: FlutterReply?) {
    let codec = self.codec
    messenger.send(onChannel: name, message: codec.encode(message)) { data in
      callback?(codec.decode(data))
    }
  }

  /// Sets the handler of Dart's messages (`nil` removes it). Only the first reply answers; a
  /// later one is reported and dropped.
  open func setMessageHandler(_ handler: FlutterMessageHandler?) {
    guard let handler else {
      if connection > 0 {
        messenger.cleanUpConnection(connection)
        connection = 0
      } else {
        messenger.setMessageHandlerOnChannel(name, binaryMessageHandler: nil)
      }
      return
    }
    let codec = self.codec
    let name = self.name
    let binaryHandler: FlutterBinaryMessageHandler = { message, reply in
      let once = FlutterAnswerOnce("The reply to a message on \(name)")
      handler(codec.decode(message)) { value in
        guard once.take() else { return }
        reply(codec.encode(value))
      }
    }
    connection = FlutterChannelBuffers.setHandler(messenger, name, binaryHandler, taskQueue)
  }

  open class func resizeChannel(
    withName name: String, binaryMessenger messenger: FlutterBinaryMessenger, size newSize: Int
  ) {
    FlutterChannelBuffers.resize(name, newSize, messenger)
  }

  open func resizeChannelBuffer(_ newSize: Int) {
    FlutterChannelBuffers.resize(name, newSize, messenger)
  }

  open class func setWarnsOnOverflow(
    _ warns: Bool, forChannelWithName name: String,
    binaryMessenger messenger: FlutterBinaryMessenger
  ) {
    FlutterChannelBuffers.setWarnsOnOverflow(warns, name, messenger)
  }

  open func setWarnsOnOverflow(_ warns: Bool) {
    FlutterChannelBuffers.setWarnsOnOverflow(warns, name, messenger)
  }
}
