import CoreLocation
import Foundation
import HealthKit
import HealthStore
import Testing

extension BoundStoreTests {
  /// Correlations, workouts with their builder and route, characteristics, observers, predicates
  /// by uuid and by source: each through HealthKit's API against a fresh store.
  @Suite struct ObjectsTests {
    let systolic = HKQuantityType(.bloodPressureSystolic)
    let diastolic = HKQuantityType(.bloodPressureDiastolic)
    let start = Date(timeIntervalSince1970: 1_704_070_800)

    @Test func aBloodPressureCorrelationSavesWholeAndReadsBackWithItsMembers() async {
      await withFreshStore { store in
        let healthStore = HKHealthStore()
        _ = await PluginCalls.authorize(
          healthStore, share: [systolic, diastolic], read: [systolic, diastolic])
        let unit = HKUnit.millimeterOfMercury()
        let members: Set<HKSample> = [
          HKQuantitySample(
            type: systolic, quantity: HKQuantity(unit: unit, doubleValue: 120), start: start,
            end: start),
          HKQuantitySample(
            type: diastolic, quantity: HKQuantity(unit: unit, doubleValue: 80), start: start,
            end: start),
        ]
        let type = HKCorrelationType(.bloodPressure)
        let (saved, _) = await PluginCalls.save(
          healthStore, HKCorrelation(type: type, start: start, end: start, objects: members))
        #expect(saved)
        #expect(store.storedSampleCount == 3)
        let found = await withCheckedContinuation { continuation in
          healthStore.execute(
            HKCorrelationQuery(type: type, predicate: nil, samplePredicates: nil) { _, found, _ in
              continuation.resume(returning: found ?? [])
            })
        }
        let values = found.first?.objects(for: systolic).compactMap {
          ($0 as? HKQuantitySample)?.quantity.doubleValue(for: unit)
        }
        #expect(values == [120])
        // iOS gives an object its uuid when it is made: the systolic sample, made first, has
        // the first uuid, whatever the identifiers' order.
        let systolicUUID = found.first?.objects(for: systolic).first?.uuid.uuidString
        #expect(systolicUUID == "00000000-0000-4000-8000-000000000001")
      }
    }

    @Test func metadataNumbersReadBackAsDoubles() async {
      await withFreshStore { _ in
        let healthStore = HKHealthStore()
        let insulin = HKQuantityType(.insulinDelivery)
        _ = await PluginCalls.authorize(healthStore, share: [insulin], read: [insulin])
        let sample = HKQuantitySample(
          type: insulin, quantity: HKQuantity(unit: .internationalUnit(), doubleValue: 4.5),
          start: start, end: start,
          metadata: [
            HKMetadataKeyInsulinDeliveryReason: NSNumber(value: 2),
            HKMetadataKeyWasUserEntered: true, HKMetadataKeyExternalUUID: "x",
          ])
        _ = await PluginCalls.save(healthStore, sample)
        let (found, _, _) = await PluginCalls.samples(healthStore, insulin)
        let metadata = found?.first?.metadata ?? [:]
        let reason = metadata[HKMetadataKeyInsulinDeliveryReason] as? NSNumber
        #expect(reason.map { String(cString: $0.objCType) } == "d")
        #expect(reason?.doubleValue == 2)
        let entered = metadata[HKMetadataKeyWasUserEntered] as? NSNumber
        #expect(entered.map { String(cString: $0.objCType) } == "d")
        #expect(metadata[HKMetadataKeyExternalUUID] as? String == "x")
      }
    }

