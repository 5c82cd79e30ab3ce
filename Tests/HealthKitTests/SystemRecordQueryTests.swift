import Foundation
import HealthKit
import HealthStore
import Testing

/// Collects a query's handler calls from the handler queue.
final class Deliveries<T>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [T] = []
  func add(_ value: T) { lock.withLock { stored.append(value) } }
  var values: [T] { lock.withLock { stored } }
}

extension BoundStoreTests {
  /// Activity summaries, ECGs and clinical records the store keeps, read through HealthKit's
  /// own API.
  @Suite struct SystemRecordQueryTests {
    let t0 = 1_704_067_200_000
    let watch = SampleSource(bundleId: "com.apple.health.watch", name: "Apple Watch")

    func summaries(_ healthStore: HKHealthStore, _ predicate: NSPredicate?) async
      -> ([HKActivitySummary]?, Error?)
    {
      await withCheckedContinuation { continuation in
        healthStore.execute(
          HKActivitySummaryQuery(predicate: predicate) { _, found, error in
            continuation.resume(returning: (found, error))
          })
      }
    }

    func components(_ day: Int) -> DateComponents {
      DateComponents(
        calendar: Calendar(identifier: .gregorian), era: 1, year: 2024, month: 1, day: day)
    }

    func addECG(_ store: HealthStore) throws -> String {
      let planned = try store.plannedElectrocardiogram(
        start: t0, end: t0 + 30_000,
        reading: ElectrocardiogramReading(
          classification: 1, symptomsStatus: 1, averageHeartRate: 64, samplingFrequency: 512,
          microvolts: [120, -35.5, 240]),
        field: "records[0]")
      return try #require(store.save(PlannedObjects(main: planned), source: watch).main)
    }

