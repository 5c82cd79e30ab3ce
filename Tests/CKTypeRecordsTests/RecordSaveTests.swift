import HealthKitModel
import StoreFixtures
import Testing

@testable import CKTypeRecords
@testable import HealthStore

/// Saving (protocol/healthkit-rules.md, protocol/errors.md#which-check-fails-first): checked
/// whole before anything changes, then committed by the store, the only writer of samples.
@Suite struct RecordSaveTests {
  static func steps(_ value: Double, unit: String = "count") -> RecordInput {
    RecordInput(
      type: "steps", start: t0, end: t0 + minute,
      fields: .quantity(QuantityInput(value: value, unit: unit), special: [:]))
  }

  @Test func anAppSaveNeedsShareAuthorizationAndChangesNothingWhenRefused() {
    let store = HealthStore()
    do {
      _ = try RecordStore(store).prepareRecord(Self.steps(10), mode: .app)
      Issue.record("saving an undetermined type must be refused")
    } catch {
      #expect(error.code == .authorizationNotDetermined)
      #expect(error.hkErrorCode == HKErrorCode.authorizationNotDetermined)
    }
    store.setAuthorization(ID.steps, share: .sharingDenied, read: nil)
    do {
      _ = try RecordStore(store).prepareRecord(Self.steps(10), mode: .app)
      Issue.record("saving a denied type must be refused")
    } catch {
      #expect(error.code == .authorizationDenied)
    }
    #expect(store.storedSampleCount == 0 && store.uuidCounter == 0 && store.changeAnchor == 0)
  }

  @Test func aFoodKeepsItsNutrientsByHealthKitIdentifier() throws {
    let protein = "HKQuantityTypeIdentifierDietaryProtein"
    let carbs = "HKQuantityTypeIdentifierDietaryCarbohydrates"
    let store = HealthStore.granting(["HKCorrelationTypeIdentifierFood", protein, carbs])
    // Member names with and without the `nutrition.` prefix name the same types.
    let written = try #require(
      store.write(
        RecordInput(
          type: "nutrition", start: t0, end: t0 + minute,
          fields: .nutrition(
            name: nil,
            nutrients: [
              NutrientInput(name: "nutrition.protein", amount: QuantityInput(value: 20, unit: "g")),
              NutrientInput(name: "carbs", amount: QuantityInput(value: 50, unit: "g")),
            ]))))
    let food = try #require(store.storedSample(uuid: written.uuid))
    guard case .food(let nutrients) = food.body else {
      Issue.record("not a food: \(food.body)")
      return
    }
    #expect(nutrients.map(\.identifier) == [protein, carbs])
    #expect(nutrients.map(\.amount.value) == [20, 50])
    // The keys read back as written, kept beside the store; the store holds identifiers only.
    #expect(CKTypeNames.nutrientKeys(of: food, in: store) == ["nutrition.protein", "carbs"])
    // A food written by its short names needs nothing kept beside the store.
    let plain = try #require(
      store.write(
        RecordInput(
          type: "nutrition", start: t0, end: t0 + minute,
          fields: .nutrition(
            name: nil,
            nutrients: [NutrientInput(name: "carbs", amount: QuantityInput(value: 5, unit: "g"))])))
    )
    let plainFood = try #require(store.storedSample(uuid: plain.uuid))
    #expect(CKTypeNames.nutrientKeys(of: plainFood, in: store) == ["carbs"])
    #expect(store.existingAttachment(WrittenAsNames.self)?.entries[plain.uuid] == nil)
    // After a reset the same uuid is another food: its keys are derived again.
    store.reset()
    #expect(CKTypeNames.nutrientKeys(of: food, in: store) == ["protein", "carbs"])
  }

  @Test func fieldValuesAreCheckedBeforeAuthorization() {
    let store = HealthStore()
    do {
      _ = try RecordStore(store).prepareRecord(Self.steps(10, unit: "kg"), mode: .app)
      Issue.record("a unit of another dimension must be refused")
    } catch {
      #expect(error.code == .invalidArguments)
      #expect(error.field == "unit")
    }
  }

  @Test func anotherSourceNeedsNoAuthorization() throws {
    let store = HealthStore()
    let watch = SampleSource(bundleId: "com.apple.health.watch", name: "Watch")
    let prepared = try RecordStore(store).prepareRecord(Self.steps(10), mode: .external)
    let written = RecordStore(store).commitRecord(prepared, source: watch)
    // The source's own uuid stream (protocol/state.md), not the app's.
    let first = HealthStore.uuid(
      counter: 1, prefix: HealthStore.uuidPrefix(source: "com.apple.health.watch"))
    #expect(written.uuid == first)
    #expect(!first.hasPrefix("00000000-0000-"))
    #expect(written.identifier == ID.steps)
    #expect(written.members == nil)
    #expect(store.storedSample(uuid: first)?.source == watch)
  }

  @Test func aCommitIsOneChangePerSampleInTheLog() throws {
    let store = HealthStore.granting([ID.steps, ID.systolic, ID.diastolic])
    store.write(Self.steps(10))
    store.bloodPressure(120, 80, at: t0)
    #expect(store.changeAnchor == 4)
    #expect(store.samplesInWriteOrder.map(\.sequence) == [1, 2, 3, 4])
  }

  @Test func theAppsSourceCarriesItsBundleIdAndName() {
    let store = HealthStore.granting([ID.steps])
    store.configure(bundleId: "com.gymtrack", appName: "GymTrack")
    store.write(Self.steps(10))
    #expect(
      store.storedSample(uuid: uuid(1))?.source
        == SampleSource(bundleId: "com.gymtrack", name: "GymTrack"))
  }

  @Test func aSampleOfAnotherProfileIsListedUnderItsTypesCKType() throws {
    // How the health profile saves: planned HealthKit objects, saved as the app.
    let store = HealthStore()
    let body = SampleBody.category(rawValue: 0)
    let planned = PlannedSample(
      identifier: "HKCategoryTypeIdentifierMindfulSession", start: t0, end: t0 + minute,
      body: body, metadata: [])
    store.save(PlannedObjects(main: planned), source: store.appSource)
    let sample = try #require(store.storedSample(uuid: uuid(1)))
    #expect(CKTypeNames.namer(for: store).name(of: sample) == "mindfulSession")
  }
}