    @Test func aWorkoutBuilderSavesTheWorkoutAndARouteKeepsItsLocations() async throws {
      try await withFreshStore { store in
        let healthStore = HKHealthStore()
        let energy = HKQuantityType(.activeEnergyBurned)
        let route = HKSeriesType.workoutRoute()
        _ = await PluginCalls.authorize(
          healthStore, share: [.workoutType(), energy], read: [.workoutType(), route])
        // The model keeps routes read-only for a request (protocol/healthkit-model.md); the
        // control channel's setAuthorization grants sharing as Settings would.
        store.setAuthorization(route.identifier, share: .sharingAuthorized, read: nil)
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        let builder = HKWorkoutBuilder(
          healthStore: healthStore, configuration: configuration, device: nil)
        try await builder.beginCollection(at: start)
        try await builder.addSamples([
          HKQuantitySample(
            type: energy, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 250),
            start: start, end: start.addingTimeInterval(1800))
        ])
        try await builder.endCollection(at: start.addingTimeInterval(1800))
        let workout = try #require(try await builder.finishWorkout())
        #expect(workout.workoutActivityType == .running)
        #expect(workout.totalEnergyBurned?.doubleValue(for: .kilocalorie()) == 250)
        #expect(workout.duration == 1800)
        let routeBuilder = HKWorkoutRouteBuilder(healthStore: healthStore, device: nil)
        try await routeBuilder.insertRouteData([
          CLLocation(latitude: 55.67, longitude: 12.56),
          CLLocation(latitude: 55.68, longitude: 12.57),
        ])
        let saved = await withCheckedContinuation { continuation in
          routeBuilder.finishRoute(with: workout, metadata: nil) { route, _ in
            continuation.resume(returning: route)
          }
        }
        let savedRoute = try #require(saved)
        let locations = await withCheckedContinuation { continuation in
          healthStore.execute(
            HKWorkoutRouteQuery(route: savedRoute) { _, locations, done, _ in
              if done { continuation.resume(returning: locations ?? []) }
            })
        }
        #expect(locations.map(\.coordinate.latitude) == [55.67, 55.68])
        #expect(store.storedSampleCount == 3)
      }
    }

    @Test func characteristicsNeedAReadRequestAndHideADenial() async throws {
      try await withFreshStore { store in
        let healthStore = HKHealthStore()
        #expect(throws: (any Error).self) { try healthStore.biologicalSex() }
        store.setCharacteristic("HKCharacteristicTypeIdentifierBiologicalSex", .raw(1))
        let sex = HKCharacteristicType(.biologicalSex)
        _ = await PluginCalls.authorize(healthStore, share: [], read: [sex])
        let granted = try healthStore.biologicalSex().biologicalSex
        #expect(granted == .female)
        #expect(healthStore.authorizationStatus(for: sex) == .sharingDenied)
        store.setAuthorization(sex.identifier, share: nil, read: .denied)
        let denied = try healthStore.biologicalSex().biologicalSex
        #expect(denied == .notSet)
      }
    }

    @Test func anObserverFiresOnStartAndAfterAChangeOfItsType() async {
      await withFreshStore { _ in
        let healthStore = HKHealthStore()
        let steps = HKQuantityType(.stepCount)
        _ = await PluginCalls.authorize(healthStore, share: [steps], read: [steps])
        let fired = DispatchSemaphore(value: 0)
        let count = LockedCounts()
        let query = HKObserverQuery(sampleType: steps, predicate: nil) { _, completion, _ in
          count.add(1)
          completion()
          fired.signal()
        }
        healthStore.execute(query)
        fired.wait()
        _ = await PluginCalls.save(
          healthStore,
          HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 3), start: start,
            end: start))
        fired.wait()
        healthStore.stop(query)
        _ = await PluginCalls.save(
          healthStore,
          HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 4), start: start,
            end: start))
        #expect(count.values == [1, 1])
      }
    }

    @Test func predicatesByUUIDAndBySourceSelectSamples() async {
      await withFreshStore { store in
        let healthStore = HKHealthStore()
        let steps = HKQuantityType(.stepCount)
        _ = await PluginCalls.authorize(healthStore, share: [steps], read: [steps])
        let first = HKQuantitySample(
          type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 1), start: start,
          end: start)
        _ = await PluginCalls.save(healthStore, first)
        store.save(
          PlannedObjects(
            main: PlannedSample(
              identifier: steps.identifier, start: 0, end: 0,
              body: .quantity(MeasuredQuantity(value: 9, unit: "count")), metadata: [])),
          source: SampleSource(bundleId: "com.other.app"))
        let (byUUID, _, _) = await PluginCalls.samples(
          healthStore, steps, predicate: HKQuery.predicateForObjects(with: [first.uuid]))
        #expect(byUUID?.map(\.uuid) == [first.uuid])
        let (bySource, _, _) = await PluginCalls.samples(
          healthStore, steps, predicate: HKQuery.predicateForObjects(from: .default()))
        #expect(bySource?.count == 1)
        let (all, _, _) = await PluginCalls.samples(healthStore, steps)
        #expect(all?.count == 2)
      }
    }
  }
}
