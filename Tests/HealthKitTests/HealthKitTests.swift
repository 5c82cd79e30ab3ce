import Foundation
import HealthKit
import HealthStore
import Testing

/// Every suite that binds the process's one store, one after the other (the binding is global).
@Suite(.serialized) enum BoundStoreTests {}

/// Runs `body` with a fresh store bound as the process's HealthKit.
func withFreshStore<T>(_ body: (HealthStore) async throws -> T) async rethrows -> T {
  let store = HealthStore()
  HealthKitBinding.bind(store)
  return try await body(store)
}

/// A plugin's typical calls, as a plugin author writes them, each awaited.
enum PluginCalls {
  static func authorize(
    _ healthStore: HKHealthStore, share: Set<HKSampleType>, read: Set<HKObjectType>
  )
    async -> (Bool, Error?)
  {
    await withCheckedContinuation { continuation in
      healthStore.requestAuthorization(toShare: share, read: read) { ok, error in
        continuation.resume(returning: (ok, error))
      }
    }
  }

  static func save(_ healthStore: HKHealthStore, _ object: HKObject) async -> (Bool, Error?) {
    await withCheckedContinuation { continuation in
      healthStore.save(object) { ok, error in continuation.resume(returning: (ok, error)) }
    }
  }

  /// Saves `value` steps in the minute from `at` (2024-01-01 00:00 UTC unless given).
  static func saveSteps(
    _ healthStore: HKHealthStore, _ value: Double,
    at: Date = Date(timeIntervalSince1970: 1_704_067_200)
  ) async {
    _ = await save(
      healthStore,
      HKQuantitySample(
        type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: value),
        start: at, end: at.addingTimeInterval(60)))
  }

  /// Saves steps as another app (`com.other.app`), straight into the store.
  static func othersSaveSteps(_ store: HealthStore, _ value: Double, start: Int, end: Int) {
    store.save(
      PlannedObjects(
        main: PlannedSample(
          identifier: HKQuantityTypeIdentifier.stepCount.rawValue, start: start, end: end,
          body: .quantity(MeasuredQuantity(value: value, unit: "count")), metadata: [])),
      source: SampleSource(bundleId: "com.other.app"))
  }

  static func samples(
    _ healthStore: HKHealthStore, _ type: HKSampleType, predicate: NSPredicate? = nil,
    limit: Int = HKObjectQueryNoLimit, sort: [NSSortDescriptor]? = nil
  ) async -> ([HKSample]?, Error?, Bool) {
    await withCheckedContinuation { continuation in
      let query = HKSampleQuery(
        sampleType: type, predicate: predicate, limit: limit, sortDescriptors: sort
      ) { _, samples, error in
        continuation.resume(returning: (samples, error, Thread.isMainThread))
      }
      healthStore.execute(query)
    }
  }
}

extension BoundStoreTests {
  @Suite struct HealthKitTests {
    let steps = HKQuantityType.quantityType(forIdentifier: .stepCount)!
    let start = Date(timeIntervalSince1970: 1_704_067_200)

    @Test func rawValuesAreHealthKits() {
      #expect(HKAuthorizationStatus.sharingAuthorized.rawValue == 2)
      #expect(HKBiologicalSex.other.rawValue == 3)
      #expect(HKCategoryValueSleepAnalysis.asleepREM.rawValue == 5)
      #expect(HKWorkoutActivityType.running.rawValue == 37)
      #expect(HKWorkoutActivityType.other.rawValue == 3000)
      #expect(HKStatisticsOptions.cumulativeSum.rawValue == 16)
      #expect(HKQueryOptions.strictEndDate.rawValue == 2)
      #expect(HKError.Code.errorAuthorizationNotDetermined.rawValue == 5)
      #expect(HKQuantityTypeIdentifier.stepCount.rawValue == "HKQuantityTypeIdentifierStepCount")
      #expect(HKMetadataKeyWasUserEntered == "HKWasUserEntered")
    }

    @Test func unitsConvertAndCompose() {
      let pounds = HKQuantity(unit: .pound(), doubleValue: 150)
      #expect(abs(pounds.doubleValue(for: .gramUnit(with: .kilo)) - 68.0388555) < 1e-9)
      #expect(pounds.is(compatibleWith: .gram()))
      #expect(!pounds.is(compatibleWith: .meter()))
      #expect(HKUnit.count().unitDivided(by: .minute()).unitString == "count/min")
      #expect(HKUnit(from: "mg/dL") == HKUnit(from: "mg/dL"))
      // The empty string is the dimensionless unit (the health plugin's "no unit").
      let none = HKUnit(from: "")
      #expect(none.unitString == "")
      #expect(HKQuantity(unit: none, doubleValue: 3).doubleValue(for: .count()) == 3)
      let celsius = HKQuantity(unit: .degreeCelsius(), doubleValue: 100)
      #expect(abs(celsius.doubleValue(for: .degreeFahrenheit()) - 212) < 1e-9)
    }

