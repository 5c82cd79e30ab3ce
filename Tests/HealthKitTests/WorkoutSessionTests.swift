import Foundation
import HealthKit
import HealthKitModel
import HealthStore
import Testing

/// Records what a workout session tells its delegate.
final class SessionWatcher: HKWorkoutSessionDelegate, @unchecked Sendable {
  let lock = NSLock()
  let told = DispatchSemaphore(value: 0)
  private var changes: [(HKWorkoutSessionState, HKWorkoutSessionState)] = []
  private var failures: [Int] = []

  var states: [(from: HKWorkoutSessionState, to: HKWorkoutSessionState)] {
    lock.withLock { changes.map { (from: $0.0, to: $0.1) } }
  }
  var failureCodes: [Int] { lock.withLock { failures } }

  func workoutSession(
    _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
    from fromState: HKWorkoutSessionState, date: Date
  ) {
    lock.withLock { changes.append((fromState, toState)) }
    told.signal()
  }

  func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: Error) {
    lock.withLock { failures.append((error as NSError).code) }
    told.signal()
  }

  /// Waits for `count` more calls of the delegate.
  func wait(_ count: Int) {
    for _ in 0..<count { _ = told.wait(timeout: .now() + 5) }
  }
}

extension BoundStoreTests {
  /// `HKWorkoutSession` on iPhone (iOS 17): states, one live session at a time, its builder.
  @Suite struct WorkoutSessionTests {
    let workouts = HKObjectType.workoutType()
    let energy = HKQuantityType(.activeEnergyBurned)

    func configuration() -> HKWorkoutConfiguration {
      let configuration = HKWorkoutConfiguration()
      configuration.activityType = .running
      configuration.locationType = .outdoor
      return configuration
    }

    @Test func aSessionRunsOneAtATimeAndItsBuilderSavesTheWorkout() async throws {
      try await withFreshStore { store in
        let healthStore = HKHealthStore()
        _ = await PluginCalls.authorize(
          healthStore, share: [workouts, energy], read: [workouts, energy])
        let session = try HKWorkoutSession(
          healthStore: healthStore, configuration: configuration())
        let watcher = SessionWatcher()
        session.delegate = watcher
        session.prepare()
        let start = Date(timeIntervalSince1970: 1_704_067_200)
        session.startActivity(with: start)
        watcher.wait(2)
        #expect(watcher.states.map(\.to) == [.prepared, .running])
        #expect(session.state == .running)
        #expect(store.snapshotLiveSession != nil)
        // A second live session is refused while the first runs (HealthKit's code 8).
        let second = try HKWorkoutSession(healthStore: healthStore, configuration: configuration())
        let secondWatcher = SessionWatcher()
        second.delegate = secondWatcher
        second.startActivity(with: start)
        secondWatcher.wait(1)
        #expect(secondWatcher.failureCodes == [8])
        #expect(second.state == .notStarted)

        let builder = session.associatedWorkoutBuilder()
        #expect(builder === session.associatedWorkoutBuilder())
        #expect(builder.workoutSession === session)
        try await builder.beginCollection(at: start)
        try await builder.addSamples([
          HKQuantitySample(
            type: energy, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 120),
            start: start, end: start.addingTimeInterval(600))
        ])
        session.stopActivity(with: start.addingTimeInterval(600))
        try await builder.endCollection(at: start.addingTimeInterval(600))
        session.end()
        watcher.wait(2)
        #expect(watcher.states.map(\.to) == [.prepared, .running, .stopped, .ended])
        #expect(store.snapshotLiveSession == nil)
        let workout = try await builder.finishWorkout()
        #expect(workout?.totalEnergyBurned?.doubleValue(for: .kilocalorie()) == 120)
        let (saved, _, _) = await PluginCalls.samples(healthStore, workouts)
        #expect((saved?.first as? HKWorkout)?.workoutActivityType == .running)
        // Once the first ended, another may start.
        second.startActivity(with: start)
        secondWatcher.wait(1)
        #expect(second.state == .running)
        second.end()
      }
    }

    @Test func beforeIOS17ThereIsNoSessionOnIPhone() async {
      await withFreshStore { store in
        store.configure(osVersion: OSVersion(16, 4))
        do {
          _ = try HKWorkoutSession(healthStore: HKHealthStore(), configuration: configuration())
          Issue.record("iOS 16 has no HKWorkoutSession on iPhone")
        } catch {
          #expect((error as NSError).code == HKError.Code.errorInvalidArgument.rawValue)
        }
      }
    }

    @Test func startingBeforeWorkoutsMayBeSharedFailsWithCode5() async throws {
      try await withFreshStore { _ in
        let session = try HKWorkoutSession(
          healthStore: HKHealthStore(), configuration: configuration())
        let watcher = SessionWatcher()
        session.delegate = watcher
        session.startActivity(with: nil)
        watcher.wait(1)
        #expect(watcher.failureCodes == [5])
        #expect(session.state == .notStarted)
      }
    }
  }
}

extension HealthStore {
  /// The live session the store counts as running, if any.
  fileprivate var snapshotLiveSession: WorkoutSession? {
    workoutSessionsInProgress.first { $0.live }
  }
}
