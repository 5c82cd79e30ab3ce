import HealthKitModel
import StoreFixtures
import Testing

@testable import CKTypeRecords
@testable import HealthStore

/// A workout's builder samples are samples (protocol/healthkit-rules.md#workouts): saved with
/// the workout, associated with it, seen by every query and statistic, and the workout's totals
/// are their sums.
@Suite struct WorkoutRecordTests {
  static let end = t0 + 30 * minute

  static func running(
    energy: [TimedQuantityInput] = [], distance: [TimedQuantityInput] = [],
    heartRate: [TimedQuantityInput] = [], energyTotal: Bool = false
  ) -> RecordInput {
    var series: [WorkoutSeriesInput] = []
    if !energy.isEmpty {
      series.append(WorkoutSeriesInput(component: "energy", values: energy, isTotal: energyTotal))
    }
    if !distance.isEmpty {
      series.append(WorkoutSeriesInput(component: "distance", values: distance))
    }
    if !heartRate.isEmpty {
      series.append(WorkoutSeriesInput(component: "heartRate", values: heartRate))
    }
    return RecordInput(
      type: "workout", start: t0, end: end,
      fields: .workout(WorkoutInput(activityType: "running", series: series)))
  }

  static func kcal(_ value: Double, at time: Int, from start: Int? = nil) -> TimedQuantityInput {
    TimedQuantityInput(value: value, unit: "kcal", time: time, start: start)
  }

  static let everything = [ID.workout, ID.energy, ID.distance, ID.heartRate]