    @Test func typeFactoriesKnowTheirClass() {
      #expect(
        HKObjectType.quantityType(forIdentifier: .stepCount)?.identifier
          == "HKQuantityTypeIdentifierStepCount")
      #expect(
        HKObjectType.quantityType(
          forIdentifier: HKQuantityTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSleepAnalysis")
        )
          == nil)
      #expect(HKObjectType.workoutType() == HKWorkoutType.workoutType())
      #expect(HKQuantityType(.heartRate).aggregationStyle == .discreteArithmetic)
    }

    @Test func savedSampleReadsBackWithDeviceOnABackgroundQueue() async {
      await withFreshStore { store in
        let healthStore = HKHealthStore()
        let (granted, _) = await PluginCalls.authorize(healthStore, share: [steps], read: [steps])
        #expect(granted)
        let device = HKDevice(
          name: "Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "7",
          firmwareVersion: nil, softwareVersion: "10.0", localIdentifier: nil,
          udiDeviceIdentifier: nil)
        let sample = HKQuantitySample(
          type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 42), start: start,
          end: start.addingTimeInterval(60), device: device,
          metadata: [HKMetadataKeyWasUserEntered: true])
        let (saved, error) = await PluginCalls.save(healthStore, sample)
        #expect(saved && error == nil)
        #expect(sample.uuid.uuidString == "00000000-0000-4000-8000-000000000001")
        #expect(
          store.storedSample(uuid: "00000000-0000-4000-8000-000000000001")?.device?.name == "Watch")
        let (found, readError, onMain) = await PluginCalls.samples(healthStore, steps)
        #expect(readError == nil && !onMain)
        let read = found?.first as? HKQuantitySample
        #expect(read?.quantity.doubleValue(for: .count()) == 42)
        #expect(read?.device == device)
        #expect(read?.metadata?[HKMetadataKeyWasUserEntered] as? Bool == true)
      }
    }

    @Test func deniedReadAnswersAsNoDataAndStatusRevealsShareOnly() async {
      await withFreshStore { store in
        store.promptPolicy = PromptPolicy(read: .deny, write: .grant)
        store.save(
          PlannedObjects(
            main: PlannedSample(
              identifier: steps.identifier, start: 0, end: 1000,
              body: .quantity(MeasuredQuantity(value: 5, unit: "count")), metadata: [])),
          source: SampleSource(bundleId: "com.other.app"))
        let healthStore = HKHealthStore()
        _ = await PluginCalls.authorize(healthStore, share: [steps], read: [steps])
        #expect(healthStore.authorizationStatus(for: steps) == .sharingAuthorized)
        let (found, error, _) = await PluginCalls.samples(healthStore, steps)
        #expect(error == nil)
        #expect(found?.isEmpty == true)
      }
    }

    @Test func undeterminedReadFailsWithHealthKitsCode() async {
      await withFreshStore { _ in
        let (found, error, _) = await PluginCalls.samples(HKHealthStore(), steps)
        #expect(found == nil)
        let nsError = error as NSError?
        #expect(nsError?.domain == HKErrorDomain)
        #expect(nsError?.code == HKError.Code.errorAuthorizationNotDetermined.rawValue)
      }
    }

    @Test func predicatesAndSortDescriptorsShapeTheAnswer() async {
      await withFreshStore { _ in
        let healthStore = HKHealthStore()
        _ = await PluginCalls.authorize(healthStore, share: [steps], read: [steps])
        for minute in 0..<3 {
          let at = start.addingTimeInterval(Double(minute) * 60)
          _ = await PluginCalls.save(
            healthStore,
            HKQuantitySample(
              type: steps, quantity: HKQuantity(unit: .count(), doubleValue: Double(minute)),
              start: at, end: at.addingTimeInterval(30)))
        }
        let window = HKQuery.predicateForSamples(
          withStart: start.addingTimeInterval(60), end: nil, options: .strictStartDate)
        let manual = NSPredicate(format: "metadata.%K != YES", HKMetadataKeyWasUserEntered)
        let (found, _, _) = await PluginCalls.samples(
          healthStore, steps,
          predicate: NSCompoundPredicate(andPredicateWithSubpredicates: [window, manual]),
          sort: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)])
        let values = (found ?? []).compactMap {
          ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .count())
        }
        #expect(values == [2, 1])
      }
    }

    @Test func anchoredQueryHearsLaterSaves() async {
      await withFreshStore { _ in
        let healthStore = HKHealthStore()
        _ = await PluginCalls.authorize(healthStore, share: [steps], read: [steps])
        let updated = DispatchSemaphore(value: 0)
        let counts = LockedCounts()
        let query = HKAnchoredObjectQuery(
          type: steps, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
        ) { _, added, _, _, _ in
          counts.add(added?.count ?? -1)
          updated.signal()
        }
        query.updateHandler = { _, added, _, anchor, _ in
          counts.add(added?.count ?? -1)
          #expect(anchor != nil)
          updated.signal()
        }
        healthStore.execute(query)
        updated.wait()
        _ = await PluginCalls.save(
          healthStore,
          HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 1), start: start,
            end: start))
        updated.wait()
        healthStore.stop(query)
        #expect(counts.values == [0, 1])
      }
    }

    @Test func queryAnchorArchives() throws {
      let anchor = HKQueryAnchor(fromValue: 7)
      let data = try NSKeyedArchiver.archivedData(
        withRootObject: anchor, requiringSecureCoding: true)
      let back = try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from: data)
      #expect(back == anchor)
    }
  }
}

