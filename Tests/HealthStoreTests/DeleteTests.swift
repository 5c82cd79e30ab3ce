import HealthKitModel
import StoreFixtures
import Testing

@testable import HealthStore

/// Deleting (protocol/healthkit-rules.md#deleting): by object, by predicate, correlations whole,
/// workouts and their associated samples.
@Suite struct DeleteTests {
  static func store() -> HealthStore {
    HealthStore.granting([ID.systolic, ID.diastolic, ID.steps])
  }

  @Test func aCorrelationIsSavedMembersFirstThenTheContainer() throws {
    let store = Self.store()
    let written = try #require(store.bloodPressure(121, 79, at: t0))
    #expect(written.members == [uuid(1), uuid(2)])
    #expect(written.main == uuid(3))
    let container = try #require(store.storedSample(uuid: uuid(3)))
    #expect(container.members == [uuid(1), uuid(2)])
    #expect(store.storedSample(uuid: uuid(1))?.container == uuid(3))
    #expect(store.storedSample(uuid: uuid(2))?.container == uuid(3))
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func deletingAnyPartDeletesTheWholeCorrelation(part: UInt64) throws {
    let store = Self.store()
    store.bloodPressure(121, 79, at: t0)
    let other = store.steps(100, t0, t0 + minute)
    #expect(try store.prepareDelete([uuid(part)]) == [uuid(part)])
    store.delete([uuid(part)])
    #expect(store.uuids == [other])
  }

  @Test func deletingAMemberNeedsShareForEveryMemberType() {
    let store = Self.store()
    store.bloodPressure(121, 79, at: t0)
    store.setAuthorization(ID.diastolic, share: .sharingDenied, read: nil)
    #expect(
      store.deleteIdentifiers(store.storedSample(uuid: uuid(1))!) == [ID.systolic, ID.diastolic])
    do {
      _ = try store.prepareDelete([uuid(1)])
      Issue.record("deleting the systolic member needs the diastolic share too")
    } catch {
      #expect(error.code == .authorizationDenied)
    }
    #expect(store.storedSampleCount == 3)
  }

  @Test func deleteByPredicateTakesTheMatchingSamplesOnly() {
    let store = Self.store()
    let early = store.steps(10, t0, t0 + minute)
    let inside = store.steps(20, t0 + 10 * minute, t0 + 11 * minute)
    let watch = SampleSource(bundleId: "com.apple.health.watch")
    let other = store.steps(30, t0 + 10 * minute, t0 + 12 * minute, source: watch)
    let matching = store.samples.query(
      identifier: ID.steps, start: t0 + 5 * minute, end: t0 + 20 * minute, ascending: true,
      limit: nil
    ) { $0.source == store.appSource }
    #expect(matching.map(\.uuid) == [inside])
    #expect(store.delete(matching.map(\.uuid)) == 1)
    #expect(store.uuids == [early, other])
  }

  @Test func deletingAnUnknownUUIDIsNotFoundAndChangesNothing() {
    let store = Self.store()
    let kept = store.steps(10, t0, t0 + minute)
    do {
      _ = try store.prepareDelete([kept, uuid(99)])
      Issue.record("an unknown uuid must refuse the whole delete")
    } catch {
      #expect(error.code == .notFound)
      #expect(error.field == "uuids[1]")
    }
    #expect(store.uuids == [kept])
  }

  @Test func anotherSourcesSampleIsNotTheAppsToDelete() {
    let store = Self.store()
    let watch = SampleSource(bundleId: "com.apple.health.watch")
    let theirs = store.steps(10, t0, t0 + minute, source: watch)
    do {
      _ = try store.prepareDelete([theirs])
      Issue.record("an app deletes only its own samples")
    } catch {
      #expect(error.code == .authorizationDenied)
      #expect(error.hkErrorCode == HKErrorCode.authorizationDenied)
    }
  }
}
