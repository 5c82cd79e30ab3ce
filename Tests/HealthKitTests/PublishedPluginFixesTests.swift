import Foundation
import HealthKit
import HealthStore
import Testing

/// The module's answers the published plugins' own code showed wrong (protocol/native-healthkit.md,
/// "Published plugins run from their own code").
extension BoundStoreTests {
  @Suite struct PublishedPluginFixesTests {
    let steps = HKQuantityType(.stepCount)
    let day0 = Date(timeIntervalSince1970: 1_704_067_200)

    func saveSteps(_ healthStore: HKHealthStore, _ value: Double, hour: Double) async -> Error? {
      let at = day0.addingTimeInterval(hour * 3600)
      return await PluginCalls.save(
        healthStore,
        HKQuantitySample(
          type: steps, quantity: HKQuantity(unit: .count(), doubleValue: value), start: at,
          end: at.addingTimeInterval(60))
      ).1
    }

    @Test func enumerationVisitsEveryIntervalAnEmptyOneWithNoValue() async {
      await withFreshStore { _ in
        let healthStore = HKHealthStore()
        _ = await PluginCalls.authorize(healthStore, share: [steps], read: [steps])
        _ = await saveSteps(healthStore, 300, hour: 10)
        let query = HKStatisticsCollectionQuery(
          quantityType: steps,
          quantitySamplePredicate: HKQuery.predicateForSamples(
            withStart: day0, end: day0.addingTimeInterval(86_400)),
          options: .cumulativeSum, anchorDate: day0, intervalComponents: DateComponents(hour: 6))
        let seen = await withCheckedContinuation { continuation in
          query.initialResultsHandler = { _, collection, _ in
            var seen: [String] = []
            collection?.enumerateStatistics(from: day0, to: day0.addingTimeInterval(86_400)) {
              statistics, _ in
              let hour = Int(statistics.startDate.timeIntervalSince(day0) / 3600)
              let sum = statistics.sumQuantity()?.doubleValue(for: .count())
              seen.append("\(hour):\(sum.map { String(Int($0)) } ?? "-")")
            }
            continuation.resume(returning: seen)
          }
          healthStore.execute(query)
        }
        healthStore.stop(query)
        // 00-06, 06-12 (300 steps at 10:00), 12-18, 18-24; none starting at the end.
        #expect(seen == ["0:-", "6:300", "12:-", "18:-"])
      }
    }

    @Test func aSavedSampleNamesTheDevicesOperatingSystem() async throws {
      try await withFreshStore { _ in
        let healthStore = HKHealthStore()
        _ = await PluginCalls.authorize(healthStore, share: [steps], read: [steps])
        _ = await saveSteps(healthStore, 5, hour: 1)
        let sample = try #require(await PluginCalls.samples(healthStore, steps).0?.first)
        let os = sample.sourceRevision.operatingSystemVersion
        #expect(os.majorVersion == 17 && os.minorVersion == 5 && os.patchVersion == 0)
        #expect(sample.sourceRevision.version == nil)
      }
    }

    @Test func activitySummariesNeedAReadRequestFirst() async {
      await withFreshStore { _ in
        let healthStore = HKHealthStore()
        func summaries() async -> (Int?, Int?) {
          await withCheckedContinuation { continuation in
            healthStore.execute(
              HKActivitySummaryQuery(predicate: nil) { _, summaries, error in
                continuation.resume(returning: (summaries?.count, (error as NSError?)?.code))
              })
          }
        }
        #expect(await summaries() == (nil, HKError.Code.errorAuthorizationNotDetermined.rawValue))
        _ = await PluginCalls.authorize(healthStore, share: [], read: [.activitySummaryType()])
        #expect(await summaries() == (0, nil))
      }
    }

    @Test func aSaveNeverAskedForIsCode5AndADeniedOneCode4() async {
      await withFreshStore { store in
        let healthStore = HKHealthStore()
        let notAsked = await saveSteps(healthStore, 1, hour: 1) as NSError?
        #expect(notAsked?.code == HKError.Code.errorAuthorizationNotDetermined.rawValue)
        #expect(notAsked?.localizedDescription == "Authorization not determined")
        // Pigeon's generated code sends "\(type(of: error))": iOS's class name.
        #expect(notAsked.map { "\(type(of: $0))" } == "NSError")
        store.promptPolicy = PromptPolicy(read: .grant, write: .deny)
        _ = await PluginCalls.authorize(healthStore, share: [steps], read: [steps])
        let denied = await saveSteps(healthStore, 1, hour: 1) as NSError?
        #expect(denied?.code == HKError.Code.errorAuthorizationDenied.rawValue)
        #expect(denied?.localizedDescription == "Not authorized")
      }
    }

    @Test func aWorkoutBuilderBeginsOnlyOnceWorkoutsMayBeShared() async {
      await withFreshStore { _ in
        let healthStore = HKHealthStore()
        let builder = HKWorkoutBuilder(
          healthStore: healthStore, configuration: HKWorkoutConfiguration(), device: nil)
        let refused = await withCheckedContinuation { continuation in
          builder.beginCollection(withStart: day0) { ok, error in
            continuation.resume(returning: (ok, (error as NSError?)?.code))
          }
        }
        #expect(refused.0 == false)
        #expect(refused.1 == HKError.Code.errorAuthorizationNotDetermined.rawValue)
        _ = await PluginCalls.authorize(healthStore, share: [.workoutType()], read: [])
        let begun = await withCheckedContinuation { continuation in
          builder.beginCollection(withStart: day0) { ok, _ in continuation.resume(returning: ok) }
        }
        #expect(begun)
        // Steps were never asked for: the builder refuses them and keeps none.
        let added = await withCheckedContinuation { continuation in
          builder.add([
            HKQuantitySample(
              type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 9), start: day0,
              end: day0.addingTimeInterval(60))
          ]) { ok, _ in continuation.resume(returning: ok) }
        }
        #expect(!added)
      }
    }
  }
}
