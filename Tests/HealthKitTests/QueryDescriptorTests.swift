import Foundation
import HealthKit
import HealthStore
import Testing

extension BoundStoreTests {
  /// The Swift-concurrency query descriptors (iOS 15.4), over the same store and rules.
  @Suite struct QueryDescriptorTests {
    let steps = HKQuantityType(.stepCount)
    let heartRate = HKQuantityType(.heartRate)
    let start = Date(timeIntervalSince1970: 1_704_067_200)

    func sample(_ type: HKQuantityType, _ value: Double, minute: Double, unit: HKUnit = .count())
      -> HKQuantitySample
    {
      let at = start.addingTimeInterval(minute * 60)
      return HKQuantitySample(
        type: type, quantity: HKQuantity(unit: unit, doubleValue: value), start: at,
        end: at.addingTimeInterval(60))
    }

    func authorizedStore() async -> HKHealthStore {
      let healthStore = HKHealthStore()
      _ = await PluginCalls.authorize(
        healthStore, share: [steps, heartRate], read: [steps, heartRate])
      return healthStore
    }

    @Test func sampleDescriptorSortsLimitsAndJoinsTypes() async throws {
      try await withFreshStore { _ in
        let healthStore = await authorizedStore()
        for (value, minute) in [(1.0, 0.0), (2, 10), (3, 20)] {
          _ = await PluginCalls.save(healthStore, sample(steps, value, minute: minute))
        }
        let bpm = HKUnit.count().unitDivided(by: .minute())
        _ = await PluginCalls.save(healthStore, sample(heartRate, 60, minute: 5, unit: bpm))
        let latest = try await HKSampleQueryDescriptor(
          predicates: [.quantitySample(type: steps)],
          sortDescriptors: [SortDescriptor(\.endDate, order: .reverse)], limit: 2
        ).result(for: healthStore)
        #expect(latest.map { $0.quantity.doubleValue(for: .count()) } == [3, 2])
        let both = try await HKSampleQueryDescriptor(
          predicates: [.quantitySample(type: steps), .quantitySample(type: heartRate)],
          sortDescriptors: [SortDescriptor(\.startDate)]
        ).result(for: healthStore)
        #expect(
          both.map(\.quantityType) == [steps, heartRate, steps, steps])
        // A predicate narrows each type's samples.
        let early = HKQuery.predicateForSamples(
          withStart: start, end: start.addingTimeInterval(600), options: .strictStartDate)
        let narrowed = try await HKSampleQueryDescriptor(
          predicates: [.quantitySample(type: steps, predicate: early)], sortDescriptors: []
        ).result(for: healthStore)
        #expect(narrowed.count == 1)
      }
    }

    @Test func aReadNeverAskedForThrowsHealthKitsError() async {
      await withFreshStore { _ in
        do {
          _ = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: steps)], sortDescriptors: []
          ).result(for: HKHealthStore())
          Issue.record("a read before authorization must throw")
        } catch {
          let nsError = error as? NSError
          #expect(nsError?.domain == HKErrorDomain)
          #expect(nsError?.code == HKError.Code.errorAuthorizationNotDetermined.rawValue)
        }
      }
    }

    @Test func statisticsDescriptorsSumAndFollowChanges() async throws {
      try await withFreshStore { _ in
        let healthStore = await authorizedStore()
        let none = try await HKStatisticsQueryDescriptor(
          predicate: .quantitySample(type: steps), options: .cumulativeSum
        ).result(for: healthStore)
        #expect(none == nil)
        _ = await PluginCalls.save(healthStore, sample(steps, 4, minute: 0))
        _ = await PluginCalls.save(healthStore, sample(steps, 6, minute: 90))
        let total = try await HKStatisticsQueryDescriptor(
          predicate: .quantitySample(type: steps), options: .cumulativeSum
        ).result(for: healthStore)
        #expect(total?.sumQuantity()?.doubleValue(for: .count()) == 10)
        let hourly = HKStatisticsCollectionQueryDescriptor(
          predicate: .quantitySample(type: steps), options: .cumulativeSum, anchorDate: start,
          intervalComponents: DateComponents(hour: 1))
        let collection = try await hourly.result(for: healthStore)
        #expect(
          collection.statistics().map { $0.sumQuantity()?.doubleValue(for: .count()) } == [4, 6])
        var updates = hourly.results(for: healthStore).makeAsyncIterator()
        let first = try await updates.next()
        #expect(first?.updatedStatistics == nil)
        #expect(first?.statisticsCollection.statistics().count == 2)
        _ = await PluginCalls.save(healthStore, sample(steps, 5, minute: 150))
        let second = try await updates.next()
        #expect(second?.statisticsCollection.statistics().count == 3)
        #expect(second?.updatedStatistics?.count == 1)
      }
    }

    @Test func anchoredDescriptorGivesAddedThenDeletedFromItsAnchor() async throws {
      try await withFreshStore { _ in
        let healthStore = await authorizedStore()
        let kept = sample(steps, 1, minute: 0)
        let gone = sample(steps, 2, minute: 5)
        _ = await PluginCalls.save(healthStore, kept)
        _ = await PluginCalls.save(healthStore, gone)
        let first = try await HKAnchoredObjectQueryDescriptor(
          predicates: [.quantitySample(type: steps)], anchor: nil
        ).result(for: healthStore)
        #expect(first.addedSamples.count == 2)
        #expect(first.deletedObjects.isEmpty)
        try await healthStore.delete(gone)
        let next = try await HKAnchoredObjectQueryDescriptor(
          predicates: [.quantitySample(type: steps)], anchor: first.newAnchor
        ).result(for: healthStore)
        #expect(next.addedSamples.isEmpty)
        #expect(next.deletedObjects.map(\.uuid) == [gone.uuid])
        // A limit cuts the batch and its anchor leads on to the rest.
        let one = try await HKAnchoredObjectQueryDescriptor(
          predicates: [.quantitySample(type: steps)], anchor: nil, limit: 1
        ).result(for: healthStore)
        #expect(one.addedSamples.map(\.uuid) == [kept.uuid])
      }
    }
  }
}

extension BoundStoreTests {
  /// An anchored query with reading denied sees the app's own changes, and its anchors count
  /// only those: they are what a store where no other source wrote would give.
  @Suite struct DeniedAnchorTests {
    let steps = HKQuantityType(.stepCount)

    func anchorAfterOwnSave(othersWrite: Int) async throws -> (HKQueryAnchor, Int) {
      try await withFreshStore { store in
        store.promptPolicy = PromptPolicy(read: .deny, write: .grant)
        for index in 0..<othersWrite {
          PluginCalls.othersSaveSteps(store, 5, start: index * 1000, end: index * 1000 + 500)
        }
        let healthStore = HKHealthStore()
        _ = await PluginCalls.authorize(healthStore, share: [steps], read: [steps])
        await PluginCalls.saveSteps(healthStore, 1)
        let result = try await HKAnchoredObjectQueryDescriptor(
          predicates: [.quantitySample(type: steps)], anchor: nil
        ).result(for: healthStore)
        return (result.newAnchor, result.addedSamples.count)
      }
    }

    @Test func anchorsRevealNoHiddenWrites() async throws {
      let (alone, ownAlone) = try await anchorAfterOwnSave(othersWrite: 0)
      let (hidden, ownHidden) = try await anchorAfterOwnSave(othersWrite: 7)
      #expect(ownAlone == 1 && ownHidden == 1)
      #expect(alone == hidden)
    }
  }
}
