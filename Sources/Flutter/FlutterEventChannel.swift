import Foundation

/// A stream of events to Dart (Dart: `EventChannel`): Dart's `listen` and `cancel` calls reach
/// the stream handler; each event is a message on the channel.
open class FlutterEventChannel: NSObject {
  let end: FlutterChannelEnd
  let codec: FlutterMethodCodec & NSObjectProtocol

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

  /// Sets the stream handler (`nil` removes the channel's handler).
  open func setStreamHandler(_ handler: (FlutterStreamHandler & NSObjectProtocol)?) {
    guard let handler else {
      end.removeHandler(clearsForeignHandler: false)
      return
    }
    let stream = FlutterEventStream(
      name: end.name, messenger: end.messenger, codec: codec, handler: handler)
    end.setHandler { message, reply in stream.handle(message, reply) }
    (end.messenger as? FlutterEventChannelListing)?.eventChannelDidSetStreamHandler(end.name)
  }
}

/// hkbridge's own, not Apple's: a binary messenger that wants to know which of its channels
/// are event channels (the native host lists them in HELLO's `eventChannels`). iOS's engine
/// does not tell them apart; a plugin never needs this.
public protocol FlutterEventChannelListing: AnyObject {
  /// An event channel set a stream handler on `channel`.
  func eventChannelDidSetStreamHandler(_ channel: String)
}

/// The listen/cancel protocol of one stream handler on one channel.
final class FlutterEventStream {
  let name: String
  let messenger: FlutterBinaryMessenger
  let codec: FlutterMethodCodec
  let handler: FlutterStreamHandler
  /// The sink of the current listen, `nil` when nobody listens.
  private var currentSink: FlutterEventSink?

  init(
    name: String, messenger: FlutterBinaryMessenger, codec: FlutterMethodCodec,
    handler: FlutterStreamHandler
  ) {
    self.name = name
    self.messenger = messenger
    self.codec = codec
    self.handler = handler
  }

  func handle(_ message: Data?, _ reply: FlutterBinaryReply) {
    let call = codec.decodeMethodCall(message ?? Data())
    switch call.method {
    case "listen": listen(call.arguments, reply)
    case "cancel": cancel(call.arguments, reply)
    default: reply(nil)
    }
  }

  /// A second listen first cancels the running stream (with `nil` arguments; its error is only
  /// reported), then starts a new one.
  private func listen(_ arguments: Any?, _ reply: FlutterBinaryReply) {
    if currentSink != nil, let error = handler.onCancel(withArguments: nil) {
      FlutterDiagnostics.report(
        "Failed to cancel existing stream: \(error.code). \(error.message ?? "") (\(error.details.map { "\($0)" } ?? ""))"
      )
    }
    let sink = makeSink()
    currentSink = sink
    if let error = handler.onListen(withArguments: arguments, eventSink: sink) {
      reply(codec.encodeErrorEnvelope(error))
    } else {
      reply(codec.encodeSuccessEnvelope(nil))
    }
  }

  /// A cancel without a running stream answers the error `error` / "No active stream to cancel".
  private func cancel(_ arguments: Any?, _ reply: FlutterBinaryReply) {
    guard currentSink != nil else {
      reply(
        codec.encodeErrorEnvelope(
          FlutterError(code: "error", message: "No active stream to cancel", details: nil)))
      return
    }
    currentSink = nil
    if let error = handler.onCancel(withArguments: arguments) {
      reply(codec.encodeErrorEnvelope(error))
    } else {
      reply(codec.encodeSuccessEnvelope(nil))
    }
  }

  /// Each event becomes a message on the channel: a success envelope, an error envelope for a
  /// `FlutterError`, an empty message for `FlutterEndOfEventStream`.
  private func makeSink() -> FlutterEventSink {
    let messenger = self.messenger
    let codec = self.codec
    let name = self.name
    return { event in
      if FlutterSentinel.isSentinel(event, FlutterEndOfEventStream) {
        messenger.send(onChannel: name, message: nil)
      } else if let error = event as? FlutterError {
        messenger.send(onChannel: name, message: codec.encodeErrorEnvelope(error))
      } else {
        messenger.send(onChannel: name, message: codec.encodeSuccessEnvelope(event))
      }
    }
  }
}
