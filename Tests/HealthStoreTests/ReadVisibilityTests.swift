import HealthStore
import Testing

@Suite struct ReadVisibilityTests {
  static let steps = "HKQuantityTypeIdentifierStepCount"

  @Test func notDeterminedGrantedAndDenied() {
    let store = HealthStore()
    #expect(store.readVisibility(of: Self.steps) == nil)
    store.setAuthorization(Self.steps, share: nil, read: .granted)
    #expect(store.readVisibility(of: Self.steps) == .all)
    store.setAuthorization(Self.steps, share: nil, read: .denied)
    #expect(store.readVisibility(of: Self.steps) == .ownOnly(bundleId: store.bundleId))
  }

  @Test func aReadOfSeveralTypesSeesWhatItsMostPermissiveDecisionAllows() {
    let store = HealthStore()
    let energy = "HKQuantityTypeIdentifierDietaryEnergyConsumed"
    let types = [Self.steps, energy]
    #expect(store.readVisibility(of: types) == nil)
    store.setAuthorization(energy, share: nil, read: .denied)
    #expect(store.readVisibility(of: types) == .ownOnly(bundleId: store.bundleId))
    store.setAuthorization(Self.steps, share: nil, read: .granted)
    #expect(store.readVisibility(of: types) == .all)
    #expect(store.readVisibility(of: [energy]) == store.readVisibility(of: energy))
  }

  @Test func ownOnlyShowsTheAppsSamplesAlone() {
    let own = StoredSample(
      uuid: "a", identifier: Self.steps, start: 0, end: 1,
      body: .quantity(MeasuredQuantity(value: 1, unit: "count")), metadata: [],
      source: SampleSource(bundleId: "com.example.app"))
    var other = own
    other.source = SampleSource(bundleId: "com.other")
    let visibility = ReadVisibility.ownOnly(bundleId: "com.example.app")
    #expect(visibility.shows(own))
    #expect(!visibility.shows(other))
    #expect(ReadVisibility.all.shows(other))
  }
}
