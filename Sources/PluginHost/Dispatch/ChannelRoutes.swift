import FlutterCodec

/// One channel the dispatcher serves: its name, the name's UTF-8 bytes, and its handler: a
/// method channel's methods and error mapping, or a raw message channel's handler.
final class ChannelRoute {
  let name: String
  let utf8: NameBytes
  /// A method channel's methods (`nil`: a raw message channel).
  let methods: MethodIndex?
  /// ``methods`` unretained (it keeps them), for the per-call path (``withMethods(_:)``).
  private let unretainedMethods: Unmanaged<MethodIndex>?
  /// A method channel's error mapping.
  let errors: ChannelErrorMapping?
  /// A raw message channel's handler.
  let messages: MessageHandler?
  /// Whether this is the control channel (decided once, not by a string compare per call).
  let isControl: Bool
  /// The number the call log gives each method's name, by position in ``methods`` (``unlogged``
  /// until its first call is logged), so that logging a call copies no name.
  private let logNames: UnsafeMutableBufferPointer<UInt32>
  static let unlogged = UInt32.max
  /// The bytes of the last short call read on this route (up to ``lastCallCapacity``) and what
  /// they read as (ChannelRoute+LastCall.swift); `lastCallCount` is -1 before the first.
  let lastCallBytes: UnsafeMutableRawPointer
  @exclusivity(unchecked) var lastCallCount = -1
  @exclusivity(unchecked) var lastCall = KnownScalarCall(
    position: 0, arguments: ScalarArguments.null)

  init(name: String, handler: ChannelHandler.Kind) {
    self.name = name
    self.utf8 = NameBytes(name.utf8)
    let methodCount: Int
    switch handler {
    case .methods(let methods, let errors):
      (self.methods, self.errors, self.messages) = (methods, errors, nil)
      unretainedMethods = .passUnretained(methods)
      methodCount = methods.count
    case .messages(let handler):
      (self.methods, self.errors, self.messages) = (nil, nil, handler)
      unretainedMethods = nil
      methodCount = 0
    }
    self.isControl = name == Dispatcher.controlChannel
    let names = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: methodCount)
    names.initialize(repeating: Self.unlogged)
    logNames = names
    lastCallBytes = .allocate(byteCount: Self.lastCallCapacity, alignment: 8)
  }

  deinit {
    utf8.deallocate()
    logNames.deallocate()
    lastCallBytes.deallocate()
  }

  /// The call log's number for the name of the method at `position`, asked of `verification`
  /// the first time.
  @inline(__always)
  func logName(at position: Int, in verification: Verification) -> UInt32 {
    let known = logNames[position]
    if known != Self.unlogged { return known }
    let number = verification.logName(methods.unsafelyUnwrapped.name(at: position))
    logNames[position] = number
    return number
  }

  /// `body` given the methods of this route, which must be a method channel's, borrowed
  /// (nothing retained).
  @inline(__always)
  func withMethods<Result>(_ body: (MethodIndex) -> Result) -> Result {
    unretainedMethods.unsafelyUnwrapped._withUnsafeGuaranteedRef(body)
  }

  /// Whether the channel takes StandardMethodCodec method calls (not raw messages).
  var isMethodChannel: Bool { methods != nil }

  /// Whether `bytes` are exactly this channel's name.
  @inline(__always)
  func hasName(_ bytes: UnsafeRawBufferPointer) -> Bool { utf8.equals(bytes) }
}

/// The channels in the order they are matched: the profiles' channels in profile order, then
/// the control channel (the first route of a name wins; a plugin channel given the control
/// channel's name keeps the plugin's methods).
struct ChannelRoutes {
  let routes: [ChannelRoute]
  /// The route the last lookup by bytes found: consecutive calls on one channel (most of a
  /// test's) find it with one comparison, no array walked or retained (``routes`` keeps it).
  private var last: Unmanaged<ChannelRoute>

  init(profiles: [PluginProfile], control: ChannelHandler) {
    routes =
      profiles.flatMap { profile in
        profile.channels.map { ChannelRoute(name: $0.name, handler: $0.handler.kind) }
      }
      + [ChannelRoute(name: Dispatcher.controlChannel, handler: control.kind)]
    last = .passUnretained(routes[0])
  }

  /// The route whose name equals `channel` (as `String`s compare), or `nil`.
  func route(named channel: String) -> ChannelRoute? {
    routes.first { $0.name == channel }
  }

  /// The route whose name has exactly the UTF-8 bytes `channel`, or `nil` (the bytes may still
  /// name a channel in another Unicode normalisation: ask ``route(named:)`` then). The route is
  /// handed out unretained: ``routes`` keeps it for as long as the dispatcher lives.
  @inline(__always)
  mutating func route(utf8 channel: UnsafeRawBufferPointer) -> Unmanaged<ChannelRoute>? {
    if last._withUnsafeGuaranteedRef({ $0.hasName(channel) }) { return last }
    return findRoute(utf8: channel)
  }

  private mutating func findRoute(utf8 channel: UnsafeRawBufferPointer) -> Unmanaged<
    ChannelRoute
  >? {
    guard let found = routes.first(where: { $0.hasName(channel) }) else { return nil }
    last = .passUnretained(found)
    return last
  }
}
