import Dispatch
import Flutter
import Foundation
import PluginHost

/// The binary messenger a native plugin's code registers its channels with: handlers by channel
/// name (each on the main queue, or on its task queue), and what the code sends to Dart, put into
/// the outbox in the order sent.
final class NativeMessenger: NSObject, FlutterBinaryMessenger, FlutterEventChannelListing,
  @unchecked Sendable
{
  struct Registration {
    var connection: FlutterBinaryMessengerConnection
    var handler: FlutterBinaryMessageHandler
    var queue: DispatchQueue
  }

  /// The channel the engine answers itself (buffer sizes): never sent to Dart.
  static let engineChannel = "dev.flutter/channel-buffers"

  let outbox: NativeOutbox
  private let lock = NSLock()
  private var handlers: [String: Registration] = [:]
  /// Channel names in the order they were first registered (HELLO's order).
  private var order: [String] = []
  private var lastConnection: FlutterBinaryMessengerConnection = 0
  /// The channels an event channel's stream handler was set on.
  private var eventChannelNames: Set<String> = []

  init(outbox: NativeOutbox) {
    self.outbox = outbox
    super.init()
  }

  /// The channels with a handler now, in the order they were first registered.
  var channels: [String] {
    lock.lock()
    defer { lock.unlock() }
    return order.filter { handlers[$0] != nil }
  }

  func registration(_ channel: String) -> Registration? {
    lock.lock()
    defer { lock.unlock() }
    return handlers[channel]
  }

  func hasHandler(_ channel: String) -> Bool { registration(channel) != nil }

  /// The channels with a handler that an event channel set, in registration order.
  var eventChannels: [String] {
    lock.lock()
    defer { lock.unlock() }
    return order.filter { handlers[$0] != nil && eventChannelNames.contains($0) }
  }

  func eventChannelDidSetStreamHandler(_ channel: String) {
    lock.lock()
    defer { lock.unlock() }
    eventChannelNames.insert(channel)
  }

  // MARK: FlutterBinaryMessenger

  func send(onChannel channel: String, message: Data?) {
    send(onChannel: channel, message: message, binaryReply: nil)
  }

  func send(onChannel channel: String, message: Data?, binaryReply callback: FlutterBinaryReply?) {
    guard channel != Self.engineChannel else { return }
    // Dart's reply reaches the callback on the main queue, as on iOS.
    let reply: (([UInt8]?) -> Void)? = callback.map { callback in
      let box = Unchecked(callback)
      return { bytes in
        let data = Unchecked(bytes.map { Data($0) })
        DispatchQueue.main.async { box.value(data.value) }
      }
    }
    outbox.put(
      .message(HostMessage(channel: channel, payload: message.map(Array.init)), onReply: reply))
  }

  @discardableResult
  func setMessageHandlerOnChannel(
    _ channel: String, binaryMessageHandler handler: FlutterBinaryMessageHandler?
  ) -> FlutterBinaryMessengerConnection {
    setHandler(channel, handler, .main)
  }

  @discardableResult
  func setMessageHandlerOnChannel(
    _ channel: String, binaryMessageHandler handler: FlutterBinaryMessageHandler?,
    taskQueue: FlutterTaskQueue?
  ) -> FlutterBinaryMessengerConnection {
    setHandler(channel, handler, (taskQueue as? NativeTaskQueue)?.queue ?? .main)
  }

  func cleanUpConnection(_ connection: FlutterBinaryMessengerConnection) {
    lock.lock()
    defer { lock.unlock() }
    if let channel = handlers.first(where: { $0.value.connection == connection })?.key {
      handlers[channel] = nil
    }
  }

  var makeBackgroundTaskQueue: (() -> FlutterTaskQueue)? { { NativeTaskQueue() } }

  private func setHandler(
    _ channel: String, _ handler: FlutterBinaryMessageHandler?, _ queue: DispatchQueue
  ) -> FlutterBinaryMessengerConnection {
    lock.lock()
    defer { lock.unlock() }
    guard let handler else {
      handlers[channel] = nil
      return 0
    }
    lastConnection += 1
    handlers[channel] = Registration(connection: lastConnection, handler: handler, queue: queue)
    if !order.contains(channel) { order.append(channel) }
    return lastConnection
  }
}

/// A background task queue (`makeBackgroundTaskQueue`): a serial queue of its own, as iOS's.
final class NativeTaskQueue: NSObject, FlutterTaskQueue, @unchecked Sendable {
  let queue = DispatchQueue(label: "hkbridge.native.task-queue")
}

/// The registrar every plugin registers with: the one messenger, and what plugins publish.
final class NativeRegistrar: NSObject, FlutterPluginRegistrar, @unchecked Sendable {
  let host: NativeMessenger
  let key: String
  private(set) var published: NSObject?
  private(set) var applicationDelegates: [FlutterPlugin] = []

  init(messenger: NativeMessenger, key: String) {
    self.host = messenger
    self.key = key
    super.init()
  }

  func messenger() -> FlutterBinaryMessenger { host }
  func publish(_ value: NSObject) { published = value }
  func addApplicationDelegate(_ delegate: FlutterPlugin) { applicationDelegates.append(delegate) }
}
