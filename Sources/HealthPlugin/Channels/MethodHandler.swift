import FlutterCodec
import HealthStore

/// What a handler sees of one call.
public struct MethodContext {
  /// The method name, as called.
  public let method: String
  /// The call's arguments.
  public let arguments: Arguments
  /// What every call of one dispatcher shares (one reference to count, not three).
  let environment: MethodEnvironment

  /// The emulated device's store.
  public var store: HealthStore { environment.store }
  /// Writes a warning (stderr by default; the harness may silence it).
  public var warn: (String) -> Void { environment.warn }
  /// The names of every method on the plugin channel (for `injectFault`).
  public var pluginMethods: Set<String> { environment.pluginMethods }
  /// The methods of every method channel served, of every profile (for `stub`, `setLatency`).
  public var servedMethods: Set<String> { environment.servedMethods }
}

/// The parts of a ``MethodContext`` that stay the same from call to call.
final class MethodEnvironment {
  let store: HealthStore
  let warn: (String) -> Void
  let pluginMethods: Set<String>
  /// The methods of every method channel served (every profile's), which `stub` and
  /// `setLatency` may name.
  let servedMethods: Set<String>
  /// The call log, stubs and latencies (VerificationMethods).
  let verification: Verification

  init(
    store: HealthStore, warn: @escaping (String) -> Void, pluginMethods: Set<String>,
    servedMethods: Set<String>? = nil, verification: Verification = Verification()
  ) {
    self.store = store
    self.warn = warn
    self.pluginMethods = pluginMethods
    self.servedMethods = servedMethods ?? pluginMethods
    self.verification = verification
  }

  /// The same environment with another warning handler.
  func warning(to handler: @escaping (String) -> Void) -> MethodEnvironment {
    MethodEnvironment(
      store: store, warn: handler, pluginMethods: pluginMethods, servedMethods: servedMethods,
      verification: verification)
  }
}

/// The last step of a call, run only after every check passed: it may change the store.
public typealias MethodOperation = () throws(HealthError) -> ChannelValue

/// One method of a channel, run through the order of checks in protocol/errors.md#which-check-fails-first:
///
/// 1. HealthKit available (when `requiresHealthKit`);
/// 2. argument shapes: first the keys (every key must be one of `takes`, the method's declared
///    arguments; nested maps are checked by the same rule as they are read), then `validate`:
///    the rest of the argument shapes → types known and mapped → iOS version → writability → field
///    values → authorization. It changes nothing and returns the operation;
/// 3. an injected fault for this method (when `acceptsFaults`);
/// 4. the operation.
///
/// A call that fails in steps 1–3 changes nothing and mints no uuid.
public struct MethodHandler: Sendable {
  public var requiresHealthKit: Bool
  public var acceptsFaults: Bool
  /// The argument keys the method takes (`[]`: none, so `null`); `nil` leaves the keys to
  /// `validate` (every method of this package declares its keys; a unit test checks it).
  public var takes: [String]?
  public var validate: @Sendable (MethodContext) throws(HealthError) -> MethodOperation

  public init(
    requiresHealthKit: Bool = true, acceptsFaults: Bool = true, takes: [String]? = nil,
    validate: @escaping @Sendable (MethodContext) throws(HealthError) -> MethodOperation
  ) {
    self.requiresHealthKit = requiresHealthKit
    self.acceptsFaults = acceptsFaults
    self.takes = takes
    self.validate = validate
  }

  /// A plugin method that answers even when HealthKit is unavailable.
  public static func always(
    takes: [String]? = nil,
    _ validate: @escaping @Sendable (MethodContext) throws(HealthError) -> MethodOperation
  ) -> MethodHandler {
    MethodHandler(requiresHealthKit: false, acceptsFaults: true, takes: takes, validate: validate)
  }

  /// A HealthKit method of the plugin channel.
  public static func healthKit(
    takes: [String]? = nil,
    _ validate: @escaping @Sendable (MethodContext) throws(HealthError) -> MethodOperation
  ) -> MethodHandler {
    MethodHandler(requiresHealthKit: true, acceptsFaults: true, takes: takes, validate: validate)
  }

  /// A control-channel method: no availability check, no faults.
  public static func control(
    takes: [String]? = nil,
    _ validate: @escaping @Sendable (MethodContext) throws(HealthError) -> MethodOperation
  ) -> MethodHandler {
    MethodHandler(requiresHealthKit: false, acceptsFaults: false, takes: takes, validate: validate)
  }

  /// Runs the whole pipeline for one call.
  public func run(_ context: MethodContext) throws(HealthError) -> ChannelValue {
    if requiresHealthKit { try context.store.requireAvailable() }
    if let takes { try context.arguments.rejectUnknownFields(allowed: takes) }
    let operation = try validate(context)
    if acceptsFaults, let fault = context.store.consumeFault(for: context.method) {
      throw fault
    }
    return try operation()
  }
}

/// A table of methods by name.
public typealias MethodTable = [String: MethodHandler]

extension Dictionary where Key == String {
  /// The union of method tables (of either handler kind); the names of the tables must not
  /// overlap (a unit test checks it), else the first table's entry stays.
  static func merging(_ tables: [Self]) -> Self {
    var all: Self = [:]
    for table in tables { all.merge(table) { first, _ in first } }
    return all
  }
}
