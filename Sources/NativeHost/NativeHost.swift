import Dispatch
import Flutter
import FlutterCodec
import Foundation
import Harness
import PluginHost

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An emulator with native plugins in front (protocol/native.md): the channels the plugins'
/// own Swift code registered are answered by that code, every other channel by the emulator
/// behind (the profiles and the control channel). A native channel takes precedence over a
/// profile's of the same name. The control channel's `reset` resets the store, not the
/// plugins: their instances (and what they keep in memory) live as long as the host.
public final class NativeHost: MessageHandling, LaterReplying {
  /// One started message waiting for its reply.
  struct Started {
    var done: ([UInt8]?) -> Void
    /// Its entry in the control channel's call log (a method call), or `nil`.
    var serial: Int?
  }

  /// The emulator behind: the profiles and the control channel.
  public let inner: MessageHandling
  let outbox = NativeOutbox()
  let messenger: NativeMessenger
  /// One registrar a plugin class, in registration order.
  let registrars: [NativeRegistrar]
  private var started: [Int: Started] = [:]
  private var nextToken = 1
  /// Messages to Dart sent while a call was answered at once (``handleMessage(channel:payload:)``:
  /// replay, `--jsonl`, `--scenario`): handed out by ``takeHostMessages()``.
  private var sentMeanwhile: [HostMessage] = []
  /// How long ``handleMessage(channel:payload:)`` waits for a native reply.
  public var replyTimeoutMs: Int
  /// What runs before registration and around the calls the host serves itself.
  let hooks: NativeHostHooks
  /// The emulator behind, when it is the real one (verification of native calls, the store).
  let dispatcher: Dispatcher?

  /// Registers each plugin class once (`register(with:)`, as iOS's generated registrant does),
  /// in order, each with a registrar of its own over one messenger.
  public init(
    inner: MessageHandling, plugins: [FlutterPlugin.Type], replyTimeoutMs: Int,
    hooks: NativeHostHooks = NativeHostHooks()
  ) {
    self.inner = inner
    self.replyTimeoutMs = replyTimeoutMs
    self.hooks = hooks
    messenger = NativeMessenger(outbox: outbox)
    dispatcher = inner.emulatorModel as? Dispatcher
    if let store = dispatcher?.store { hooks.willRegister?(store) }
    // The control channel's stub and setLatency take the plugins' own method names.
    dispatcher?.acceptsCallsAnsweredInFront()
    var registrars: [NativeRegistrar] = []
    for plugin in plugins {
      let registrar = NativeRegistrar(messenger: messenger, key: String(describing: plugin))
      plugin.register(with: registrar)
      registrars.append(registrar)
    }
    self.registrars = registrars
  }

  /// The channels the native plugins registered, in the order they registered them.
  public var nativeChannels: [String] { messenger.channels }

  // MARK: MessageHandling

  public var channels: [String] {
    let native = nativeChannels
    return native + inner.channels.filter { !native.contains($0) }
  }

  public var deviceDescription: ChannelValue { inner.deviceDescription }
  public var profileNames: [String] { inner.profileNames }

  /// The profiles' method channels a native channel does not hide. (A native channel's
  /// payloads are recorded as method calls when they decode as one, else as messages.)
  public var methodChannels: [String] {
    let native = Set(nativeChannels)
    return inner.methodChannels.filter { !native.contains($0) }
  }

  /// The native plugins' event channels first (those whose code set a stream handler), then
  /// the profiles' that no native channel hides.
  public var eventChannels: [String] {
    let native = nativeChannels
    let nativeEvents = messenger.eventChannels
    return native.filter(nativeEvents.contains)
      + inner.eventChannels.filter { !native.contains($0) }
  }

  public func handleMessage(channel: String, payload: [UInt8]?) -> [UInt8]? {
    guard messenger.hasHandler(channel) else {
      guard let around = hooks.aroundServedCall else {
        return inner.handleMessage(channel: channel, payload: payload)
      }
      var reply: [UInt8]?
      around { reply = inner.handleMessage(channel: channel, payload: payload) }
      return reply
    }
    let reply = answerNow(channel: channel, payload: payload, timeoutMs: replyTimeoutMs) {
      sentMeanwhile.append($0)
    }
    guard let reply else {
      Logger.writeStderr(
        "hkbridge: no reply on \(channel) (\(ExchangeStep.methodName(payload))) after "
          + "\(replyTimeoutMs) ms: the plugin's code has not called result; answered with a "
          + "null reply\n")
      return nil
    }
    return reply
  }

