import CoreLocation
import Foundation
import HealthStore

/// HealthKit's `HKWorkoutBuilder`: collects a workout's samples, events and metadata, then
/// saves the workout (and its samples) in one go.
open class HKWorkoutBuilder: NSObject, @unchecked Sendable {
  public let workoutConfiguration: HKWorkoutConfiguration
  public let device: HKDevice?
  public private(set) var startDate: Date?
  public private(set) var endDate: Date?
  public private(set) var workoutEvents: [HKWorkoutEvent] = []
  public private(set) var metadata: [String: Any] = [:]
  public private(set) var workoutActivities: [HKWorkoutActivity] = []
  var samples: [HKSample] = []
  let healthStore: HKHealthStore

  public init(
    healthStore: HKHealthStore, configuration: HKWorkoutConfiguration, device: HKDevice?
  ) {
    self.healthStore = healthStore
    workoutConfiguration = configuration
    self.device = device
    super.init()
  }

  public var elapsedTime: TimeInterval {
    guard let startDate else { return 0 }
    return (endDate ?? Date()).timeIntervalSince(startDate)
  }

  public func elapsedTime(at date: Date) -> TimeInterval {
    guard let startDate else { return 0 }
    return date.timeIntervalSince(startDate)
  }

  /// Begins collecting: fails as every HealthKit call does where HealthKit does not answer,
  /// and before the app may share workouts (never asked: code 5; denied: code 4).
  public func beginCollection(
    withStart startDate: Date, completion: @escaping (Bool, Error?) -> Void
  ) {
    let error = refusal(sharing: [HKWorkoutTypeIdentifier])
    if error == nil { self.startDate = startDate }
    deliver { completion(error == nil, error?.nsError) }
  }

  public func beginCollection(at startDate: Date) async throws {
    if let error = refusal(sharing: [HKWorkoutTypeIdentifier]) { throw error.nsError }
    self.startDate = startDate
  }

  /// Adds samples to the workout: refused (none kept) when the app may not share one of
  /// their types.
  public func add(_ samples: [HKSample], completion: @escaping (Bool, Error?) -> Void) {
    let error = refusal(sharing: samples.map(\.sampleType.identifier))
    if error == nil { self.samples += samples }
    deliver { completion(error == nil, error?.nsError) }
  }

  public func addSamples(_ samples: [HKSample]) async throws {
    if let error = refusal(sharing: samples.map(\.sampleType.identifier)) { throw error.nsError }
    self.samples += samples
  }

  /// HealthKit's error for a builder call that writes `identifiers`, or nil.
  func refusal(sharing identifiers: [String]) -> HKError? {
    HealthKitBinding.withStore { store -> HKError? in
      if let error = HKQuery.failure(reading: HKWorkoutTypeIdentifier, in: store) { return error }
      let statuses = identifiers.map { store.authorization(for: $0).share }
      if statuses.contains(.notDetermined) { return .notDetermined }
      if statuses.contains(where: { $0 != .sharingAuthorized }) { return .notAuthorized }
      return nil
    }
  }

  public func addWorkoutEvents(
    _ workoutEvents: [HKWorkoutEvent], completion: @escaping (Bool, Error?) -> Void
  ) {
    self.workoutEvents += workoutEvents
    deliver { completion(true, nil) }
  }

