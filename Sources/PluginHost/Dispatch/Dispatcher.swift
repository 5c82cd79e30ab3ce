import FlutterCodec
import HealthKitModel
import HealthStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Routes platform messages by channel name to their handlers and turns the handlers' answers into
/// reply bytes. One dispatcher is one emulated iOS host with one mock HealthKit store.
///
/// CONTRACT (stable API used by the Harness):
/// - `handleMessage(channelUTF8:payload:)`, the one router, takes the channel name's UTF-8 bytes
///   and the payload bytes of one platform message (`nil` for a null message), where they lie,
///   and returns the reply bytes, or `nil` for a null reply (no handler for the channel, or a
///   method that is not implemented). `handleMessage(channel:payload:)` is the same for a name
///   given as a `String`.
/// - Every method channel (of every profile) and `hkbridge/control` speak StandardMethodCodec,
///   through one pipeline (``MethodHandler/run(_:)``, the channel's error mapping); a payload
///   that does not decode as a method call gets a `MALFORMED_MESSAGE` error envelope.
public final class Dispatcher {
  /// The emulated device's HealthKit store.
  public let store: HealthStore
  /// Where warnings go (the permission bridge's skipped identifiers, …). Default: one line on
  /// stderr each, prefixed `hkbridge: warning: `. Set `{ _ in }` to silence.
  public var warningHandler: (String) -> Void {
    get { environment.warn }
    set { environment.warn = newValue }
  }

  let codec = StandardMethodCodec()
  private let profiles: [PluginProfile]
  /// (Looked up on every call: no run-time exclusivity check, no access to it overlaps another.)
  @exclusivity(unchecked) var routes: ChannelRoutes
  /// The profiles' event channels and their active streams (protocol/events.md).
  let events: EventHub
  /// What every call sees besides its name and arguments (one for the dispatcher's life, so
  /// that a call reads it without retaining it).
  private let environment: HostEnvironment
  /// The channels and methods already warned about as not implemented (once each).
  var warnedNotImplemented: Set<String> = []
  /// Plugin calls' log, stubs and latencies (the control channel's calls/stub/setLatency): the
  /// environment's, kept here too so that a call reads it without going through the environment.
  let verification: Verification
  /// Called before a `setLatency` delay, so that the replies already made reach the client
  /// first (serve writes its pending output).
  public var beforeDelay: (() -> Void)?
  /// Whether a `setLatency` delay really sleeps (the default). A fuzzer turns it off: the delay
  /// is then skipped, everything else (order, the log) is as with it.
  public var sleepsForLatency = true

  /// One emulated host: a store for `device` and `osVersion`, serving `profiles` (in matching
  /// order) and the control channel `control`. `faultMethods` names the methods `injectFault`
  /// may name (asked when first needed). `PluginProfiles` builds one from a configuration.
  public init(
    device: DeviceModel, osVersion: OSVersion, profiles: [PluginProfile], control: ChannelHandler,
    faultMethods: @escaping @Sendable () -> Set<String>
  ) {
    self.store = HealthStore(device: device, osVersion: osVersion)
    self.profiles = profiles
    self.routes = ChannelRoutes(profiles: profiles, control: control)
    self.events = EventHub(channels: profiles.flatMap(\.eventChannels), store: store)
    self.environment = HostEnvironment(
      store: store, warn: Dispatcher.writeToStandardError, faultMethods: faultMethods,
      servedMethods: Self.methodNames(of: profiles),
      servesAnyMethod: profiles.contains { $0.name == CustomChannels.profileName })
    self.verification = environment.verification
    // A reset (``HostEnvironment/resetHost()``) also empties the call log, stubs and latencies,
    // and drops every event stream (protocol/events.md#when-events-are-sent).
    environment.resets.actions.append { [verification, events] in
      verification.reset()
      events.dropAll()
    }
  }

  /// Takes any method name as a plugin method in the control channel's `stub` and
  /// `setLatency` (a handler in front answers methods no profile declares).
  func servesAnyMethodName() { environment.servesAnyMethod = true }

  /// The method names of every method channel of `profiles` (not raw message channels).
  static func methodNames(of profiles: [PluginProfile]) -> Set<String> {
    var names: Set<String> = []
    for channel in profiles.flatMap(\.channels) {
      if let methods = channel.handler.methodNames { names.formUnion(methods) }
    }
    return names
  }

