import HealthKitModel
import StoreFixtures
import Testing

@testable import HealthStore

/// The store's save (protocol/healthkit-rules.md): HealthKit's share check by identifier, then
/// planned objects saved whole, uuids minted members first, then the main object, then a
/// workout's associated samples, each insert one change in the log.
@Suite struct SaveTests {
  static func sample(_ identifier: String, _ body: SampleBody) -> PlannedSample {
    PlannedSample(identifier: identifier, start: t0, end: t0 + minute, body: body, metadata: [])
  }

  static let steps = sample(ID.steps, .quantity(MeasuredQuantity(value: 10, unit: "count")))

  @Test func theShareCheckNamesTheFirstTypeNotAuthorized() {
    let store = HealthStore.granting([ID.systolic])
    store.setAuthorization(ID.steps, share: .sharingDenied, read: nil)
    let types = [
      SharedType(name: "systolic", identifier: ID.systolic),
      SharedType(name: "diastolic", identifier: ID.diastolic),
      SharedType(name: "steps", identifier: ID.steps),
    ]
    do {
      try store.checkSharing(types, action: "saving")
      Issue.record("an undetermined type must be refused")
    } catch {
      #expect(error.code == .authorizationNotDetermined)
      #expect(error.type == "diastolic")
      #expect(error.hkErrorCode == HKErrorCode.authorizationNotDetermined)
    }
    do {
      try store.checkSharing([types[0], types[2]], action: "saving")
      Issue.record("a denied type must be refused")
    } catch {
      #expect(error.code == .authorizationDenied)
      #expect(error.type == "steps")
    }
    #expect(store.storedSampleCount == 0 && store.uuidCounter == 0)
  }

  @Test func aSaveMintsMembersThenTheMainObjectThenTheAssociated() {
    let store = HealthStore()
    let workout = Self.sample(ID.workout, .workout(WorkoutSummary(activityType: "running")))
    let energy = Self.sample(ID.energy, .quantity(MeasuredQuantity(value: 5, unit: "kcal")))
    let saved = store.save(
      PlannedObjects(main: workout, associated: [energy, energy]), source: store.appSource)
    #expect(saved == SavedObjects(members: [], main: uuid(1), associated: [uuid(2), uuid(3)]))
    guard case .workout(let summary) = store.storedSample(uuid: uuid(1))?.body else {
      Issue.record("no workout")
      return
    }
    #expect(summary.associated == [uuid(2), uuid(3)])
    #expect(store.samplesInWriteOrder.map(\.workout) == [nil, uuid(1), uuid(1)])
    #expect(store.changeAnchor == 3)
  }

  @Test func membersWithoutAContainerAreSavedTogether() {
    let store = HealthStore()
    let saved = store.save(
      PlannedObjects(members: [Self.steps, Self.steps], main: nil), source: store.appSource)
    #expect(saved == SavedObjects(members: [uuid(1), uuid(2)], main: nil, associated: []))
    #expect(store.samplesInWriteOrder.map(\.container) == [nil, nil])
  }

  @Test func anotherSourceSavesInItsOwnUUIDStream() {
    let store = HealthStore()
    let watch = SampleSource(bundleId: "com.apple.health.watch")
    let saved = store.save(PlannedObjects(main: Self.steps), source: watch)
    #expect(saved.main?.hasPrefix("00000000-0000-") == false)
    #expect(store.uuidCounter == 0)
    #expect(store.storedSample(uuid: saved.main ?? "")?.source == watch)
  }
}