    @Test func activitySummaryQueryAnswersTheDaysOfItsPredicate() async {
      await withFreshStore { store in
        store.addActivitySummaries([
          ActivitySummary(year: 2024, month: 1, day: 1, activeEnergyBurned: 300),
          ActivitySummary(
            year: 2024, month: 1, day: 2, activeEnergyBurned: 450, activeEnergyBurnedGoal: 500,
            exerciseTime: 31, standHours: 9, moveMode: 2),
          ActivitySummary(year: 2024, month: 1, day: 5),
        ])
        let healthStore = HKHealthStore()
        let (before, refusal) = await summaries(healthStore, nil)
        #expect(before == nil)
        #expect(
          (refusal as NSError?)?.code == HKError.Code.errorAuthorizationNotDetermined.rawValue)
        // HealthKit's own text (health_kit_reporter puts "\(error)" in its reply).
        #expect((refusal as NSError?)?.localizedDescription == "Authorization not determined")
        _ = await PluginCalls.authorize(
          healthStore, share: [], read: [HKObjectType.activitySummaryType()])
        let (found, error) = await summaries(
          healthStore,
          HKQuery.predicate(forActivitySummariesBetweenStart: components(2), end: components(4)))
        #expect(error == nil)
        let summary = found?.first
        #expect(found?.count == 1)
        #expect(summary?.activeEnergyBurned.doubleValue(for: .kilocalorie()) == 450)
        #expect(summary?.activeEnergyBurnedGoal.doubleValue(for: .largeCalorie()) == 500)
        #expect(summary?.appleExerciseTime.doubleValue(for: .minute()) == 31)
        #expect(summary?.appleStandHours.doubleValue(for: .count()) == 9)
        #expect(summary?.activityMoveMode == .appleMoveTime)
        let date = summary?.dateComponents(for: Calendar(identifier: .gregorian))
        #expect([date?.year, date?.month, date?.day] == [2024, 1, 2])
        let (all, _) = await summaries(healthStore, nil)
        #expect(
          all?.map { $0.activeEnergyBurned.doubleValue(for: .kilocalorie()) } == [300, 450, 0])
      }
    }

    @Test func deniedActivitySummariesAnswerNone() async {
      await withFreshStore { store in
        store.promptPolicy = PromptPolicy(read: .deny, write: .grant)
        store.addActivitySummaries([ActivitySummary(year: 2024, month: 1, day: 1)])
        let healthStore = HKHealthStore()
        _ = await PluginCalls.authorize(
          healthStore, share: [], read: [HKObjectType.activitySummaryType()])
        let (found, error) = await summaries(healthStore, nil)
        #expect(error == nil)
        #expect(found?.isEmpty == true)
      }
    }

    @Test func anActivitySummaryUpdateHandlerHearsAddedSummaries() async throws {
      try await withFreshStore { store in
        store.setAuthorization(HealthStore.activitySummaryIdentifier, share: nil, read: .granted)
        let healthStore = HKHealthStore()
        let updates = Deliveries<Int>()
        let query = HKActivitySummaryQuery(predicate: nil) { _, _, _ in }
        query.updateHandler = { _, found, _ in updates.add(found?.count ?? -1) }
        healthStore.execute(query)
        HealthKitBinding.withStore {
          $0.addActivitySummaries([ActivitySummary(year: 2024, month: 1, day: 1)])
        }
        HealthKitBinding.storeDidChange()
        for _ in 0..<200 where updates.values.isEmpty {
          try await Task.sleep(for: .milliseconds(5))
        }
        #expect(updates.values == [1])
        healthStore.stop(query)
      }
    }

    @Test func anECGReadsBackWithItsPropertiesAndItsVoltagesInOrderThenDone() async throws {
      try await withFreshStore { store in
        _ = try addECG(store)
        let healthStore = HKHealthStore()
        let type = HKObjectType.electrocardiogramType()
        _ = await PluginCalls.authorize(healthStore, share: [], read: [type])
        let (found, error, _) = await PluginCalls.samples(healthStore, type)
        #expect(error == nil)
        let ecg = try #require(found?.first as? HKElectrocardiogram)
        #expect(ecg.classification == .sinusRhythm)
        #expect(ecg.symptomsStatus == .none)
        #expect(ecg.numberOfVoltageMeasurements == 3)
        #expect(ecg.samplingFrequency?.doubleValue(for: .hertz()) == 512)
        #expect(
          ecg.averageHeartRate?.doubleValue(for: HKUnit.count().unitDivided(by: .minute())) == 64)
        #expect(ecg.sourceRevision.source.bundleIdentifier == "com.apple.health.watch")
        let results = await withCheckedContinuation { continuation in
          let seen = Deliveries<(Double, Double)?>()
          healthStore.execute(
            HKElectrocardiogramQuery(ecg) { _, result in
              switch result {
              case .measurement(let measurement):
                let volts = measurement.quantity(for: .appleWatchSimilarToLeadI)?
                  .doubleValue(for: .volt())
                seen.add((measurement.timeSinceSampleStart, volts ?? .nan))
              case .done:
                seen.add(nil)
                continuation.resume(returning: seen.values)
              case .error:
                continuation.resume(returning: seen.values)
              }
            })
        }
        // The measurements in order, 1/512 s apart, in volts; then `.done` (nil).
        #expect(results.count == 4)
        #expect(results.last.map { $0 == nil } == true)
        let expected: [(Double, Double)] = [
          (0, 120e-6), (1.0 / 512, -35.5e-6), (2.0 / 512, 240e-6),
        ]
        for (found, want) in zip(results.compactMap { $0 }, expected) {
          #expect(found.0 == want.0)
          #expect(abs(found.1 - want.1) < 1e-12)
        }
      }
    }

    @Test func deniedECGsAnswerNoneAndTheirVoltagesOnlyDone() async throws {
      try await withFreshStore { store in
        _ = try addECG(store)
        store.promptPolicy = PromptPolicy(read: .deny, write: .grant)
        let healthStore = HKHealthStore()
        let type = HKObjectType.electrocardiogramType()
        _ = await PluginCalls.authorize(healthStore, share: [], read: [type])
        let (found, error, _) = await PluginCalls.samples(healthStore, type)
        #expect(error == nil)
        #expect(found?.isEmpty == true)
      }
    }

    @Test func clinicalRecordsReadBackWithTheirFHIRResource() async throws {
      try await withFreshStore { store in
        let identifier = HKClinicalTypeIdentifier.allergyRecord.rawValue
        let planned = try store.plannedClinicalRecord(
          identifier: identifier, start: t0, end: nil,
          content: ClinicalRecordContent(
            displayName: "Penicillin",
            fhirResource: FHIRResourceContent(
              resourceType: "AllergyIntolerance", identifier: "a1", data: Array("{}".utf8),
              sourceURL: "https://fhir.example.org/a1", fhirVersion: "1.0.2")),
          field: "records[0]")
        store.save(
          PlannedObjects(main: planned), source: SampleSource(bundleId: "com.apple.Health"))
        let healthStore = HKHealthStore()
        let type = try #require(HKObjectType.clinicalType(forIdentifier: .allergyRecord))
        _ = await PluginCalls.authorize(healthStore, share: [], read: [type])
        let (found, error, _) = await PluginCalls.samples(healthStore, type)
        #expect(error == nil)
        let record = try #require(found?.first as? HKClinicalRecord)
        #expect(record.displayName == "Penicillin")
        #expect(record.clinicalType.identifier == identifier)
        #expect(record.fhirResource?.resourceType.rawValue == "AllergyIntolerance")
        #expect(record.fhirResource?.identifier == "a1")
        #expect(record.fhirResource?.data == Data("{}".utf8))
        #expect(record.fhirResource?.sourceURL?.absoluteString == "https://fhir.example.org/a1")
        #expect(record.fhirResource?.fhirVersion.stringRepresentation == "1.0.2")
      }
    }
  }
}
