import Foundation
import HealthStore

/// HealthKit's `HKQuery`: what `HKHealthStore.execute(_:)` runs. Each query reads the bound
/// store under ``HealthKitBinding/lock`` and answers on a background queue.
open class HKQuery: NSObject, @unchecked Sendable {
  public let objectType: HKObjectType?
  public let predicate: NSPredicate?
  public var sampleType: HKSampleType? { objectType as? HKSampleType }
  var stopped = false

  init(objectType: HKObjectType?, predicate: NSPredicate?) {
    self.objectType = objectType
    self.predicate = predicate
    super.init()
  }

  /// Runs the query once (subclasses answer through their handlers).
  func run(in store: HealthStore) {}

  /// Stops a long-running query.
  func stop() { stopped = true }

  /// The visible samples of `type` that pass `predicate`, as HealthKit objects sorted by
  /// `sortDescriptors` (by start date, oldest first, when there are none), at most `limit`;
  /// or HealthKit's error.
  static func samples(
    of type: HKObjectType, predicate: NSPredicate?, sortDescriptors: [NSSortDescriptor]?,
    limit: Int, in store: HealthStore
  ) -> Result<[HKSample], HKError> {
    if let error = failure(reading: type.identifier, in: store) { return .failure(error) }
    guard let visibility = store.readVisibility(forQueryOf: type.identifier) else {
      return .failure(.notDetermined)
    }
    let window = HKObjectPredicate.window(of: predicate)
    let plain = predicate == nil && (sortDescriptors ?? []).isEmpty
    let stored = store.read(
      SampleQuery(
        identifier: type.identifier, start: window.start.map(milliseconds),
        end: window.end.map(milliseconds), limit: plain && limit > 0 ? limit : nil,
        ascending: true),
      visibility: visibility)
    var objects = stored.map { StoreObjects.object($0, in: store) }
    if let predicate { objects = objects.filter { predicate.evaluate(with: $0) } }
    if let descriptors = sortDescriptors, !descriptors.isEmpty {
      objects.sort { a, b in
        for descriptor in descriptors {
          let order = descriptor.compare(a, to: b)
          if order != .orderedSame { return order == .orderedAscending }
        }
        return false
      }
    }
    if limit > 0 && objects.count > limit { objects = Array(objects.prefix(limit)) }
    return .success(objects)
  }

  /// HealthKit's failure of a read before any sample is looked at: no HealthKit on the device.
  static func failure(reading identifier: String, in store: HealthStore) -> HKError? {
    do {
      try store.requireAvailable()
      return nil
    } catch {
      return HKError(error)
    }
  }
}

/// HealthKit's `HKSampleQuery`.
open class HKSampleQuery: HKQuery, @unchecked Sendable {
  public let limit: Int
  public let sortDescriptors: [NSSortDescriptor]?
  let handler: (HKSampleQuery, [HKSample]?, Error?) -> Void

  public init(
    sampleType: HKSampleType, predicate: NSPredicate?, limit: Int,
    sortDescriptors: [NSSortDescriptor]?,
    resultsHandler: @escaping (HKSampleQuery, [HKSample]?, Error?) -> Void
  ) {
    self.limit = limit
    self.sortDescriptors = sortDescriptors
    handler = resultsHandler
    super.init(objectType: sampleType, predicate: predicate)
  }

  override func run(in store: HealthStore) {
    let result = Self.samples(
      of: objectType!, predicate: predicate, sortDescriptors: sortDescriptors, limit: limit,
      in: store)
    deliver {
      switch result {
      case .success(let samples): self.handler(self, samples, nil)
      case .failure(let error): self.handler(self, nil, error.nsError)
      }
    }
  }
}

/// HealthKit's `HKCorrelationQuery`: correlations of one type whose members pass the
/// predicates given per member type.
open class HKCorrelationQuery: HKQuery, @unchecked Sendable {
  public let correlationType: HKCorrelationType
  public let samplePredicates: [HKSampleType: NSPredicate]?
  let handler: (HKCorrelationQuery, [HKCorrelation]?, Error?) -> Void

  public init(
    type correlationType: HKCorrelationType, predicate: NSPredicate?,
    samplePredicates: [HKSampleType: NSPredicate]?,
    completion: @escaping (HKCorrelationQuery, [HKCorrelation]?, Error?) -> Void
  ) {
    self.correlationType = correlationType
    self.samplePredicates = samplePredicates
    handler = completion
    super.init(objectType: correlationType, predicate: predicate)
  }

  override func run(in store: HealthStore) {
    let result = Self.samples(
      of: correlationType, predicate: predicate, sortDescriptors: nil, limit: 0, in: store
    ).map { samples in
      samples.compactMap { $0 as? HKCorrelation }.filter { correlation in
        (samplePredicates ?? [:]).allSatisfy { type, predicate in
          correlation.objects(for: type).contains { predicate.evaluate(with: $0) }
        }
      }
    }
    deliver {
      switch result {
      case .success(let correlations): self.handler(self, correlations, nil)
      case .failure(let error): self.handler(self, nil, error.nsError)
      }
    }
  }
}

/// HealthKit's `HKSourceQuery`: the sources of the samples the app sees.
open class HKSourceQuery: HKQuery, @unchecked Sendable {
  let handler: (HKSourceQuery, Set<HKSource>?, Error?) -> Void

  public init(
    sampleType: HKSampleType, samplePredicate objectPredicate: NSPredicate?,
    completionHandler completion: @escaping (HKSourceQuery, Set<HKSource>?, Error?) -> Void
  ) {
    handler = completion
    super.init(objectType: sampleType, predicate: objectPredicate)
  }

  override func run(in store: HealthStore) {
    let result = Self.samples(
      of: objectType!, predicate: predicate, sortDescriptors: nil, limit: 0, in: store
    ).map { Set($0.map(\.sourceRevision.source)) }
    deliver {
      switch result {
      case .success(let sources): self.handler(self, sources, nil)
      case .failure(let error): self.handler(self, nil, error.nsError)
      }
    }
  }
}

/// HealthKit's `HKHeartbeatSeriesQuery`: the beats of a heartbeat series, then `done`.
open class HKHeartbeatSeriesQuery: HKQuery, @unchecked Sendable {
  let series: HKHeartbeatSeriesSample
  let handler: (HKHeartbeatSeriesQuery, TimeInterval, Bool, Bool, Error?) -> Void

  public init(
    heartbeatSeries: HKHeartbeatSeriesSample,
    dataHandler: @escaping (HKHeartbeatSeriesQuery, TimeInterval, Bool, Bool, Error?) -> Void
  ) {
    series = heartbeatSeries
    handler = dataHandler
    super.init(objectType: HKSeriesType.heartbeat(), predicate: nil)
  }

  override func run(in store: HealthStore) {
    let beats =
      series.storeUUID.flatMap { store.attachment(HealthKitDetails.self).heartbeats[$0] } ?? []
    deliver {
      if beats.isEmpty { return self.handler(self, 0, false, true, nil) }
      for (index, beat) in beats.enumerated() {
        self.handler(self, beat.0, beat.1, index == beats.count - 1, nil)
      }
    }
  }
}
