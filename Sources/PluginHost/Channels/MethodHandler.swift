import FlutterCodec
import HealthStore

/// The last step of a staged method, run only after every check passed: it may change the store.
public typealias MethodOperation = () throws(HealthError) -> ChannelValue

/// One method of a method channel, of any profile or of the control channel: its flags, which
/// the dispatcher's one pipeline applies in the order of protocol/errors.md#which-check-fails-first,
/// and its body.
///
/// 1. HealthKit available (when `requiresHealthKit`);
/// 2. the argument keys: every key must be one of `takes`, the method's declared arguments
///    (`nil`: the body reads the arguments as its plugin does, unchecked);
/// 3. the body. A staged body (``init(requiresHealthKit:acceptsFaults:takes:validate:)``)
///    validates first — the rest of the argument shapes → types known and mapped → iOS version →
///    writability → field values → authorization — changing nothing, then an injected fault
///    for this method fails the call (when `acceptsFaults`), then its operation runs. A call that
///    fails before the operation changes nothing and mints no uuid.
///
/// A thrown error becomes the reply's error envelope through the channel's error mapping
/// (``ChannelErrorMapping``).
public final class MethodHandler: Sendable {
  public let requiresHealthKit: Bool
  public let acceptsFaults: Bool
  /// The argument keys the method takes (`[]`: none, so `null`); `nil` leaves the arguments to
  /// the body (a profile that checks keys declares them for every method; a unit test of each
  /// such profile checks it).
  public let takes: [String]?
  /// Step 3: the body, with an injected fault where it falls (a staged body's between its
  /// stages; see ``faultsFirst``).
  @usableFromInline let body: @Sendable (MethodContext) throws -> ChannelValue
  /// Whether an injected fault fails the call before `body` runs at all (a one-step method
  /// that takes faults): checked by ``run(_:)`` itself, no closure around `body`.
  @usableFromInline let faultsFirst: Bool
  /// The body of a method that reads no arguments and answers from the store alone
  /// (``answeringFromStore(requiresHealthKit:_:)``): a call runs it with no ``MethodContext``
  /// made (``run(named:arguments:environment:)``); never called for any other method.
  @usableFromInline let storeBody: @Sendable (HealthStore) throws -> ChannelValue
  /// Whether ``storeBody`` is the method's body (else it is never called).
  @usableFromInline let answersFromStore: Bool
  @usableFromInline static let noStoreBody: @Sendable (HealthStore) throws -> ChannelValue = {
    _ in .null
  }

  /// A method in two stages: `validate` checks the call without changing anything and returns
  /// the operation; an injected fault (when `acceptsFaults`) falls between them. Inlinable, so
  /// that a profile's table gets the two stages specialised for its own closures.
  @inlinable
  public init(
    requiresHealthKit: Bool = true, acceptsFaults: Bool = true, takes: [String]? = nil,
    validate: @escaping @Sendable (MethodContext) throws -> MethodOperation
  ) {
    self.requiresHealthKit = requiresHealthKit
    self.acceptsFaults = acceptsFaults
    self.takes = takes
    faultsFirst = false
    storeBody = Self.noStoreBody
    answersFromStore = false
    if acceptsFaults {
      body = { context in
        let operation = try validate(context)
        if let fault = context.store.pendingFault(for: context.method) { throw fault }
        return try operation()
      }
    } else {
      body = { context in try validate(context)() }
    }
  }

  /// A method in one step: `run` checks and answers the call itself, as the plugin it
  /// reproduces does; an injected fault (when `acceptsFaults`) comes before it.
  public init(
    requiresHealthKit: Bool = false, acceptsFaults: Bool = false, takes: [String]? = nil,
    run: @escaping @Sendable (MethodContext) throws -> ChannelValue
  ) {
    self.requiresHealthKit = requiresHealthKit
    self.acceptsFaults = acceptsFaults
    self.takes = takes
    faultsFirst = acceptsFaults
    body = run
    storeBody = Self.noStoreBody
    answersFromStore = false
  }

