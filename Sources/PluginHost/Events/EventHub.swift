import FlutterCodec
import HealthStore

/// The event channels of the profiles served and their active streams (protocol/events.md):
/// answers `listen` and `cancel` by Flutter's `EventChannel` protocol, tells the streams of each
/// call's store changes, and keeps the events in one outbox until the server takes them.
final class EventHub {
  private struct Active {
    let channel: String
    let stream: any EventStream
    let sink: EventSink
  }

  private let channels: [ProfileEventChannel]
  private let store: HealthStore
  let outbox = EventOutbox()
  private let codec = StandardMethodCodec()
  /// The active streams, in the order they were listened to (one per channel at most). Looked
  /// at on every call: no run-time exclusivity check (no access to it overlaps another).
  @exclusivity(unchecked) private var active: [Active] = []
  /// The store's anchor when the current call started, while a stream listens.
  private var anchorBefore = 0
  /// The channels whose last `listen` the stream handler refused: Flutter's engine keeps the
  /// sink it handed to `onListen` all the same, so a later `cancel` finds a stream there and
  /// answers the handler's `onCancel` (success), not "No active stream to cancel".
  private var refused: Set<String> = []

  init(channels: [ProfileEventChannel], store: HealthStore) {
    self.channels = channels
    self.store = store
  }

  /// The event channels' names, in profile order.
  var names: [String] { channels.map(\.name) }

  /// Whether `name` is one of the event channels.
  func serves(_ name: String) -> Bool { channels.contains { $0.name == name } }

  /// Whether any stream listens (so each call's changes are looked at).
  var isListening: Bool { !active.isEmpty }

  /// The names of the channels with an active stream, in listen order.
  var activeChannels: [String] { active.map(\.channel) }

  /// Called before every call that is not a `listen`/`cancel`.
  func callWillStart() {
    if isListening { anchorBefore = store.changeAnchor }
  }

  /// Called after every call: the streams are told of what it changed, in listen order.
  func callDidEnd() {
    guard isListening, let change = store.takeChange(since: anchorBefore) else { return }
    for entry in active where entry.sink.isActive {
      entry.stream.storeDidChange(change, sink: entry.sink)
    }
  }

  /// Every stream is dropped without an event (control `reset`).
  func dropAll() {
    for entry in active { entry.sink.isActive = false }
    active = []
    refused = []
    store.setJournaling(false)
  }

  /// Whether host messages are waiting.
  var hasMessages: Bool { !outbox.isEmpty }

  /// The host messages waiting, oldest first; the outbox is emptied.
  func takeMessages() -> [HostMessage] {
    guard !outbox.isEmpty else { return [] }
    defer { outbox.messages = [] }
    return outbox.messages
  }

  /// The reply to one message on an event channel (`nil`: a null reply).
  func reply(channel name: String, payload: [UInt8]?, environment: HostEnvironment) -> [UInt8]? {
    guard let channel = channels.first(where: { $0.name == name }) else { return nil }
    guard let payload else {
      return codec.encodeErrorEnvelope(MalformedMessage.nullMessage(channel: name).flutterError)
    }
    let call: MethodCall
    do {
      call = try codec.decodeMethodCall(payload)
    } catch {
      return codec.encodeErrorEnvelope(
        MalformedMessage.notAMethodCall(channel: name, error).flutterError)
    }
    switch call.method {
    case "listen": return listen(channel, arguments: call.arguments, environment: environment)
    case "cancel": return cancel(channel, arguments: call.arguments)
    default: return nil
    }
  }

  private func listen(
    _ channel: ProfileEventChannel, arguments: ChannelValue, environment: HostEnvironment
  ) -> [UInt8] {
    // Flutter's host cancels the channel's stream first (its cancel error is only logged).
    if let index = active.firstIndex(where: { $0.channel == channel.name }) {
      let previous = active.remove(at: index)
      previous.sink.isActive = false
      try? previous.stream.cancel(arguments: .null)
    }
    refused.remove(channel.name)
    let sink = EventSink(channel: channel.name, outbox: outbox)
    let queued = outbox.messages.count
    do {
      let stream = try channel.listen(
        EventListen(arguments: arguments, environment: environment, sink: sink))
      active.append(Active(channel: channel.name, stream: stream, sink: sink))
      store.setJournaling(true)
      return codec.encodeSuccessEnvelope(.null)
    } catch {
      sink.isActive = false
      outbox.messages.removeSubrange(queued...)
      refused.insert(channel.name)
      if active.isEmpty { store.setJournaling(false) }
      return codec.encodeErrorEnvelope(channel.errors(error))
    }
  }

  private func cancel(_ channel: ProfileEventChannel, arguments: ChannelValue) -> [UInt8] {
    guard let index = active.firstIndex(where: { $0.channel == channel.name }) else {
      if refused.remove(channel.name) != nil { return codec.encodeSuccessEnvelope(.null) }
      // Flutter's own answer when no stream is active.
      return codec.encodeErrorEnvelope(
        FlutterError(code: "error", message: "No active stream to cancel", details: .null))
    }
    let stopped = active.remove(at: index)
    stopped.sink.isActive = false
    if active.isEmpty { store.setJournaling(false) }
    do {
      try stopped.stream.cancel(arguments: arguments)
      return codec.encodeSuccessEnvelope(.null)
    } catch {
      return codec.encodeErrorEnvelope(channel.errors(error))
    }
  }
}
