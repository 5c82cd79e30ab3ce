import HealthKitModel
import StoreFixtures
import Testing

@testable import CKTypeRecords
@testable import HealthStore

/// The CKType a stored sample is listed under, derived from its HealthKit facts (the store keeps
/// no CKType), and the written-as names that cannot be derived.
@Suite struct CKTypeNameTests {
  static let sleep = "HKCategoryTypeIdentifierSleepAnalysis"

  @Test func eachKindIsNamedByItsType() {
    let quantity = SampleBody.quantity(MeasuredQuantity(value: 1, unit: "count"))
    #expect(CKTypeNames.name(identifier: ID.steps, body: quantity) == "steps")
    #expect(CKTypeNames.name(identifier: ID.energy, body: quantity) == "activeEnergy")
    #expect(CKTypeNames.name(identifier: ID.systolic, body: quantity) == "bloodPressure.systolic")
    #expect(
      CKTypeNames.name(identifier: "HKQuantityTypeIdentifierDietaryProtein", body: quantity)
        == "nutrition.protein")
    #expect(CKTypeNames.name(identifier: ID.workout, body: .empty) == "workout")
    // No CKType maps to it: the type's name.
    #expect(CKTypeNames.name(identifier: ID.distance, body: quantity) == "distanceWalkingRunning")
    #expect(CKTypeNames.name(identifier: "HKNoSuchType", body: quantity) == "HKNoSuchType")
  }

  @Test func aNutrientIsKeyedByItsMemberName() {
    #expect(CKTypeNames.nutrientName("HKQuantityTypeIdentifierDietaryProtein") == "protein")
    #expect(CKTypeNames.nutrientName("HKQuantityTypeIdentifierDietaryCarbohydrates") == "carbs")
    #expect(CKTypeNames.nutrientName("HKQuantityTypeIdentifierDietaryEnergyConsumed") == "energy")
    // No `nutrition.*` CKType maps to it: the type's name.
    #expect(CKTypeNames.nutrientName(ID.steps) == "steps")
    #expect(CKTypeNames.nutrientName("HKNoSuchType") == "HKNoSuchType")
  }

  @Test func aSleepSampleIsNamedByItsStage() {
    #expect(
      CKTypeNames.name(identifier: Self.sleep, body: .category(rawValue: 4)) == "sleepSession.deep")
    #expect(
      CKTypeNames.name(identifier: Self.sleep, body: .category(rawValue: 5)) == "sleepSession.rem")
    #expect(
      CKTypeNames.name(identifier: Self.sleep, body: .category(rawValue: 0)) == "sleepSession.inBed"
    )
    // asleepUnspecified has no stage CKType.
    #expect(
      CKTypeNames.name(identifier: Self.sleep, body: .category(rawValue: 1)) == "sleepSession")
  }

  @Test func onlyTheWorkoutComponentsAreAliases() {
    #expect(CKTypeNames.aliases == ["workout.energy", "workout.heartRate"])
  }

  static func energy(_ type: String, store: HealthStore) -> String? {
    store.write(
      RecordInput(
        type: type, start: t0, end: t0 + minute,
        fields: .quantity(QuantityInput(value: 300, unit: "kcal"), special: [:])))?.uuid
  }

  @Test func aSampleWrittenAsAnAliasKeepsThatName() throws {
    let store = HealthStore.granting([ID.energy])
    let alias = try #require(Self.energy("workout.energy", store: store))
    let plain = try #require(Self.energy("activeEnergy", store: store))
    let namer = CKTypeNames.namer(for: store)
    #expect(namer.name(of: try #require(store.storedSample(uuid: alias))) == "workout.energy")
    #expect(namer.name(of: try #require(store.storedSample(uuid: plain))) == "activeEnergy")
    // A read names what it asked for.
    let read = try RecordStore(store).prepareRead(ReadRequest(type: "activeEnergy"))
    #expect(
      RecordStore(store).read(read).map(read.ckType(of:)) == ["activeEnergy", "activeEnergy"])
  }

  @Test func aWrittenAsNameDoesNotOutliveItsSample() throws {
    let store = HealthStore.granting([ID.energy])
    let alias = try #require(Self.energy("workout.energy", store: store))
    store.delete([alias])
    // The counter rewound: the same uuid names a new sample, written as activeEnergy.
    store.configure(uuidSeed: 0)
    #expect(Self.energy("activeEnergy", store: store) == alias)
    let sample = try #require(store.storedSample(uuid: alias))
    #expect(CKTypeNames.namer(for: store).name(of: sample) == "activeEnergy")
  }

  @Test func aResetForgetsTheWrittenAsNames() throws {
    let store = HealthStore.granting([ID.energy])
    let alias = try #require(Self.energy("workout.energy", store: store))
    store.reset()
    store.setAuthorization(ID.energy, share: .sharingAuthorized, read: .granted)
    // Same uuid, same change-log anchor: only the reset tells them apart.
    #expect(Self.energy("activeEnergy", store: store) == alias)
    let sample = try #require(store.storedSample(uuid: alias))
    #expect(CKTypeNames.namer(for: store).name(of: sample) == "activeEnergy")
  }

  @Test func storesKeepTheirOwnNames() throws {
    let one = HealthStore.granting([ID.energy])
    let two = HealthStore.granting([ID.energy])
    let alias = try #require(Self.energy("workout.energy", store: one))
    #expect(Self.energy("activeEnergy", store: two) == alias)
    let sample = try #require(two.storedSample(uuid: alias))
    #expect(CKTypeNames.namer(for: two).name(of: sample) == "activeEnergy")
  }
}