  public func takeHostMessages() -> [HostMessage] {
    guard !sentMeanwhile.isEmpty else { return inner.takeHostMessages() }
    defer { sentMeanwhile.removeAll() }
    return sentMeanwhile + inner.takeHostMessages()
  }

  public func setBeforeDelay(_ hook: @escaping () -> Void) { inner.setBeforeDelay(hook) }
  public func quietly(_ body: () -> Void) { inner.quietly(body) }

  /// A profile's channel is routed on its bytes by the emulator behind; a native channel's
  /// name (and a call the hooks wrap) goes the `String` way.
  public func handleMessage(
    channelUTF8: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer?
  ) -> [UInt8]? {
    let name = String(decoding: channelUTF8, as: UTF8.self)
    guard hooks.aroundServedCall == nil, !messenger.hasHandler(name) else {
      return handleMessage(channel: name, payload: payload.map { Array($0) })
    }
    return inner.handleMessage(channelUTF8: channelUTF8, payload: payload)
  }

  public var later: LaterReplying? { self }
  public var clockMs: Int? { inner.clockMs }

  public func logStartedCall(_ call: MethodCall) -> Int? { inner.logStartedCall(call) }
  public func logFinishedCall(_ serial: Int, reply: [UInt8]?) {
    inner.logFinishedCall(serial, reply: reply)
  }

  // MARK: LaterReplying

  public func answersLater(channel: String) -> Bool { messenger.hasHandler(channel) }

  public func start(channel: String, payload: [UInt8]?, done: @escaping ([UInt8]?) -> Void) {
    let token = nextToken
    nextToken += 1
    guard let registration = messenger.registration(channel) else {
      started[token] = Started(done: done, serial: nil)
      outbox.put(.reply(token: token, bytes: nil))
      return
    }
    let call = payload.flatMap { try? Self.methodCodec.decodeMethodCall($0) }
    started[token] = Started(done: done, serial: call.flatMap { inner.logStartedCall($0) })
    // A latency set for the method delays it; a stub answers it instead of the plugin's code
    // (protocol/native.md).
    if let call, let dispatcher {
      dispatcher.waitLatency(for: call.method)
      if let stubbed = dispatcher.stubbedReply(to: call) {
        outbox.put(.reply(token: token, bytes: stubbed))
        return
      }
    }
    let work = Unchecked(
      NativeDelivery(
        handler: registration.handler, message: payload.map { Data($0) }, channel: channel,
        token: token, outbox: outbox))
    registration.queue.async { work.value.run() }
  }

  public var wakeDescriptor: Int32 { MainQueue.descriptor }

  public func settle() { hooks.settle?(MainQueue.drain) }

  public func pump(_ send: (HostMessage, (([UInt8]?) -> Void)?) -> Void) {
    MainQueue.drain()
    for item in outbox.take() {
      switch item {
      case .reply(let token, let bytes):
        guard let waiting = started.removeValue(forKey: token) else { continue }
        if let serial = waiting.serial { inner.logFinishedCall(serial, reply: bytes) }
        waiting.done(bytes)
      case .message(let message, let onReply):
        send(message, onReply)
      }
    }
  }

  /// Decodes what a native channel is sent, for the call log (extension types allowed: a
  /// Pigeon codec's values).
  static let methodCodec = StandardMethodCodec(
    messageCodec: StandardMessageCodec(allowsExtensions: true))
}

/// A value handed to another queue as it is (the plugin's closures are not `Sendable`; iOS's
/// are not either).
struct Unchecked<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// One message handed to a plugin's handler, on its queue: the handler's first reply goes into
/// the outbox; a second one is dropped with a warning (the engine answers a message once).
final class NativeDelivery: @unchecked Sendable {
  let handler: FlutterBinaryMessageHandler
  let message: Data?
  let channel: String
  let token: Int
  let outbox: NativeOutbox
  private let lock = NSLock()
  private var replied = false

  init(
    handler: @escaping FlutterBinaryMessageHandler, message: Data?, channel: String, token: Int,
    outbox: NativeOutbox
  ) {
    self.handler = handler
    self.message = message
    self.channel = channel
    self.token = token
    self.outbox = outbox
  }

  func run() {
    handler(message) { [self] reply in
      lock.lock()
      let first = !replied
      replied = true
      lock.unlock()
      guard first else {
        WarningLine.write(
          "a message on \(channel) was answered more than once; the later reply is dropped")
        return
      }
      outbox.put(.reply(token: token, bytes: reply.map(Array.init)))
    }
  }
}
