import Foundation

// HealthKit's query descriptors (iOS 15.4): the Swift-concurrency form of the queries. Each
// runs the query it describes through `HKHealthStore.execute(_:)`, so it reads the same store
// under the same rules (authorization, visibility, HealthKit's errors, thrown here).

/// HealthKit's `HKSamplePredicate`: a sample type and an optional predicate, typed by the
/// samples it matches.
public struct HKSamplePredicate<Sample: HKSample>: @unchecked Sendable {
  public let sampleType: HKSampleType
  public let nsPredicate: NSPredicate?
}

extension HKSamplePredicate where Sample == HKSample {
  public static func sample(type: HKSampleType, predicate: NSPredicate? = nil)
    -> HKSamplePredicate<HKSample>
  {
    HKSamplePredicate(sampleType: type, nsPredicate: predicate)
  }
}

extension HKSamplePredicate where Sample == HKQuantitySample {
  public static func quantitySample(type: HKQuantityType, predicate: NSPredicate? = nil)
    -> HKSamplePredicate<HKQuantitySample>
  {
    HKSamplePredicate(sampleType: type, nsPredicate: predicate)
  }
}

extension HKSamplePredicate where Sample == HKCategorySample {
  public static func categorySample(type: HKCategoryType, predicate: NSPredicate? = nil)
    -> HKSamplePredicate<HKCategorySample>
  {
    HKSamplePredicate(sampleType: type, nsPredicate: predicate)
  }
}

extension HKSamplePredicate where Sample == HKCorrelation {
  public static func correlation(type: HKCorrelationType, predicate: NSPredicate? = nil)
    -> HKSamplePredicate<HKCorrelation>
  {
    HKSamplePredicate(sampleType: type, nsPredicate: predicate)
  }
}

extension HKSamplePredicate where Sample == HKWorkout {
  public static func workout(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKWorkout> {
    HKSamplePredicate(sampleType: HKObjectType.workoutType(), nsPredicate: predicate)
  }
}

/// HealthKit's `HKSampleQueryDescriptor`: the samples matching any of its predicates, ordered
/// by its sort descriptors (each type's samples oldest first, the types in the order of the
/// predicates, when there are none), at most `limit`.
public struct HKSampleQueryDescriptor<Sample: HKSample>: @unchecked Sendable {
  public var predicates: [HKSamplePredicate<Sample>]
  public var sortDescriptors: [SortDescriptor<Sample>]
  public var limit: Int?

  public init(
    predicates: [HKSamplePredicate<Sample>], sortDescriptors: [SortDescriptor<Sample>],
    limit: Int? = nil
  ) {
    self.predicates = predicates
    self.sortDescriptors = sortDescriptors
    self.limit = limit
  }

  public func result(for healthStore: HKHealthStore) async throws -> [Sample] {
    var found: [Sample] = []
    for predicate in predicates {
      let samples = try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<[HKSample], Error>) in
        healthStore.execute(
          HKSampleQuery(
            sampleType: predicate.sampleType, predicate: predicate.nsPredicate,
            limit: HKObjectQueryNoLimit, sortDescriptors: nil
          ) { _, samples, error in
            if let error {
              continuation.resume(throwing: error)
            } else {
              continuation.resume(returning: samples ?? [])
            }
          })
      }
      found += samples.compactMap { $0 as? Sample }
    }
    if !sortDescriptors.isEmpty { found.sort(using: sortDescriptors) }
    if let limit, limit > 0, found.count > limit { found = Array(found.prefix(limit)) }
    return found
  }
}

/// HealthKit's `HKStatisticsQueryDescriptor`: the statistics of one quantity type over the
/// predicate's samples (nil when none lies in it).
public struct HKStatisticsQueryDescriptor: @unchecked Sendable {
  public var predicate: HKSamplePredicate<HKQuantitySample>
  public var options: HKStatisticsOptions

  public init(predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions = []) {
    self.predicate = predicate
    self.options = options
  }

  public func result(for healthStore: HKHealthStore) async throws -> HKStatistics? {
    guard let type = predicate.sampleType as? HKQuantityType else { return nil }
    return try await withCheckedThrowingContinuation { continuation in
      healthStore.execute(
        HKStatisticsQuery(
          quantityType: type, quantitySamplePredicate: predicate.nsPredicate, options: options
        ) { _, statistics, error in
          // HealthKit's "no data" is an answer here: no statistics.
          if let error, (error as? NSError)?.code != HKError.Code.errorNoData.rawValue {
            continuation.resume(throwing: error)
          } else {
            continuation.resume(returning: statistics)
          }
        })
    }
  }
}

/// HealthKit's `HKStatisticsCollectionQueryDescriptor`: statistics per calendar interval, once
/// (`result(for:)`) or as the store changes (`results(for:)`).
public struct HKStatisticsCollectionQueryDescriptor: @unchecked Sendable {
  public var predicate: HKSamplePredicate<HKQuantitySample>
  public var options: HKStatisticsOptions
  public var anchorDate: Date
  public var intervalComponents: DateComponents

  /// One answer of `results(for:)`: the whole collection, and the statistics that changed
  /// (nil for the first).
  public struct Result: @unchecked Sendable {
    public let statisticsCollection: HKStatisticsCollection
    public let updatedStatistics: [HKStatistics]?
  }