  public func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent]) async throws {
    self.workoutEvents += workoutEvents
  }

  public func addMetadata(_ metadata: [String: Any], completion: @escaping (Bool, Error?) -> Void) {
    self.metadata.merge(metadata) { _, new in new }
    deliver { completion(true, nil) }
  }

  public func addMetadata(_ metadata: [String: Any]) async throws {
    self.metadata.merge(metadata) { _, new in new }
  }

  public func addWorkoutActivity(
    _ workoutActivity: HKWorkoutActivity, completion: @escaping (Bool, Error?) -> Void
  ) {
    workoutActivities.append(workoutActivity)
    deliver { completion(true, nil) }
  }

  public func endCollection(withEnd endDate: Date, completion: @escaping (Bool, Error?) -> Void) {
    self.endDate = endDate
    deliver { completion(true, nil) }
  }

  public func endCollection(at endDate: Date) async throws {
    self.endDate = endDate
  }

  /// Saves the workout with the collected samples (the samples first, as HealthKit
  /// associates them with the workout) and hands it back.
  public func finishWorkout(completion: @escaping (HKWorkout?, Error?) -> Void) {
    let result = finish()
    deliver {
      switch result {
      case .success(let workout): completion(workout, nil)
      case .failure(let error): completion(nil, error.nsError)
      }
    }
  }

  public func finishWorkout() async throws -> HKWorkout? {
    switch finish() {
    case .success(let workout): return workout
    case .failure(let error): throw error.nsError
    }
  }

  public func discardWorkout() {
    samples = []
    workoutEvents = []
  }

  func total(_ identifier: HKQuantityTypeIdentifier, _ unit: HKUnit) -> HKQuantity? {
    let values = samples.compactMap { $0 as? HKQuantitySample }.filter {
      $0.sampleType.identifier == identifier.rawValue
    }
    guard !values.isEmpty else { return nil }
    return HKQuantity(
      unit: unit, doubleValue: values.map { $0.quantity.doubleValue(for: unit) }.reduce(0, +))
  }

  private func finish() -> Result<HKWorkout, HKError> {
    guard let startDate else {
      return .failure(
        HKError(.errorInvalidArgument, "The workout builder has not begun collection"))
    }
    let end = endDate ?? startDate
    let distance =
      total(.distanceWalkingRunning, .meter()) ?? total(.distanceCycling, .meter())
      ?? total(.distanceSwimming, .meter())
    let workout = HKWorkout(
      activityType: workoutConfiguration.activityType, start: startDate, end: end, duration: nil,
      events: workoutEvents.isEmpty ? nil : workoutEvents, activities: workoutActivities,
      energy: total(.activeEnergyBurned, .kilocalorie()), distance: distance, strokes: nil,
      flights: nil, device: device, metadata: metadata.isEmpty ? nil : metadata)
    let error = HealthKitBinding.withStore { HKHealthStore.save([workout] + samples, in: $0) }
    HealthKitBinding.storeDidChange()
    if let error { return .failure(error) }
    return .success(workout)
  }
}

/// HealthKit's `HKLiveWorkoutBuilder` (a builder fed by a live session; here a plain builder).
open class HKLiveWorkoutBuilder: HKWorkoutBuilder, @unchecked Sendable {
  /// The session this builder belongs to (`HKWorkoutSession.associatedWorkoutBuilder()`).
  public internal(set) weak var workoutSession: HKWorkoutSession?
  public var dataSource: HKLiveWorkoutDataSource?
  public weak var delegate: HKLiveWorkoutBuilderDelegate?
  public var shouldCollectWorkoutEvents = true
}

/// HealthKit's `HKWorkoutRouteBuilder`: collects locations, then saves a route for a workout.
open class HKWorkoutRouteBuilder: NSObject, @unchecked Sendable {
  var locations: [CLLocation] = []
  let device: HKDevice?

  public init(healthStore: HKHealthStore, device: HKDevice?) {
    self.device = device
    super.init()
  }

  public func insertRouteData(
    _ routeData: [CLLocation], completion: @escaping (Bool, Error?) -> Void
  ) {
    locations += routeData
    deliver { completion(true, nil) }
  }

  public func insertRouteData(_ routeData: [CLLocation]) async throws {
    locations += routeData
  }

  public func finishRoute(
    with workout: HKWorkout, metadata: [String: Any]?,
    completion: @escaping (HKWorkoutRoute?, Error?) -> Void
  ) {
    let times = locations.map(\.timestamp)
    let route = HKWorkoutRoute(
      type: .workoutRoute(), count: locations.count, start: times.min() ?? workout.startDate,
      end: times.max() ?? workout.endDate, device: device, metadata: metadata)
    let points = locations
    let error = HealthKitBinding.withStore { store -> HKError? in
      let error = HKHealthStore.save([route], in: store)
      if error == nil, let uuid = route.storeUUID {
        store.attachment(HealthKitDetails.self).routes[uuid] = points
      }
      return error
    }
    HealthKitBinding.storeDidChange()
    deliver { completion(error == nil ? route : nil, error?.nsError) }
  }

  public func discard() { locations = [] }
}

/// HealthKit's `HKWorkoutRouteQuery`: a route's locations, in one batch, then done.
open class HKWorkoutRouteQuery: HKQuery, @unchecked Sendable {
  let route: HKWorkoutRoute
  let handler: (HKWorkoutRouteQuery, [CLLocation]?, Bool, Error?) -> Void

  public init(
    route workoutRoute: HKWorkoutRoute,
    dataHandler: @escaping (HKWorkoutRouteQuery, [CLLocation]?, Bool, Error?) -> Void
  ) {
    route = workoutRoute
    handler = dataHandler
    super.init(objectType: HKSeriesType.workoutRoute(), predicate: nil)
  }

  override func run(in store: HealthStore) {
    let locations =
      route.storeUUID.flatMap { store.attachment(HealthKitDetails.self).routes[$0] } ?? []
    deliver { self.handler(self, locations, true, nil) }
  }
}
