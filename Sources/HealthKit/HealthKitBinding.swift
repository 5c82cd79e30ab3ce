import Dispatch
import Foundation
import HealthStore

/// The one emulated HealthKit of the process, as `import HealthKit` sees it.
///
/// Every `HKHealthStore` reads and writes the store bound here: the native host binds the store
/// its profiles serve (``bind(_:)``), so a plugin's own iOS code and the profiles served beside
/// it share one HealthKit. Until a host binds one, the first use makes a fresh store.
///
/// The store is used from one thread at a time: every access of this module takes ``lock``,
/// and a host that also calls the store itself (the serve loop running profiles) takes it
/// around those calls (``withStore(_:)``) and tells the module when it changed the store
/// (``storeDidChange()``), so that observer, anchored and statistics-collection queries hear
/// of changes whoever made them (protocol/native-healthkit.md).
public enum HealthKitBinding {
  /// The lock every access of the bound store takes (recursive: a handler may call back).
  public static let lock = NSRecursiveLock()
  nonisolated(unsafe) private static var bound: HealthStore?
  nonisolated(unsafe) private static var liveQueries: [ObjectIdentifier: LiveQuery] = [:]
  nonisolated(unsafe) private static var notifiedAnchor = 0
  nonisolated(unsafe) private static var notifiedSummaries = 0

  /// Makes `store` the process's HealthKit; queries still running are stopped.
  public static func bind(_ store: HealthStore) {
    lock.lock()
    defer { lock.unlock() }
    bound = store
    liveQueries = [:]
    notifiedAnchor = store.changeAnchor
    notifiedSummaries = store.activitySummaryGeneration
  }

  /// The bound store (a fresh one when none was bound).
  public static var store: HealthStore {
    lock.lock()
    defer { lock.unlock() }
    if let bound { return bound }
    let made = HealthStore()
    bound = made
    return made
  }

  /// Runs `body` with the bound store under ``lock``.
  public static func withStore<T>(_ body: (HealthStore) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(store)
  }

  /// Tells running long-running queries that the store changed (the module calls it after its
  /// own writes; a host calls it after each call it served itself). Each query looks at the
  /// change log from where it last looked, and answers on its own queue.
  public static func storeDidChange() {
    lock.lock()
    let queries = Array(liveQueries.values)
    let anchor = store.changeAnchor
    let summaries = store.activitySummaryGeneration
    let changed = anchor != notifiedAnchor || summaries != notifiedSummaries
    notifiedAnchor = anchor
    notifiedSummaries = summaries
    lock.unlock()
    guard changed else { return }
    for query in queries { query.storeChanged() }
  }

  static func register(_ query: LiveQuery) {
    lock.lock()
    defer { lock.unlock() }
    liveQueries[ObjectIdentifier(query)] = query
  }

  static func unregister(_ query: LiveQuery) {
    lock.lock()
    defer { lock.unlock() }
    liveQueries[ObjectIdentifier(query)] = nil
  }

  static func isRunning(_ query: LiveQuery) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return liveQueries[ObjectIdentifier(query)] != nil
  }
}

/// A query that keeps answering after its first results (observer, anchored with an update
/// handler, statistics collection with a statistics update handler).
protocol LiveQuery: AnyObject {
  func storeChanged()
}

/// The queue HealthKit's handlers run on: a background queue, never the caller's.
let handlerQueue = DispatchQueue(label: "hkbridge.healthkit.handlers", attributes: .concurrent)

/// Hands a value that is not `Sendable` to another queue (HealthKit's objects are immutable
/// once made, and the store is only touched under ``HealthKitBinding/lock``).
struct Handoff<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

extension HealthKitBinding {
  /// Runs `done` (on the handler queue) once every handler already handed to the queue has
  /// returned: a host that wants the events of a call's changes before it goes on waits for it
  /// (protocol/native.md, "Hooks").
  public static func afterHandlers(_ done: @escaping @Sendable () -> Void) {
    handlerQueue.async(flags: .barrier) { done() }
  }
}

/// Runs `body` on the handler queue.
func deliver(_ body: @escaping () -> Void) {
  let work = Handoff(body)
  handlerQueue.async { work.value() }
}
