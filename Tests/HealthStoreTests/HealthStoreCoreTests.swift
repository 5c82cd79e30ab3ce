import HealthKitModel
import StoreFixtures
import Testing

@testable import HealthStore

@Suite struct HealthStoreCoreTests {
  @Test func defaultState() {
    let store = HealthStore()
    #expect(store.device == .iPhone)
    #expect(store.osVersion == OSVersion(17, 5))
    #expect(store.restricted == false)
    #expect(store.bundleId == "com.example.app")
    #expect(store.now == 1_704_067_200_000)
    #expect(store.uuidCounter == 0)
    #expect(store.promptsShown == 0)
    #expect(store.settingsOpened == 0)
    #expect(store.availability == .available)
  }

  @Test func uuidFormat() {
    #expect(HealthStore.uuid(counter: 1) == "00000000-0000-4000-8000-000000000001")
    #expect(HealthStore.uuid(counter: 0xABC) == "00000000-0000-4000-8000-000000000abc")
    #expect(HealthStore.uuid(counter: 0xFFFF_FFFF_FFFF) == "00000000-0000-4000-8000-ffffffffffff")
  }

  @Test func uuidCounterIncrementsBeforeUseAndWraps() {
    let store = HealthStore()
    store.configure(uuidSeed: 41)
    #expect(store.mintUUID() == "00000000-0000-4000-8000-00000000002a")
    store.configure(uuidSeed: HealthStore.maximumUUIDCounter - 1)
    #expect(store.mintUUID() == "00000000-0000-4000-8000-ffffffffffff")
    #expect(store.mintUUID() == "00000000-0000-4000-8000-000000000001")
  }

  @Test func availabilityByDevice() {
    #expect(
      HealthStore(device: .iPad, osVersion: OSVersion(16, 4)).availability == .unavailable)
    #expect(
      HealthStore(device: .iPad, osVersion: OSVersion(17, 0)).availability == .available)
    let store = HealthStore()
    store.configure(restricted: true)
    #expect(store.availability == .restricted)
  }

  @Test func unavailableErrorsCarryTheHealthKitCode() {
    let iPad = HealthStore(device: .iPad, osVersion: OSVersion(16, 4))
    #expect(throws: HealthError.self) { try iPad.requireAvailable() }
    do {
      try iPad.requireAvailable()
    } catch {
      #expect(error.code == .healthDataUnavailable)
      #expect(error.hkErrorCode == 1)
    }
    let restricted = HealthStore()
    restricted.configure(restricted: true)
    do {
      try restricted.requireAvailable()
      Issue.record("a restricted store must refuse")
    } catch {
      #expect(error.code == .healthDataUnavailable)
      #expect(error.hkErrorCode == 2)
    }
  }

  @Test func clockOnlyMovesForward() throws {
    let store = HealthStore()
    try store.advanceClock(by: 60_000, field: "ms")
    #expect(store.now == 1_704_067_260_000)
    #expect(throws: HealthError.self) { try store.advanceClock(by: -1, field: "ms") }
    #expect(throws: HealthError.self) { try store.advanceClock(by: Int.max, field: "ms") }
    #expect(store.now == 1_704_067_260_000)
  }

  @Test func faultsAreConsumedInOrderAndCounted() {
    let store = HealthStore()
    store.injectFault(
      InjectedFault(method: "m", error: HealthError(.readError, "first"), remaining: 1))
    store.injectFault(
      InjectedFault(method: "m", error: HealthError(.writeError, "second"), remaining: 2))
    #expect(store.consumeFault(for: "other") == nil)
    #expect(store.consumeFault(for: "m")?.summary == "first")
    #expect(store.consumeFault(for: "m")?.summary == "second")
    #expect(store.consumeFault(for: "m")?.summary == "second")
    #expect(store.consumeFault(for: "m") == nil)
  }

  @Test func resetRestoresTheStartingDevice() {
    let store = HealthStore(device: .iPad, osVersion: OSVersion(17, 2))
    store.configure(
      device: .iPhone, osVersion: OSVersion(12, 0), restricted: true, bundleId: "x", now: 1,
      uuidSeed: 9)
    store.recordSettingsOpened()
    store.reset()
    #expect(store.device == .iPad)
    #expect(store.osVersion == OSVersion(17, 2))
    #expect(store.restricted == false)
    #expect(store.bundleId == "com.example.app")
    #expect(store.now == 1_704_067_200_000)
    #expect(store.uuidCounter == 0)
    #expect(store.settingsOpened == 0)
  }
}
