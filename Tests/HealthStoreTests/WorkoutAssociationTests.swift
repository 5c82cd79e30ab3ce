import HealthKitModel
import StoreFixtures
import Testing

@testable import HealthStore

/// Samples associated with a saved workout afterwards (`HKHealthStore.add(_:to:)`).
@Suite struct WorkoutAssociationTests {
  static func saveWorkout(_ store: HealthStore) -> String {
    let workout = PlannedSample(
      identifier: ID.workout, start: t0, end: t0 + 10 * minute,
      body: .workout(WorkoutSummary(activityType: "running")), metadata: [])
    return store.write(PlannedObjects(main: workout))?.main ?? ""
  }

  @Test func samplesJoinTheWorkoutWithoutAChange() throws {
    let store = HealthStore.granting([ID.steps, ID.workout])
    let workout = Self.saveWorkout(store)
    let first = store.steps(5, t0, t0 + minute)
    let second = store.steps(7, t0 + minute, t0 + 2 * minute)
    let anchor = store.changeAnchor
    try store.associate([first, second], withWorkout: workout)
    #expect(store.changeAnchor == anchor)
    #expect(store.storedSample(uuid: first)?.workout == workout)
    #expect(store.storedSample(uuid: second)?.workout == workout)
    guard case .workout(let summary)? = store.storedSample(uuid: workout)?.body else {
      Issue.record("the workout is gone")
      return
    }
    #expect(summary.associated == [first, second])
    // Once is enough: adding a sample again does not list it twice.
    try store.associate([first], withWorkout: workout)
    guard case .workout(let again)? = store.storedSample(uuid: workout)?.body else { return }
    #expect(again.associated == [first, second])
    // The sample keeps its value and place.
    #expect(store.storedSample(uuid: first)?.start == t0)
  }

  @Test func aSampleMovesFromTheWorkoutItWasWith() throws {
    let store = HealthStore.granting([ID.steps, ID.workout])
    let one = Self.saveWorkout(store)
    let other = Self.saveWorkout(store)
    let sample = store.steps(5, t0, t0 + minute)
    try store.associate([sample], withWorkout: one)
    try store.associate([sample], withWorkout: other)
    guard case .workout(let left)? = store.storedSample(uuid: one)?.body,
      case .workout(let joined)? = store.storedSample(uuid: other)?.body
    else {
      Issue.record("a workout is gone")
      return
    }
    #expect(left.associated.isEmpty)
    #expect(joined.associated == [sample])
  }

  @Test func aMissingWorkoutOrSampleRefusesTheWholeCall() {
    let store = HealthStore.granting([ID.steps, ID.workout])
    let workout = Self.saveWorkout(store)
    let sample = store.steps(5, t0, t0 + minute)
    #expect(throws: HealthError.self) { try store.associate([sample], withWorkout: sample) }
    do {
      try store.associate([sample, "no-such-uuid"], withWorkout: workout)
      Issue.record("an absent sample must be refused")
    } catch {
      #expect(error.code == .invalidArguments)
      #expect(error.field == "samples[1]")
    }
    // Nothing was linked.
    #expect(store.storedSample(uuid: sample)?.workout == nil)
    do {
      try store.associate([workout], withWorkout: workout)
      Issue.record("a workout cannot be added to a workout")
    } catch {
      #expect(error.field == "samples[0]")
    }
  }
}