  /// Every channel with a handler, the profiles' channels first, then their event channels,
  /// then the control channel.
  public var channels: [String] {
    let names = routes.routes.map(\.name)
    return Self.uniqueNames(names.dropLast() + events.names + names.suffix(1))
  }

  /// The channels that take StandardMethodCodec method calls (the others take raw messages);
  /// event channels take `listen` and `cancel` calls.
  public var methodChannels: [String] {
    let raw = Set(routes.routes.filter { !$0.isMethodChannel }.map(\.name))
    return channels.filter { !raw.contains($0) }
  }

  /// The event channels, in profile order.
  public var eventChannels: [String] { events.names }

  /// The events (and ends of streams) the calls so far caused, oldest first; taken, so each is
  /// sent once. The server sends them right after the reply of the call that caused them
  /// (protocol/events.md#when-events-are-sent).
  public func takeHostMessages() -> [HostMessage] { events.takeMessages() }

  /// Whether ``takeHostMessages()`` has anything to give.
  public var hasHostMessages: Bool { events.hasMessages }

  /// Where the events wait (the same for the dispatcher's life): a transport that keeps it
  /// asks it whether any wait, instead of ``hasHostMessages``.
  public var hostMessageOutbox: EventOutbox? { events.outbox }

  /// The event channels with an active stream, in the order they were listened to.
  public var listeningChannels: [String] { events.activeChannels }

  /// The names of the profiles served, in matching order.
  public var profileNames: [String] {
    profiles.map(\.name).filter { $0 != CustomChannels.profileName }
  }

  private static func uniqueNames(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }

  /// The device profile for the harness's HELLO frame: `model`, `osVersion`, `restricted`,
  /// `bundleId`, as the store has them now.
  public var deviceDescription: ChannelValue { DeviceDescription.of(store) }

  /// Whether HealthKit is restricted on the emulated device.
  public var restricted: Bool { store.restricted }

  /// The reply bytes for one message, or `nil` for a null reply: the message's channel name
  /// given as a `String` (a test's or an embedder's call), answered by the one router
  /// (``handleMessage(channelUTF8:payload:)``).
  public func handleMessage(channel: String, payload: [UInt8]?) -> [UInt8]? {
    // A big call's log entry keeps these bytes instead of its values (Verification).
    let outer = verification.sentPayload
    verification.sentPayload = payload
    defer { verification.sentPayload = outer }
    var name = channel
    return name.withUTF8 { utf8 in
      let channelBytes = UnsafeRawBufferPointer(utf8)
      guard let payload else { return handleMessage(channelUTF8: channelBytes, payload: nil) }
      return payload.withUnsafeBytes { handleMessage(channelUTF8: channelBytes, payload: $0) }
    }
  }

  /// The reply to a `listen` or `cancel` on one of the event channels.
  func eventReply(channel: String, payload: [UInt8]?) -> [UInt8]? {
    events.reply(channel: channel, payload: payload, environment: environment)
  }

  /// The reply to one message answered on a route: a raw message channel's bytes, or a method
  /// call's; while a stream listens, the streams are told what the call changed.
  @inline(__always)
  func answer(_ route: ChannelRoute, payload: UnsafeRawBufferPointer?) -> MessageReply {
    guard events.isListening else { return answerNow(route, payload: payload) }
    return answerListened(route, payload: payload)
  }

  /// ``answer(_:payload:)`` while a stream listens (apart, so that the common path stays small).
  @inline(never)
  private func answerListened(_ route: ChannelRoute, payload: UnsafeRawBufferPointer?)
    -> MessageReply
  {
    events.callWillStart()
    defer { events.callDidEnd() }
    return answerNow(route, payload: payload)
  }

  @inline(never)
  private func answerNow(_ route: ChannelRoute, payload: UnsafeRawBufferPointer?) -> MessageReply {
    guard route.isMethodChannel else {
      return MessageReply(route.messages?(payload.map { Array($0) }, environment))
    }
    guard let payload else {
      return .error(MalformedMessage.nullMessage(channel: route.name).flutterError)
    }
    // The route's methods and error mapping are read where the route keeps them (borrowed:
    // nothing retained per call).
    if let known = route.knownScalarCall(payload) {
      return reply(toMethodAt: known.position, known.arguments, on: route)
    }
    return answerDecoded(route, payload: payload)
  }

