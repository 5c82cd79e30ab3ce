import Foundation

/// A channel of method calls, both ways (Dart: `MethodChannel`).
open class FlutterMethodChannel: NSObject {
  let end: FlutterChannelEnd
  let codec: FlutterMethodCodec & NSObjectProtocol

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
    self.end = FlutterChannelEnd(name, messenger, taskQueue)
    self.codec = codec
    super.init()
  }

  /// Calls a Dart method, ignoring its result.
  open func invokeMethod(_ method: String, arguments: Any?) {
    let call = FlutterMethodCall(methodName: method, arguments: arguments)
    end.messenger.send(onChannel: end.name, message: codec.encode(call))
  }

  /// Calls a Dart method; `callback` receives the result, a `FlutterError`, or
  /// `FlutterMethodNotImplemented` when Dart had no handler.
  open func invokeMethod(_ method: String, arguments: Any?, result callback: FlutterResult?) {
    let call = FlutterMethodCall(methodName: method, arguments: arguments)
    let codec = self.codec
    end.messenger.send(onChannel: end.name, message: codec.encode(call)) { reply in
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
      end.removeHandler(clearsForeignHandler: true)
      return
    }
    let codec = self.codec
    let name = end.name
    let binaryHandler: FlutterBinaryMessageHandler = { message, reply in
      let call = codec.decodeMethodCall(message ?? Data())
      let once = FlutterAnswerOnce("The result of \(call.method) on \(name)")
      handler(call) { result in
        guard once.take() else { return }
        reply(FlutterMethodChannel.encodeResult(result, codec))
      }
    }
    end.setHandler(binaryHandler)
  }

  /// Asks Flutter to buffer up to `newSize` messages for this channel.
  open func resizeChannelBuffer(_ newSize: Int) {
    end.resizeBuffer(newSize)
  }

  /// The reply of one result: `nil` for `FlutterMethodNotImplemented`, else an envelope.
  static func encodeResult(_ result: Any?, _ codec: FlutterMethodCodec) -> Data? {
    if FlutterSentinel.isSentinel(result, FlutterMethodNotImplemented) { return nil }
    if let error = result as? FlutterError { return codec.encodeErrorEnvelope(error) }
    return codec.encodeSuccessEnvelope(result)
  }
}
