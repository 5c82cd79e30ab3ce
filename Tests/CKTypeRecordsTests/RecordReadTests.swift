import HealthKitModel
import StoreFixtures
import Testing

@testable import CKTypeRecords
@testable import HealthStore

/// Sample queries (protocol/healthkit-rules.md#time and #authorization): range predicate,
/// sorting, limit, the privacy rule.
@Suite struct RecordReadTests {
  static let watch = SampleSource(bundleId: "com.apple.health.watch")

  static func store() -> HealthStore {
    let store = HealthStore.granting([ID.steps])
    store.steps(1, t0, t0 + minute)
    store.steps(2, t0 + 10 * minute, t0 + 20 * minute)
    store.steps(3, t0 + 5 * minute, t0 + 6 * minute, source: watch)
    store.steps(4, t0 + 30 * minute, t0 + 30 * minute)
    return store
  }

  static func values(_ samples: [StoredSample]) -> [Double] {
    samples.compactMap {
      if case .quantity(let amount) = $0.body { return amount.value }
      return nil
    }
  }

  @Test func newestFirstByDefaultAscendingWhenAsked() throws {
    let store = Self.store()
    let newest = try RecordStore(store).prepareRead(ReadRequest(type: "steps"))
    #expect(Self.values(RecordStore(store).read(newest)) == [4, 2, 3, 1])
    let oldest = try RecordStore(store).prepareRead(ReadRequest(type: "steps", ascending: true))
    #expect(Self.values(RecordStore(store).read(oldest)) == [1, 3, 2, 4])
  }

  @Test func aRangeTakesTheOverlappingSamplesAndALimitTheFirst() throws {
    let store = Self.store()
    let range = try RecordStore(store).prepareRead(
      ReadRequest(type: "steps", start: t0 + 15 * minute, end: t0 + 31 * minute, ascending: true))
    #expect(Self.values(RecordStore(store).read(range)) == [2, 4])
    let limited = try RecordStore(store).prepareRead(ReadRequest(type: "steps", limit: 2))
    #expect(Self.values(RecordStore(store).read(limited)) == [4, 2])
  }

  @Test func aDeniedReadShowsOnlyTheAppsOwnSamples() throws {
    let store = Self.store()
    store.setAuthorization(ID.steps, share: nil, read: .denied)
    // A decided read never changes; a fresh store models the denial.
    let denied = HealthStore()
    denied.setAuthorization(ID.steps, share: .sharingAuthorized, read: .denied)
    denied.steps(1, t0, t0 + minute)
    denied.steps(3, t0, t0 + minute, source: Self.watch)
    let read = try RecordStore(denied).prepareRead(ReadRequest(type: "steps"))
    #expect(read.query.ownSamplesOnly)
    #expect(Self.values(RecordStore(denied).read(read)) == [1])
    #expect(denied.visibleSample(uuid: uuid(2)) == nil)
  }

  @Test func anUndeterminedReadIsRefused() {
    let store = HealthStore()
    do {
      _ = try RecordStore(store).prepareRead(ReadRequest(type: "steps"))
      Issue.record("reading an undetermined type must be refused")
    } catch {
      #expect(error.code == .authorizationNotDetermined)
    }
  }

  @Test func aReadConvertsToTheRequestedUnit() throws {
    let store = HealthStore.granting([ID.energy])
    store.write(
      RecordInput(
        type: "activeEnergy", start: t0, end: t0 + minute,
        fields: .quantity(QuantityInput(value: 1, unit: "kcal"), special: [:])))
    let read = try RecordStore(store).prepareRead(ReadRequest(type: "activeEnergy", unit: "cal"))
    #expect(Self.values(RecordStore(store).read(read)) == [1000])
  }
}