  @Test func samplesAreSavedAfterTheWorkoutAndAssociatedWithIt() throws {
    let store = HealthStore.granting(Self.everything)
    let written = try #require(
      store.write(
        Self.running(
          energy: [Self.kcal(150, at: t0 + 15 * minute), Self.kcal(160, at: Self.end)],
          distance: [TimedQuantityInput(value: 5200, unit: "m", time: Self.end)],
          heartRate: [TimedQuantityInput(value: 152, unit: "count/min", time: t0 + 10 * minute)])))
    // The workout keeps the uuid it had before samples were saved: its samples come after it.
    #expect(written.uuid == uuid(1))
    let stored = store.samplesInWriteOrder
    #expect(stored.map(\.uuid) == (1...5).map { uuid($0) })
    #expect(
      stored.map(\.identifier) == [ID.workout, ID.energy, ID.energy, ID.distance, ID.heartRate])
    #expect(stored.dropFirst().allSatisfy { $0.workout == uuid(1) })
    guard case .workout(let summary) = stored[0].body else {
      Issue.record("no workout body")
      return
    }
    #expect(summary.associated == (2...5).map { uuid($0) })
    // Cumulative values cover the time since the previous value; a discrete one is an instant.
    #expect(stored[1].start == t0 && stored[1].end == t0 + 15 * minute)
    #expect(stored[2].start == t0 + 15 * minute && stored[2].end == Self.end)
    #expect(stored[3].start == t0 && stored[3].end == Self.end)
    #expect(stored[4].start == t0 + 10 * minute && stored[4].end == t0 + 10 * minute)
    #expect(CKTypeNames.namer(for: store).name(of: stored[1]) == "activeEnergy")
    #expect(stored[1].source == store.appSource)
  }

  @Test func totalsEqualTheSumsOfTheSavedSamples() throws {
    let store = HealthStore.granting(Self.everything)
    store.write(
      Self.running(
        energy: [
          Self.kcal(0.1, at: t0 + minute, from: t0),
          TimedQuantityInput(value: 418.4, unit: "J", time: Self.end),
        ]))
    let read = try RecordStore(store).prepareRead(
      ReadRequest(type: "activeEnergy", start: t0, end: Self.end, ascending: true, unit: "kcal"))
    let values = RecordStore(store).read(read).compactMap { sample -> Double? in
      guard case .quantity(let amount) = sample.body else { return nil }
      return amount.value
    }
    #expect(values.count == 2)
    let workout = store.samplesInWriteOrder[0]
    guard case .workout(let summary) = workout.body else {
      Issue.record("no workout body")
      return
    }
    #expect(summary.energy?.unit == "kcal")
    #expect(abs((summary.energy?.value ?? 0) - values.reduce(0, +)) < 1e-9)
    let buckets = try store.statisticsCollection(
      StatisticsRequest(
        identifier: ID.energy, from: t0, to: Self.end, interval: 30 * minute, unit: "kcal"))
    #expect(buckets.count == 1)
    #expect(abs((buckets.first?.value ?? 0) - 0.2) < 1e-9)
  }

  @Test func aGivenStartIsKept() {
    let store = HealthStore.granting(Self.everything)
    store.write(Self.running(energy: [Self.kcal(40, at: t0 + 12 * minute, from: t0 + 2 * minute)]))
    let sample = store.samplesInWriteOrder[1]
    #expect(sample.start == t0 + 2 * minute && sample.end == t0 + 12 * minute)
  }

  @Test func aTotalIsNotASample() {
    let store = HealthStore.granting(Self.everything)
    store.write(Self.running(energy: [Self.kcal(210, at: Self.end)], energyTotal: true))
    #expect(store.storedSampleCount == 1)
  }

  @Test func theWorkoutsAuthorizationCoversItsSamples() {
    let store = HealthStore.granting([ID.workout])
    store.write(
      Self.running(
        energy: [Self.kcal(150, at: Self.end)],
        heartRate: [TimedQuantityInput(value: 152, unit: "count/min", time: t0)]))
    #expect(
      store.samplesInWriteOrder.map(\.identifier) == [ID.workout, ID.energy, ID.heartRate])
  }

  @Test func anotherSourcesWorkoutSavesEverySample() {
    let store = HealthStore()
    let watch = SampleSource(bundleId: "com.apple.health.watch")
    store.write(
      Self.running(
        energy: [Self.kcal(150, at: Self.end)],
        heartRate: [TimedQuantityInput(value: 152, unit: "count/min", time: t0)]),
      mode: .external, source: watch)
    #expect(store.samplesInWriteOrder.map(\.source) == [watch, watch, watch])
  }

  @Test func deletingTheWorkoutKeepsItsSamples() {
    let store = HealthStore.granting(Self.everything)
    store.write(Self.running(energy: [Self.kcal(150, at: Self.end)]))
    store.delete([uuid(1)])
    #expect(store.uuids == [uuid(2)])
  }

  @Test func deletingASampleKeepsTheWorkoutAndItsTotals() {
    let store = HealthStore.granting(Self.everything)
    store.write(Self.running(energy: [Self.kcal(150, at: Self.end)]))
    store.delete([uuid(2)])
    #expect(store.uuids == [uuid(1)])
    guard case .workout(let summary) = store.storedSample(uuid: uuid(1))?.body else {
      Issue.record("no workout")
      return
    }
    #expect(summary.energy == MeasuredQuantity(value: 150, unit: "kcal"))
  }

  @Test func endWorkoutSavesTheSessionsSamples() throws {
    let store = HealthStore.granting(Self.everything)
    let session = try store.prepareWorkoutStart(
      activityType: "running", location: nil, start: t0, live: false)
    let id = store.startWorkout(session)
    let prepared = try RecordStore(store).prepareWorkoutEnd(
      WorkoutEnd(sessionId: id, end: Self.end, energy: .samples([Self.kcal(150, at: Self.end)])))
    let written = RecordStore(store).endWorkout(prepared)
    #expect(written.uuid == uuid(2))
    #expect(store.storedSample(uuid: uuid(3))?.workout == uuid(2))
  }

  /// A sample added to the builder as it is (`PreparedRecord.addBuilderSamples`, ConnectKit's
  /// plain `duringSession` samples) is associated like a series' sample, minted after those.
  @Test func samplesAddedAsTheyAreAreAssociatedAfterTheSeries() throws {
    let store = HealthStore.granting(Self.everything)
    var workout = try RecordStore(store).prepareRecord(
      Self.running(energy: [Self.kcal(150, at: t0 + 15 * minute)]), mode: .app)
    let added = try RecordStore(store).prepareRecord(
      RecordInput(
        type: "heartRate", start: t0 + 5 * minute, end: t0 + 5 * minute,
        fields: .quantity(QuantityInput(value: 140, unit: "count/min"), special: [:])),
      mode: .app)
    workout.addBuilderSamples([added])
    let written = RecordStore(store).commitRecord(workout, source: store.appSource)
    #expect(written.uuid == uuid(1))
    let stored = store.samplesInWriteOrder
    #expect(stored.map(\.identifier) == [ID.workout, ID.energy, ID.heartRate])
    #expect(stored.map(\.workout) == [nil, uuid(1), uuid(1)])
    #expect(stored[2].body == .quantity(MeasuredQuantity(value: 140, unit: "count/min")))
    guard case .workout(let summary) = stored[0].body else {
      Issue.record("no workout body")
      return
    }
    #expect(summary.associated == [uuid(2), uuid(3)])
  }
}