  /// A one-step method answered from the store alone; an injected fault fails it first.
  private init(
    requiresHealthKit: Bool, takes: [String],
    answer: @escaping @Sendable (HealthStore) throws -> ChannelValue
  ) {
    self.requiresHealthKit = requiresHealthKit
    self.acceptsFaults = true
    self.takes = takes
    faultsFirst = true
    body = { context in try answer(context.store) }
    storeBody = answer
    answersFromStore = true
  }

  /// A staged method that answers even when HealthKit is unavailable (faults apply).
  @inlinable
  public static func always(
    takes: [String]? = nil,
    _ validate: @escaping @Sendable (MethodContext) throws -> MethodOperation
  ) -> MethodHandler {
    MethodHandler(requiresHealthKit: false, acceptsFaults: true, takes: takes, validate: validate)
  }

  /// A staged method that needs HealthKit available (faults apply).
  @inlinable
  public static func healthKit(
    takes: [String]? = nil,
    _ validate: @escaping @Sendable (MethodContext) throws -> MethodOperation
  ) -> MethodHandler {
    MethodHandler(requiresHealthKit: true, acceptsFaults: true, takes: takes, validate: validate)
  }

  /// A method that takes no arguments and answers from the store alone: HealthKit available
  /// when `requiresHealthKit`, then an injected fault fails it, then `answer` gives its value
  /// (the same order as a staged method whose validation checks nothing); a call of it makes
  /// no ``MethodContext``.
  public static func answeringFromStore(
    requiresHealthKit: Bool = false,
    _ answer: @escaping @Sendable (HealthStore) throws -> ChannelValue
  ) -> MethodHandler {
    MethodHandler(requiresHealthKit: requiresHealthKit, takes: [], answer: answer)
  }

  /// A staged method of the host itself rather than of a plugin: no availability check, no
  /// faults.
  @inlinable
  public static func control(
    takes: [String]? = nil,
    _ validate: @escaping @Sendable (MethodContext) throws -> MethodOperation
  ) -> MethodHandler {
    MethodHandler(requiresHealthKit: false, acceptsFaults: false, takes: takes, validate: validate)
  }

  /// A method of a plugin that checks its calls itself: no availability check, no key check,
  /// no faults.
  public static func plain(
    _ run: @escaping @Sendable (MethodContext) throws -> ChannelValue
  ) -> MethodHandler {
    MethodHandler(run: run)
  }

  /// Runs the whole pipeline for one call.
  public func run(_ context: MethodContext) throws -> ChannelValue {
    try check(context.rawArguments, context.store, method: context.method)
    return try body(context)
  }

  /// Runs the whole pipeline for one call of this method, named `name`: the same as
  /// ``run(_:)`` with a context of these, which is made only for a method that reads one.
  @inline(__always)
  func run(named name: String, arguments: ChannelValue, environment: HostEnvironment) throws
    -> ChannelValue
  {
    guard answersFromStore else {
      return try run(MethodContext(method: name, arguments: arguments, environment: environment))
    }
    try check(arguments, environment.store, method: name)
    return try storeBody(environment.store)
  }

  /// Steps 1 and 2, and a one-step method's injected fault.
  @inline(__always)
  private func check(
    _ arguments: ChannelValue, _ store: HealthStore, method: @autoclosure () -> String
  ) throws {
    if requiresHealthKit { try store.requireAvailable() }
    // Null arguments pass every key check: the list of keys is not even looked at.
    if !arguments.isNull, let takes {
      try Arguments(arguments).rejectUnknownFields(allowed: takes)
    }
    if faultsFirst, let fault = store.pendingFault(for: method()) { throw fault }
  }
}

/// A table of methods by name (one row per method).
public typealias MethodTable = [String: MethodHandler]

extension Dictionary where Key == String, Value == MethodHandler {
  /// The union of method tables; the names of the tables must not overlap (a unit test checks
  /// it), else the first table's entry stays.
  public static func merging(_ tables: [Self]) -> Self {
    var all: Self = [:]
    for table in tables { all.merge(table) { first, _ in first } }
    return all
  }
}
