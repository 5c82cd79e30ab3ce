import FlutterCodec
import HealthStore

/// What a handler sees of one call, on any method channel (and what a ConnectKit host method
/// sees of its message).
public struct MethodContext {
  /// The method name, as called.
  public let method: String
  /// The call's arguments, with the strict reader (``Arguments``).
  public let arguments: Arguments
  /// What every call of one dispatcher shares (one reference to count, not three).
  public let environment: HostEnvironment

  public init(method: String, arguments: ChannelValue, environment: HostEnvironment) {
    self.method = method
    self.arguments = Arguments(arguments)  // the root: no path
    self.environment = environment
  }

  /// The call's arguments as sent (`.null` when there are none), for a plugin's own reader.
  @inlinable
  public var rawArguments: ChannelValue { arguments.value }
  /// The emulated device's store.
  @inlinable
  public var store: HealthStore { environment.store }
  /// Writes a warning (stderr by default; the harness may silence it).
  @inlinable
  public var warn: (String) -> Void { environment.warn }
  /// The names of the methods that take injected faults (for `injectFault`).
  public var pluginMethods: Set<String> { environment.pluginMethods }
  /// The methods of every method channel served, of every profile (for `stub`, `setLatency`).
  public var servedMethods: Set<String> { environment.servedMethods }
  /// Whether a channel the user declared is served, on which any method name is a plugin
  /// method (`stub` and `setLatency` then take any name).
  public var servesAnyMethod: Bool { environment.servesAnyMethod }
}

/// What stays the same from call to call of one emulated host: the store, the warning sink,
/// and what the control channel needs (method names, the call log). Raw message handlers and
/// event channels' `listen` get it as it is.
public final class HostEnvironment {
  /// The emulated device's HealthKit store (shared by every profile and the control channel).
  public let store: HealthStore
  /// Writes a warning (stderr by default; the dispatcher's ``Dispatcher/warningHandler``
  /// replaces it).
  public internal(set) var warn: (String) -> Void
  /// The methods `injectFault` may name (every profile's methods that take faults, built when
  /// first asked, not at start).
  private let faultMethods: () -> Set<String>
  /// The methods of every method channel served (every profile's), which `stub` and
  /// `setLatency` may name.
  let servedMethods: Set<String>
  /// Whether a channel the user declared, or a handler in front answering channels of its own
  /// (a native plugin), is served: any method name is then a plugin method.
  var servesAnyMethod: Bool
  /// The call log, stubs and latencies (VerificationMethods).
  package let verification: Verification
  /// What else a host reset empties, besides the store (``resetHost()``).
  let resets: HostResets

  init(
    store: HealthStore, warn: @escaping (String) -> Void, pluginMethods: Set<String>? = nil,
    faultMethods: @escaping () -> Set<String> = { [] },
    servedMethods: Set<String>? = nil, servesAnyMethod: Bool = false,
    verification: Verification = Verification(), resets: HostResets = HostResets()
  ) {
    self.store = store
    self.warn = warn
    self.faultMethods = pluginMethods.map { names in { names } } ?? faultMethods
    self.servedMethods = servedMethods ?? pluginMethods ?? []
    self.servesAnyMethod = servesAnyMethod
    self.verification = verification
    self.resets = resets
  }

  /// Brings the emulated host back to its default state: the store, then what the host keeps
  /// beside it (the call log, stubs and latencies, every event stream), as a method that resets
  /// the device asks (the control channel's `reset`).
  public func resetHost() {
    store.reset()
    for reset in resets.actions { reset() }
  }

  /// The names of the methods that take injected faults (`injectFault`'s `method`).
  var pluginMethods: Set<String> { faultMethods() }

}

/// What a host reset empties besides the store, registered by the host that keeps it.
final class HostResets {
  var actions: [() -> Void] = []
  init() {}
}
