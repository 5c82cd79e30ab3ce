import Foundation

/// A channel of messages, both ways (Dart: `BasicMessageChannel`); Pigeon's generated code uses
/// one per host API method.
open class FlutterBasicMessageChannel: NSObject {
  let end: FlutterChannelEnd
  let codec: FlutterMessageCodec & NSObjectProtocol

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
    self.end = FlutterChannelEnd(name, messenger, taskQueue)
    self.codec = codec
    super.init()
  }

  /// Sends a message, ignoring any reply.
  open func sendMessage(_ message: Any?) {
    end.messenger.send(onChannel: end.name, message: codec.encode(message))
  }

  /// Sends a message; `callback` receives Dart's decoded reply.
  open func sendMessage(_ message: Any?, reply callback: FlutterReply?) {
    let codec = self.codec
    end.messenger.send(onChannel: end.name, message: codec.encode(message)) { data in
      callback?(codec.decode(data))
    }
  }

  /// Sets the handler of Dart's messages (`nil` removes it). Only the first reply answers; a
  /// later one is reported and dropped.
  open func setMessageHandler(_ handler: FlutterMessageHandler?) {
    guard let handler else {
      end.removeHandler(clearsForeignHandler: true)
      return
    }
    let codec = self.codec
    let name = end.name
    let binaryHandler: FlutterBinaryMessageHandler = { message, reply in
      let once = FlutterAnswerOnce("The reply to a message on \(name)")
      handler(codec.decode(message)) { value in
        guard once.take() else { return }
        reply(codec.encode(value))
      }
    }
    end.setHandler(binaryHandler)
  }

  open class func resizeChannel(
    withName name: String, binaryMessenger messenger: FlutterBinaryMessenger, size newSize: Int
  ) {
    FlutterChannelEnd(name, messenger, nil).resizeBuffer(newSize)
  }

  open func resizeChannelBuffer(_ newSize: Int) {
    end.resizeBuffer(newSize)
  }

  open class func setWarnsOnOverflow(
    _ warns: Bool, forChannelWithName name: String,
    binaryMessenger messenger: FlutterBinaryMessenger
  ) {
    FlutterChannelEnd(name, messenger, nil).setWarnsOnOverflow(warns)
  }

  open func setWarnsOnOverflow(_ warns: Bool) {
    end.setWarnsOnOverflow(warns)
  }
}