  public init(
    predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions,
    anchorDate: Date, intervalComponents: DateComponents
  ) {
    self.predicate = predicate
    self.options = options
    self.anchorDate = anchorDate
    self.intervalComponents = intervalComponents
  }

  func query() -> HKStatisticsCollectionQuery {
    HKStatisticsCollectionQuery(
      quantityType: predicate.sampleType as! HKQuantityType,
      quantitySamplePredicate: predicate.nsPredicate, options: options, anchorDate: anchorDate,
      intervalComponents: intervalComponents)
  }

  public func result(for healthStore: HKHealthStore) async throws -> HKStatisticsCollection {
    let query = query()
    return try await withCheckedThrowingContinuation { continuation in
      query.initialResultsHandler = { _, collection, error in
        if let collection {
          continuation.resume(returning: collection)
        } else {
          continuation.resume(throwing: error ?? HKError.noData.nsError)
        }
      }
      healthStore.execute(query)
    }
  }

  /// The collection now, then again after each change of the type the app may see, until the
  /// task iterating it is cancelled (which stops the query).
  public func results(for healthStore: HKHealthStore) -> AsyncThrowingStream<Result, Error> {
    let query = query()
    return AsyncThrowingStream { continuation in
      query.initialResultsHandler = { _, collection, error in
        if let collection {
          continuation.yield(Result(statisticsCollection: collection, updatedStatistics: nil))
        } else {
          continuation.finish(throwing: error ?? HKError.noData.nsError)
        }
      }
      query.statisticsUpdateHandler = { _, statistics, collection, error in
        if let collection {
          continuation.yield(
            Result(statisticsCollection: collection, updatedStatistics: statistics.map { [$0] }))
        } else if let error {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in healthStore.stop(query) }
      healthStore.execute(query)
    }
  }
}

/// HealthKit's `HKAnchoredObjectQueryDescriptor`: the samples added and objects deleted since
/// an anchor, once (`result(for:)`) or as the store changes (`results(for:)`). One predicate's
/// type per query; with several predicates each type is asked from the same anchor and the
/// answers are joined (the new anchor the latest), so give a `limit` with one predicate only.
public struct HKAnchoredObjectQueryDescriptor<Sample: HKSample>: @unchecked Sendable {
  public var predicates: [HKSamplePredicate<Sample>]
  public var anchor: HKQueryAnchor?
  public var limit: Int?

  /// One answer: what was added and deleted, and the anchor to ask from next.
  public struct Result: @unchecked Sendable {
    public let addedSamples: [Sample]
    public let deletedObjects: [HKDeletedObject]
    public let newAnchor: HKQueryAnchor
  }

  public init(predicates: [HKSamplePredicate<Sample>], anchor: HKQueryAnchor?, limit: Int? = nil) {
    self.predicates = predicates
    self.anchor = anchor
    self.limit = limit
  }

  func query(_ predicate: HKSamplePredicate<Sample>, answer: @escaping (Result?, Error?) -> Void)
    -> HKAnchoredObjectQuery
  {
    HKAnchoredObjectQuery(
      type: predicate.sampleType, predicate: predicate.nsPredicate, anchor: anchor,
      limit: limit ?? HKObjectQueryNoLimit
    ) { _, added, deleted, next, error in
      answer(Self.result(added, deleted, next), error)
    }
  }

  static func result(_ added: [HKSample]?, _ deleted: [HKDeletedObject]?, _ next: HKQueryAnchor?)
    -> Result?
  {
    next.map {
      Result(
        addedSamples: (added ?? []).compactMap { $0 as? Sample }, deletedObjects: deleted ?? [],
        newAnchor: $0)
    }
  }

  static func joined(_ results: [Result]) -> Result? {
    guard let first = results.first else { return nil }
    return Result(
      addedSamples: results.flatMap(\.addedSamples),
      deletedObjects: results.flatMap(\.deletedObjects),
      newAnchor: results.map(\.newAnchor).max { $0.position < $1.position } ?? first.newAnchor)
  }

  public func result(for healthStore: HKHealthStore) async throws -> Result {
    var results: [Result] = []
    for predicate in predicates {
      let one = try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Result, Error>) in
        healthStore.execute(
          query(predicate) { result, error in
            if let result {
              continuation.resume(returning: result)
            } else {
              continuation.resume(throwing: error ?? HKError.noData.nsError)
            }
          })
      }
      results.append(one)
    }
    return Self.joined(results)
      ?? Result(addedSamples: [], deletedObjects: [], newAnchor: anchor ?? .init(fromValue: 0))
  }

  /// The first batch, then one after each change the app may see, until the task iterating it
  /// is cancelled (which stops the queries).
  public func results(for healthStore: HKHealthStore) -> AsyncThrowingStream<Result, Error> {
    AsyncThrowingStream { continuation in
      let answer: (Result?, Error?) -> Void = { result, error in
        if let result {
          continuation.yield(result)
        } else if let error {
          continuation.finish(throwing: error)
        }
      }
      let queries = predicates.map { predicate in
        let query = query(predicate, answer: answer)
        query.updateHandler = { _, added, deleted, next, error in
          answer(Self.result(added, deleted, next), error)
        }
        return query
      }
      continuation.onTermination = { _ in queries.forEach(healthStore.stop) }
      queries.forEach(healthStore.execute)
    }
  }
}