  /// ``answerNow(_:payload:)`` of a call that is not a known short call: decoded whole.
  @inline(never)
  private func answerDecoded(_ route: ChannelRoute, payload: UnsafeRawBufferPointer)
    -> MessageReply
  {
    let decoded: (call: MethodCall, position: Int?)
    do {
      decoded = try codec.decodeMethodCall(inPlace: payload, methods: route.methods)
    } catch {
      return .error(MalformedMessage.notAMethodCall(channel: route.name, error).flutterError)
    }
    return reply(to: decoded.call, at: decoded.position, on: route)
  }

  /// Runs a known short call of the method at `position` of the route's methods (its arguments
  /// a scalar). The commonest call (a plugin's, no stub or latency set) is logged by its name's
  /// number: its name is made once, for the handler.
  @inline(__always)
  private func reply(
    toMethodAt position: Int, _ scalar: ScalarArguments, on route: ChannelRoute
  ) -> MessageReply {
    let arguments = scalar.value
    guard !route.isControl && verification.isQuiet else {
      return reply(toNamedMethodAt: position, arguments, on: route)
    }
    let reply = route.withMethods { methods in
      do {
        return MessageReply.success(
          try methods.run(at: position, arguments: arguments, environment: environment))
      } catch {
        return .error(route.errors.unsafelyUnwrapped(error))
      }
    }
    logQuietly(at: position, on: route, arguments: arguments, isScalar: true, reply: reply)
    return reply
  }

  /// ``reply(toMethodAt:_:on:)`` of a call that is not only logged (a control call, or a stub
  /// or latency set): the call is made with its name.
  @inline(never)
  private func reply(
    toNamedMethodAt position: Int, _ arguments: ChannelValue, on route: ChannelRoute
  )
    -> MessageReply
  {
    let name = route.withMethods { $0.name(at: position) }
    return reply(to: MethodCall(name, arguments), at: position, on: route)
  }

  /// Runs a decoded call (its method's position in the route's methods, when the decode found
  /// it by the name's bytes); `nil` (a null reply) when the channel has no such method. Calls
  /// on the control channel are not logged; every other call goes through verification.
  func reply(to call: MethodCall, at position: Int?, on route: ChannelRoute) -> MessageReply {
    if route.isControl { return run(call, at: position, on: route) }
    if verification.isQuiet, let position {
      let reply = run(call, at: position, on: route)
      logQuietly(
        at: position, on: route, arguments: call.arguments, isScalar: call.arguments.isScalar,
        reply: reply)
      return reply
    }
    return verifiedReply(to: call) { run(call, at: position, on: route) }
  }

  /// Logs a call of the method at `position` of the route's methods when no stub or latency is
  /// set: by its name's number, which the route keeps (no name copied).
  @inline(__always)
  private func logQuietly(
    at position: Int, on route: ChannelRoute, arguments: consuming ChannelValue, isScalar: Bool,
    reply: MessageReply
  ) {
    verification.record(
      name: route.logName(at: position, in: verification), arguments: arguments,
      isScalar: isScalar, reply: reply)
  }

  private func run(_ call: MethodCall, at position: Int?, on route: ChannelRoute) -> MessageReply {
    let context = MethodContext(
      method: call.method, arguments: call.arguments, environment: environment)
    do {
      if let position {
        return .success(try route.methods.unsafelyUnwrapped.run(at: position, context))
      }
      guard let handler = route.methods.unsafelyUnwrapped.handler(for: call.method) else {
        warnUnknownMethod(call.method, on: route)
        return .null
      }
      return .success(try handler.run(context))
    } catch {
      return .error(route.errors.unsafelyUnwrapped(error))
    }
  }

  /// The reply for one call, decoded (for tests and in-process users).
  public func handle(channel: String, call: MethodCall) -> Envelope? {
    guard let bytes = handleMessage(channel: channel, payload: codec.encodeMethodCall(call))
    else { return nil }
    return try? codec.decodeEnvelope(bytes)
  }

  /// The default warning handler: ``WarningLine/write(_:)``.
  public static func writeToStandardError(_ message: String) {
    WarningLine.write(message)
  }
}
