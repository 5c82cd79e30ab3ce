import HealthKitModel
import StoreFixtures
import Testing

@testable import HealthStore

/// The change log (protocol/healthkit-rules.md#change-log): every insert and delete takes the
/// next anchor; what was added and deleted for a type is readable since any anchor.
@Suite struct ChangeLogTests {
  @Test func anEmptyStoreIsAtAnchorZero() {
    let store = HealthStore()
    #expect(store.changeAnchor == 0)
    let changes = store.samples.changes(of: ID.steps, since: 0)
    #expect(changes.added.isEmpty && changes.deleted.isEmpty && changes.anchor == 0)
  }

  @Test func insertsAndDeletesEachTakeTheNextAnchor() {
    let store = HealthStore.granting([ID.steps, ID.systolic, ID.diastolic])
    let a = store.steps(1, t0, t0 + minute)
    #expect(store.changeAnchor == 1)
    store.bloodPressure(120, 80, at: t0)
    #expect(store.changeAnchor == 4)
    store.delete([a])
    #expect(store.changeAnchor == 5)
    #expect(
      store.samples.changes(of: ID.steps, since: 0).deleted == [
        DeletedSample(uuid: a, anchor: 5, source: "com.example.app")
      ])
  }

  @Test func changesSinceAnAnchorArePerType() {
    let store = HealthStore.granting([ID.steps, ID.systolic, ID.diastolic])
    let a = store.steps(1, t0 + 5 * minute, t0 + 6 * minute)
    let b = store.steps(2, t0, t0 + minute)
    let first = store.samples.changes(of: ID.steps, since: 0)
    #expect(first.added.map(\.uuid) == [a, b])
    #expect(first.anchor == 2)
    store.bloodPressure(120, 80, at: t0)
    let c = store.steps(3, t0, t0 + minute)
    store.delete([a])
    let next = store.samples.changes(of: ID.steps, since: first.anchor)
    #expect(next.added.map(\.uuid) == [c])
    #expect(next.deleted.map(\.uuid) == [a])
    #expect(next.anchor == 7)
    #expect(store.samples.changes(of: ID.steps, since: next.anchor).added.isEmpty)
    #expect(store.samples.changes(of: ID.systolic, since: first.anchor).added.count == 1)
  }

  @Test func aSampleAddedAndDeletedSinceIsOnlyDeleted() {
    let store = HealthStore.granting([ID.steps])
    let a = store.steps(1, t0, t0 + minute)
    store.delete([a])
    let changes = store.samples.changes(of: ID.steps, since: 0)
    #expect(changes.added.isEmpty)
    #expect(changes.deleted.map(\.uuid) == [a])
  }

  @Test func aCorrelationsDeleteLogsEveryPart() {
    let store = HealthStore.granting([ID.systolic, ID.diastolic])
    store.bloodPressure(120, 80, at: t0)
    store.delete([uuid(1)])
    #expect(store.samples.changes(of: ID.systolic, since: 3).deleted.map(\.uuid) == [uuid(1)])
    #expect(store.samples.changes(of: ID.diastolic, since: 3).deleted.map(\.uuid) == [uuid(2)])
    #expect(
      store.samples.changes(of: ID.bloodPressure, since: 3).deleted.map(\.uuid) == [uuid(3)])
    #expect(store.changeAnchor == 6)
  }

  @Test func aWorkoutsSamplesAreLoggedUnderTheirTypes() {
    let store = HealthStore.granting([ID.workout, ID.energy])
    let kcal = MeasuredQuantity(value: 5, unit: "kcal")
    let workout = PlannedSample(
      identifier: ID.workout, start: t0, end: t0 + minute,
      body: .workout(
        WorkoutSummary(
          activityType: "running", energy: kcal,
          series: [
            WorkoutSeries(
              identifier: ID.energy,
              values: [TimedQuantity(amount: kcal, time: t0 + minute)])
          ])), metadata: [])
    let energy = PlannedSample(
      identifier: ID.energy, start: t0, end: t0 + minute, body: .quantity(kcal), metadata: [])
    store.write(PlannedObjects(main: workout, associated: [energy]))
    #expect(store.samples.changes(of: ID.workout, since: 0).added.map(\.uuid) == [uuid(1)])
    #expect(store.samples.changes(of: ID.energy, since: 0).added.map(\.uuid) == [uuid(2)])
  }
}
