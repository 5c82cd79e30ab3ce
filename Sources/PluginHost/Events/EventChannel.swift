import FlutterCodec
import HealthStore

/// One `EventChannel` of a profile (protocol/events.md): Dart's `listen` and `cancel` method
/// calls on `name` start and stop one stream; the stream's events go back to Dart as host
/// messages on the same channel.
///
/// A profile registers one per event channel in ``PluginProfile/eventChannels``; the dispatcher
/// answers `listen`/`cancel` by Flutter's protocol and delivers the events, so that a profile
/// only writes `listen` (and, in its stream, what a store change emits).
public struct ProfileEventChannel: Sendable {
  /// The channel's exact name.
  public var name: String
  /// Starts a stream for `listen`'s arguments: it may emit initial events through the sink
  /// at once (they are sent after the `listen` reply), and returns the stream that later store
  /// changes and `cancel` reach. A thrown error becomes the `listen` reply's error envelope
  /// (through `errors`) and no stream is started (events already emitted are dropped).
  public var listen: EventListenHandler
  /// The one place where this channel's errors become the `FlutterError` Dart sees.
  public var errors: ChannelErrorMapping

  public init(
    name: String, errors: @escaping ChannelErrorMapping, listen: @escaping EventListenHandler
  ) {
    self.name = name
    self.errors = errors
    self.listen = listen
  }
}

/// What `listen` sees: its arguments, the store and warnings, and the sink of the new stream.
public struct EventListen {
  /// The `listen` call's arguments as sent (`.null` when there are none).
  public let arguments: ChannelValue
  /// The store, warnings and what every call of the host shares.
  public let environment: HostEnvironment
  /// Where this stream's events go.
  public let sink: EventSink

  public var store: HealthStore { environment.store }
}

/// Starts one stream (see ``ProfileEventChannel/listen``).
public typealias EventListenHandler = @Sendable (EventListen) throws -> any EventStream

/// One active stream: told of every change to the store, and of its `cancel`.
public protocol EventStream: AnyObject {
  /// The store changed during one call (any channel, any profile, the control channel): emit
  /// what this stream's query would deliver through `sink`. Called once per call that changed
  /// the store, after the call, in the order the streams were listened to.
  func storeDidChange(_ change: StoreChange, sink: EventSink)
  /// Dart cancelled the stream (`cancel`'s arguments). A thrown error becomes the `cancel`
  /// reply's error envelope; the stream is stopped either way.
  func cancel(arguments: ChannelValue) throws
}

extension EventStream {
  public func storeDidChange(_ change: StoreChange, sink: EventSink) {}
  public func cancel(arguments: ChannelValue) throws {}
}

/// A stream that only ever sends what `listen` emitted (a fixed answer).
public final class FixedEventStream: EventStream {
  public init() {}
}

/// The events of one stream. Every event is queued in the dispatcher's outbox and sent after
/// the reply of the call that caused it (protocol/events.md#when-events-are-sent). After the
/// stream was cancelled, replaced by a new `listen`, or ended, the sink drops what it is given.
public final class EventSink {
  /// The channel the events go out on.
  public let channel: String
  let outbox: EventOutbox
  /// False once the stream was cancelled, replaced or ended.
  public internal(set) var isActive = true

  init(channel: String, outbox: EventOutbox) {
    self.channel = channel
    self.outbox = outbox
  }

  private let codec = StandardMethodCodec(
    messageCodec: StandardMessageCodec(allowsExtensions: true))

  /// An event: a success envelope of `value`.
  public func success(_ value: ChannelValue) {
    send(codec.encodeSuccessEnvelope(value))
  }

  /// A stream error: an error envelope (Dart's stream gets a `PlatformException`).
  public func error(_ error: FlutterError) {
    send(codec.encodeErrorEnvelope(error))
  }

  /// The end of the stream: a null message (Dart's stream closes). Nothing more is sent.
  public func endOfStream() {
    send(nil)
    isActive = false
  }

  private func send(_ payload: [UInt8]?) {
    guard isActive else { return }
    outbox.messages.append(HostMessage(channel: channel, payload: payload))
  }
}

/// A message the host starts: one event (a success or error envelope) or the end of a stream
/// (`payload == nil`), on an event channel.
public struct HostMessage: Sendable, Hashable {
  public var channel: String
  /// The envelope bytes; `nil`: the end of the stream (a null message).
  public var payload: [UInt8]?

  public init(channel: String, payload: [UInt8]?) {
    self.channel = channel
    self.payload = payload
  }
}

/// The host messages waiting to be sent, in order. A transport looks at ``isEmpty`` after every
/// exchange (``Dispatcher/hostMessageOutbox``): one load, no call into the dispatcher.
public final class EventOutbox {
  // Looked at after every call: no run-time exclusivity check (serving is single-threaded and
  // no access to it overlaps another).
  @exclusivity(unchecked) @usableFromInline var messages: [HostMessage] = []

  /// Whether no host message waits.
  @inlinable
  public var isEmpty: Bool { messages.isEmpty }
}