final class LockedCounts: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Int] = []
  func add(_ value: Int) { lock.withLock { stored.append(value) } }
  var values: [Int] { lock.withLock { stored } }
}

extension BoundStoreTests {
  @Suite struct HealthKitStatisticsTests {
    let steps = HKQuantityType(.stepCount)
    let day0 = Date(timeIntervalSince1970: 1_704_067_200)

    @Test func hourlyStatisticsSumEachHourAndUpdateOnASave() async {
      await withFreshStore { _ in
        let healthStore = HKHealthStore()
        _ = await PluginCalls.authorize(healthStore, share: [steps], read: [steps])
        for (hour, value) in [(0.0, 10.0), (0.5, 5.0), (2.0, 7.0)] {
          let at = day0.addingTimeInterval(hour * 3600)
          _ = await PluginCalls.save(
            healthStore,
            HKQuantitySample(
              type: steps, quantity: HKQuantity(unit: .count(), doubleValue: value), start: at,
              end: at.addingTimeInterval(60)))
        }
        let query = HKStatisticsCollectionQuery(
          quantityType: steps,
          quantitySamplePredicate: HKQuery.predicateForSamples(
            withStart: day0, end: day0.addingTimeInterval(3 * 3600)),
          options: .cumulativeSum, anchorDate: day0, intervalComponents: DateComponents(hour: 1))
        let answered = DispatchSemaphore(value: 0)
        let sums = LockedCounts()
        query.initialResultsHandler = { _, collection, _ in
          for statistics in collection?.statistics() ?? [] {
            sums.add(Int(statistics.sumQuantity()?.doubleValue(for: .count()) ?? -1))
          }
          answered.signal()
        }
        query.statisticsUpdateHandler = { _, _, collection, _ in
          sums.add(collection?.statistics().count ?? -1)
          answered.signal()
        }
        healthStore.execute(query)
        answered.wait()
        #expect(sums.values == [15, 7])
        let at = day0.addingTimeInterval(3600)
        _ = await PluginCalls.save(
          healthStore,
          HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 1), start: at,
            end: at.addingTimeInterval(60)))
        answered.wait()
        healthStore.stop(query)
        #expect(sums.values == [15, 7, 3])
      }
    }

    @Test func statisticsListTheirSourcesOnlyWhenSeparatedBySource() async {
      await withFreshStore { _ in
        let healthStore = HKHealthStore()
        _ = await PluginCalls.authorize(healthStore, share: [steps], read: [steps])
        await PluginCalls.saveSteps(healthStore, 5)
        func sources(_ options: HKStatisticsOptions) async -> [HKSource]? {
          await withCheckedContinuation { continuation in
            healthStore.execute(
              HKStatisticsQuery(quantityType: steps, quantitySamplePredicate: nil, options: options)
              { _, statistics, _ in continuation.resume(returning: statistics?.sources) })
          }
        }
        #expect(await sources(.cumulativeSum) == nil)
        #expect(await sources([.cumulativeSum, .separateBySource])?.count == 1)
      }
    }

    @Test func statisticsSeparatedBySourceAnswerEachSourcesOwnValues() async {
      await withFreshStore { store in
        let healthStore = HKHealthStore()
        _ = await PluginCalls.authorize(healthStore, share: [steps], read: [steps])
        await PluginCalls.saveSteps(healthStore, 5)
        let other = 1_704_067_200_000 + 3_600_000
        for (offset, value) in [(0, 7.0), (120_000, 11.0)] {
          PluginCalls.othersSaveSteps(
            store, value, start: other + offset, end: other + offset + 60_000)
        }
        func statistics(_ options: HKStatisticsOptions) async -> HKStatistics? {
          await withCheckedContinuation { continuation in
            healthStore.execute(
              HKStatisticsQuery(quantityType: steps, quantitySamplePredicate: nil, options: options)
              { _, statistics, _ in continuation.resume(returning: statistics) })
          }
        }
        let count = HKUnit.count()
        let separated = await statistics([.cumulativeSum, .separateBySource])
        let sources = separated?.sources ?? []
        let app = sources.first { $0.bundleIdentifier == store.bundleId }
        let otherApp = sources.first { $0.bundleIdentifier == "com.other.app" }
        #expect(sources.count == 2)
        #expect(separated?.sumQuantity()?.doubleValue(for: count) == 23)
        #expect(app.flatMap { separated?.sumQuantity(for: $0) }?.doubleValue(for: count) == 5)
        #expect(
          otherApp.flatMap { separated?.sumQuantity(for: $0) }?.doubleValue(for: count) == 18)
        // Without `.separateBySource` HealthKit keeps no per-source values.
        let whole = await statistics(.cumulativeSum)
        #expect(whole?.sumQuantity()?.doubleValue(for: count) == 23)
        #expect(app.flatMap { whole?.sumQuantity(for: $0) } == nil)
        let timed = await statistics([.duration, .separateBySource])
        #expect(
          otherApp.flatMap { timed?.duration(for: $0) }?.doubleValue(for: .second()) == 120)
      }
    }

    @Test func samplesAddedToASavedWorkoutAreFoundByItsPredicate() async {
      await withFreshStore { _ in
        let healthStore = HKHealthStore()
        let workoutType = HKObjectType.workoutType()
        _ = await PluginCalls.authorize(
          healthStore, share: [steps, workoutType], read: [steps, workoutType])
        let start = Date(timeIntervalSince1970: 1_704_067_200)
        let run = HKWorkout(
          activityType: .running, start: start, end: start.addingTimeInterval(600))
        func sample(_ value: Double, _ minute: Double) -> HKQuantitySample {
          let at = start.addingTimeInterval(minute * 60)
          return HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: value), start: at,
            end: at.addingTimeInterval(60))
        }
        func add(_ samples: [HKSample], to workout: HKWorkout) async -> (Bool, NSError?) {
          await withCheckedContinuation { continuation in
            healthStore.add(samples, to: workout) { ok, error in
              continuation.resume(returning: (ok, error as NSError?))
            }
          }
        }
        // A workout never saved: refused, and the sample is not saved either.
        let refused = await add([sample(1, 0)], to: run)
        #expect(!refused.0)
        #expect(refused.1?.code == HKError.Code.errorInvalidArgument.rawValue)
        #expect(await PluginCalls.samples(healthStore, steps).0?.isEmpty == true)
        _ = await PluginCalls.save(healthStore, run)
        let saved = sample(5, 1)
        _ = await PluginCalls.save(healthStore, saved)
        // One saved before, one saved by the call itself.
        let added = await add([saved, sample(7, 2)], to: run)
        #expect(added.0 && added.1 == nil)
        let (all, _, _) = await PluginCalls.samples(healthStore, steps)
        #expect(all?.count == 2)
        let (linked, _, _) = await PluginCalls.samples(
          healthStore, steps, predicate: HKQuery.predicateForObjects(from: run))
        let values = (linked as? [HKQuantitySample])?.map { $0.quantity.doubleValue(for: .count()) }
        #expect(values?.sorted() == [5, 7])
      }
    }

    @Test func statisticsOfNoSampleFailWithNoData() async {
      await withFreshStore { _ in
        let healthStore = HKHealthStore()
        _ = await PluginCalls.authorize(healthStore, share: [steps], read: [steps])
        let error = await withCheckedContinuation { continuation in
          healthStore.execute(
            HKStatisticsQuery(
              quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum
            ) { _, _, error in continuation.resume(returning: error as NSError?) })
        }
        #expect(error?.code == HKError.Code.errorNoData.rawValue)
        // Printed as iOS prints it (health_kit_reporter puts "\(error)" in its replies).
        let text = "No data available for the specified predicate."
        #expect(
          error.map { "\($0)" }
            == "Error Domain=com.apple.healthkit Code=11 \"\(text)\" "
            + "UserInfo={NSLocalizedDescription=\(text)}")
      }
    }
  }
}
