import FlutterCodec
import Foundation
import HealthKit
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles

extension BoundStoreTests {
  /// A plugin's own code and a profile served beside it share one HealthKit.
  @Suite struct SharedStoreTests {
    let day0 = 1_704_067_200_000

    func healthDispatcher() -> Dispatcher {
      let dispatcher = Dispatcher(
        configuration: .init(device: "iPhone", osVersion: "17.5", profiles: ["health"]))
      HealthKitBinding.bind(dispatcher.store)
      return dispatcher
    }

    func call(_ dispatcher: Dispatcher, _ method: String, _ args: ChannelValue) -> ChannelValue? {
      guard
        case .success(let value)? = dispatcher.handle(
          channel: "flutter_health", call: MethodCall(method, args))
      else { return nil }
      return value
    }

    func authorizeSteps(_ dispatcher: Dispatcher) {
      _ = call(
        dispatcher, "requestAuthorization",
        ["types": .list([.string("STEPS")]), "permissions": .list([.int32(2)])])
    }

    @Test func aSampleSavedThroughHealthKitIsReadByTheHealthProfile() async {
      let dispatcher = healthDispatcher()
      authorizeSteps(dispatcher)
      let steps = HKQuantityType(.stepCount)
      let start = Date(timeIntervalSince1970: Double(day0) / 1000 + 3600)
      let saved = await withCheckedContinuation { continuation in
        HKHealthStore().save(
          HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 77), start: start,
            end: start.addingTimeInterval(600))
        ) { ok, _ in continuation.resume(returning: ok) }
      }
      #expect(saved)
      let reply =
        call(
          dispatcher, "getData",
          [
            "dataTypeKey": "STEPS", "dataUnitKey": "COUNT", "startTime": .int64(Int64(day0)),
            "endTime": .int64(Int64(day0 + 86_400_000)), "recordingMethodsToFilter": .list([]),
          ])
      guard case .list(let points)? = reply else {
        Issue.record("getData did not answer a list: \(String(describing: reply))")
        return
      }
      #expect(points.count == 1)
      #expect(points.first?["value"] == ChannelValue.float64(77))
      #expect(points.first?["uuid"] == "00000000-0000-4000-8000-000000000001")
    }

    @Test func aSampleWrittenByTheHealthProfileIsReadThroughHealthKit() async {
      let dispatcher = healthDispatcher()
      authorizeSteps(dispatcher)
      let written = call(
        dispatcher, "writeData",
        [
          "value": .float64(12), "dataTypeKey": "STEPS", "dataUnitKey": "COUNT",
          "startTime": .int64(Int64(day0)), "endTime": .int64(Int64(day0 + 60_000)),
          "recordingMethod": .int32(2),
        ])
      #expect(written == .bool(true))
      let found = await withCheckedContinuation { continuation in
        HKHealthStore().execute(
          HKSampleQuery(
            sampleType: HKQuantityType(.stepCount), predicate: nil, limit: HKObjectQueryNoLimit,
            sortDescriptors: nil
          ) { _, samples, _ in continuation.resume(returning: samples ?? []) })
      }
      #expect(found.count == 1)
      #expect((found.first as? HKQuantitySample)?.quantity.doubleValue(for: .count()) == 12)
      #expect(found.first?.sourceRevision.source.bundleIdentifier == dispatcher.store.bundleId)
    }
  }
}
