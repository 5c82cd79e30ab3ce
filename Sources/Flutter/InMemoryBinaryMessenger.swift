import Foundation

/// A messenger in one process, for unit tests of plugin classes (not part of Flutter's iOS API):
/// a test plays Dart, sending messages to the handlers the plugin set and seeing what the plugin
/// sent. Handlers run on the calling thread; a reply answers once (later ones are dropped, as in
/// Flutter's engine).
open class InMemoryBinaryMessenger: NSObject, FlutterBinaryMessenger, @unchecked Sendable {
  /// One message the plugin sent to Dart.
  public struct SentMessage: @unchecked Sendable {
    public let channel: String
    public let message: Data?
  }

  private let lock = NSLock()
  private var handlers:
    [String: (connection: FlutterBinaryMessengerConnection, handler: FlutterBinaryMessageHandler)] =
      [:]
  private var lastConnection: FlutterBinaryMessengerConnection = 0
  private var sent: [SentMessage] = []
  private var dartReplies: [String: (Data?) -> Data?] = [:]

  public override init() {
    super.init()
  }

  /// The messages the plugin sent, oldest first (events, `invokeMethod`, `sendMessage`).
  public var sentMessages: [SentMessage] {
    lock.lock()
    defer { lock.unlock() }
    return sent
  }

  /// Whether a handler is set on `channel`.
  public func hasHandler(onChannel channel: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return handlers[channel] != nil
  }

  /// How "Dart" answers what the plugin sends on `channel` with a reply callback (default: an
  /// empty reply, as when Dart has no handler).
  public func setDartReply(onChannel channel: String, _ answer: @escaping (Data?) -> Data?) {
    lock.lock()
    defer { lock.unlock() }
    dartReplies[channel] = answer
  }

  /// Delivers a message from "Dart" to the handler of `channel`; `reply` receives the handler's
  /// first answer, or `nil` at once when no handler is set.
  public func deliver(
    onChannel channel: String, message: Data?, reply: @escaping FlutterBinaryReply
  ) {
    lock.lock()
    let handler = handlers[channel]?.handler
    lock.unlock()
    guard let handler else {
      reply(nil)
      return
    }
    let once = FlutterAnswerOnce("The reply to a message on \(channel)")
    handler(message) { data in
      if once.take() { reply(data) }
    }
  }

  /// Delivers a message and gives the reply if the handler answered before returning.
  public func deliver(onChannel channel: String, message: Data?) -> InMemoryReply {
    let box = InMemoryReplyBox()
    deliver(onChannel: channel, message: message) { box.set($0) }
    return box.reply
  }

  // MARK: FlutterBinaryMessenger

  open func send(onChannel channel: String, message: Data?) {
    record(channel, message)
  }

  open func send(
    onChannel channel: String, message: Data?, binaryReply callback: FlutterBinaryReply?
  ) {
    record(channel, message)
    lock.lock()
    let answer = dartReplies[channel]
    lock.unlock()
    callback?(answer?(message))
  }

  @discardableResult
  open func setMessageHandlerOnChannel(
    _ channel: String, binaryMessageHandler handler: FlutterBinaryMessageHandler?
  ) -> FlutterBinaryMessengerConnection {
    lock.lock()
    defer { lock.unlock() }
    guard let handler else {
      handlers[channel] = nil
      return 0
    }
    lastConnection += 1
    handlers[channel] = (lastConnection, handler)
    return lastConnection
  }

  open func cleanUpConnection(_ connection: FlutterBinaryMessengerConnection) {
    lock.lock()
    defer { lock.unlock() }
    if let channel = handlers.first(where: { $0.value.connection == connection })?.key {
      handlers[channel] = nil
    }
  }

  private func record(_ channel: String, _ message: Data?) {
    lock.lock()
    defer { lock.unlock() }
    sent.append(SentMessage(channel: channel, message: message))
  }
}

/// The reply of `InMemoryBinaryMessenger.deliver(onChannel:message:)`.
public enum InMemoryReply: @unchecked Sendable {
  /// The handler has not answered (yet).
  case pending
  /// The handler answered; `nil` is an empty reply.
  case answered(Data?)

  /// The reply's bytes, `nil` when pending or empty.
  public var data: Data? {
    if case .answered(let data) = self { return data }
    return nil
  }
}

/// Holds a reply that may arrive on another thread.
final class InMemoryReplyBox: @unchecked Sendable {
  private let lock = NSLock()
  private var value = InMemoryReply.pending

  func set(_ data: Data?) {
    lock.lock()
    defer { lock.unlock() }
    value = .answered(data)
  }

  var reply: InMemoryReply {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}

/// A registrar over an `InMemoryBinaryMessenger`, for unit tests of plugin classes (not part of
/// Flutter's iOS API): `MyPlugin.register(with: registrar)`, then drive `registrar.testMessenger`.
open class InMemoryPluginRegistrar: NSObject, FlutterPluginRegistrar, @unchecked Sendable {
  public let testMessenger: InMemoryBinaryMessenger
  private let lock = NSLock()
  private var published: NSObject?

  public init(messenger: InMemoryBinaryMessenger = InMemoryBinaryMessenger()) {
    self.testMessenger = messenger
    super.init()
  }

  /// The value the plugin published, if any.
  public var publishedValue: NSObject? {
    lock.lock()
    defer { lock.unlock() }
    return published
  }

  open func messenger() -> FlutterBinaryMessenger { testMessenger }

  open func publish(_ value: NSObject) {
    lock.lock()
    defer { lock.unlock() }
    published = value
  }
}
