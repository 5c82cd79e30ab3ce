import Foundation

/// A channel of method calls, both ways (Dart: `MethodChannel`).
open class FlutterMethodChannel: NSObject {
  public let name: String
  let messenger: FlutterBinaryMessenger
  let codec: FlutterMethodCodec & NSObjectProtocol
  let taskQueue: FlutterTaskQueue?
  var connection: FlutterBinaryMessengerConnection = 0

  /// A channel with the standard method codec (`methodChannelWithName:binaryMessenger:`).
  public convenience init(name: String, binaryMessenger messenger: FlutterBinaryMessenger) {
    self.init(
      name: name, binaryMessenger: messenger, codec: FlutterStandardMethodCodec.sharedInstance())
  }

  public convenience init(
    name: String, binaryMessenger messenger: FlutterBinaryMessenger,
    codec: FlutterMethodCodec & NSObjectProtocol
  ) {
    self.init(name: name, binaryMessenger: messenger, codec: codec, taskQueue: nil)
  }

  public init(
    name: String, binaryMessenger messenger: FlutterBinaryMessenger,
    codec: FlutterMethodCodec & NSObjectProtocol, taskQueue: FlutterTaskQueue?
  ) {
    self.name = name
    self.messenger = messenger
    self.codec = codec
    self.taskQueue = taskQueue
    super.init()
  }

  /// Calls a Dart method, ignoring its result.
  open func invokeMethod(_ method: String, arguments: Any?) {
    let call = FlutterMethodCall(methodName: method, arguments: arguments)
    messenger.send(onChannel: name, message: codec.encode(call))
  }

  /// Calls a Dart method; `callback` receives the result, a `FlutterError`, or
  /// `FlutterMethodNotImplemented` when Dart had no handler.
  open func invokeMethod(_ method: String, arguments: Any?, result callback: FlutterResult?) {
    let call = FlutterMethodCall(methodName: method, arguments: arguments)
    let codec = self.codec
    messenger.send(onChannel: name, message: codec.encode(call)) { reply in
      guard let callback else { return }
      guard let reply else {
        callback(FlutterMethodNotImplemented)
        return
      }
      callback(codec.decodeEnvelope(reply))
    }
  }

  /// Sets the handler of Dart's calls (`nil` removes it). The handler's result answers Dart:
  /// `FlutterMethodNotImplemented` → an empty reply, a `FlutterError` → an error envelope,
  /// anything else → a success envelope. Only the first result answers; a later one is reported
  /// and dropped (Flutter's engine answers a message once).
  open func setMethodCallHandler(_ handler: FlutterMethodCallHandler?) {
    guard let handler else {
      removeHandler()
      return
    }
    let codec = self.codec
    let name = self.name
    let binaryHandler: FlutterBinaryMessageHandler = { message, reply in
      let call = codec.decodeMethodCall(message ?? Data())
      let once = FlutterAnswerOnce("The result of \(call.method) on \(name)")
      handler(call) { result in
        guard once.take() else { return }
        reply(FlutterMethodChannel.encodeResult(result, codec))
      }
    }
    connection = FlutterChannelBuffers.setHandler(messenger, name, binaryHandler, taskQueue)
  }

  /// Asks Flutter to buffer up to `newSize` messages for this channel.
  open func resizeChannelBuffer(_ newSize: Int) {
    FlutterChannelBuffers.resize(name, newSize, messenger)
  }

  /// The reply of one result: `nil` for `FlutterMethodNotImplemented`, else an envelope.
  static func encodeResult(_ result: Any?, _ codec: FlutterMethodCodec) -> Data? {
    if FlutterSentinel.isSentinel(result, FlutterMethodNotImplemented) { return nil }
    if let error = result as? FlutterError { return codec.encodeErrorEnvelope(error) }
    return codec.encodeSuccessEnvelope(result)
  }

  private func removeHandler() {
    if connection > 0 {
      messenger.cleanUpConnection(connection)
      connection = 0
    } else {
      messenger.setMessageHandlerOnChannel(name, binaryMessageHandler: nil)
    }
  }
}
