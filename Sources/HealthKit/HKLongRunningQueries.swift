// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (Apple's names, spelled as on iOS.)
import Foundation
import HealthStore

/// HealthKit's `HKQueryAnchor`: a position in the store's change log. It archives with
/// `NSKeyedArchiver` (secure coding) and compares by position.
public final class HKQueryAnchor: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
  let position: Int

  public init(fromValue value: Int) {
    position = value
    super.init()
  }

  public static var supportsSecureCoding: Bool { true }

  public func encode(with coder: NSCoder) {
    coder.encode(position, forKey: "position")
  }

  public init?(coder: NSCoder) {
    position = coder.decodeInteger(forKey: "position")
    super.init()
  }

  public func copy(with zone: NSZone? = nil) -> Any { self }
  public override var hash: Int { position }
  public override func isEqual(_ object: Any?) -> Bool {
    (object as? HKQueryAnchor)?.position == position
  }
  public override var description: String { "HKQueryAnchor(\(position))" }
}

/// An anchored query without an anchor: from the start of the change log.
public let HKAnchoredObjectQueryNoAnchor = 0

/// What an observer query's handler calls when it has handled an update.
public typealias HKObserverQueryCompletionHandler = () -> Void

/// HealthKit's `HKObserverQuery`: its handler runs once when the query starts, then after every
/// change of its type that the app may see (protocol/native-healthkit.md#threads).
open class HKObserverQuery: HKQuery, LiveQuery, @unchecked Sendable {
  let handler: (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, Error?) -> Void
  var lastAnchor = 0

  public init(
    sampleType: HKSampleType, predicate: NSPredicate?,
    updateHandler:
      @escaping (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, Error?)
      -> Void
  ) {
    handler = updateHandler
    super.init(objectType: sampleType, predicate: predicate)
  }

  override func run(in store: HealthStore) {
    if let error = Self.failure(reading: objectType!.identifier, in: store) {
      return deliver { self.handler(self, {}, error.nsError) }
    }
    lastAnchor = store.changeAnchor
    HealthKitBinding.register(self)
    deliver { self.handler(self, {}, nil) }
  }

  func storeChanged() {
    let seen = HealthKitBinding.withStore { store -> Bool in
      defer { lastAnchor = store.changeAnchor }
      guard let visibility = store.readVisibility(forQueryOf: objectType!.identifier) else {
        return false
      }
      let changes = store.changes(
        of: objectType!.identifier, since: lastAnchor, visibility: visibility)
      return !changes.added.isEmpty || !changes.deleted.isEmpty
    }
    guard seen, HealthKitBinding.isRunning(self) else { return }
    deliver { self.handler(self, {}, nil) }
  }

  override func stop() {
    super.stop()
    HealthKitBinding.unregister(self)
  }
}

/// HealthKit's `HKAnchoredObjectQuery`: the samples added and deleted since an anchor, and the
/// anchor to ask from next; with an `updateHandler` it keeps answering as the store changes.
open class HKAnchoredObjectQuery: HKQuery, LiveQuery, @unchecked Sendable {
  public let limit: Int
  let handler:
    (HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, Error?) ->
      Void
  public var updateHandler:
    ((HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, Error?) -> Void)?
  var position: Int

  public init(
    type: HKSampleType, predicate: NSPredicate?, anchor: HKQueryAnchor?, limit: Int,
    resultsHandler handler:
      @escaping (
        HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, Error?
      ) -> Void
  ) {
    self.limit = limit
    self.handler = handler
    position = anchor?.position ?? 0
    super.init(objectType: type, predicate: predicate)
  }

  /// The visible changes since `position` (the store's anchored batch: a denied read sees the
  /// app's own changes, and its anchors count only those), samples passing the predicate, at
  /// most `limit` changes; and the anchor to ask from next.
  func batch(in store: HealthStore) -> Result<([HKSample], [HKDeletedObject], Int), HKError> {
    let identifier = objectType!.identifier
    if let error = Self.failure(reading: identifier, in: store) { return .failure(error) }
    guard let visibility = store.readVisibility(forQueryOf: identifier) else {
      return .failure(.notDetermined)
    }
    let predicate = predicate
    let found = store.anchoredBatch(
      SampleQuery(identifier: identifier, ownSamplesOnly: visibility.onlySource != nil),
      since: position, limit: limit > 0 ? limit : nil,
      include: predicate.map { predicate in
        { predicate.evaluate(with: StoreObjects.object($0, in: store)) }
      })
    let added = found.added.map { StoreObjects.object($0, in: store) }
    let deleted = found.deleted.map {
      HKDeletedObject(uuid: UUID(uuidString: $0.uuid) ?? UUID(), metadata: nil)
    }
    return .success((added, deleted, found.anchor))
  }

  override func run(in store: HealthStore) {
    let result = batch(in: store)
    if case .success(let found) = result { position = found.2 }
    if updateHandler != nil, case .success = result { HealthKitBinding.register(self) }
    deliver {
      switch result {
      case .success(let (added, deleted, next)):
        self.handler(self, added, deleted, HKQueryAnchor(fromValue: next), nil)
      case .failure(let error):
        self.handler(self, nil, nil, nil, error.nsError)
      }
    }
  }

  func storeChanged() {
    let result = HealthKitBinding.withStore {
      store -> Result<([HKSample], [HKDeletedObject], Int), HKError> in
      let result = batch(in: store)
      if case .success(let found) = result { position = found.2 }
      return result
    }
    guard HealthKitBinding.isRunning(self), case .success(let (added, deleted, next)) = result,
      !added.isEmpty || !deleted.isEmpty
    else { return }
    deliver { self.updateHandler?(self, added, deleted, HKQueryAnchor(fromValue: next), nil) }
  }

  override func stop() {
    super.stop()
    HealthKitBinding.unregister(self)
  }
}
