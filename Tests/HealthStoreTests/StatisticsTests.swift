import HealthKitModel
import StoreFixtures
import Testing

@testable import HealthStore

/// HKStatisticsCollectionQuery in the store (protocol/healthkit-rules.md#statistics).
@Suite struct StatisticsTests {
  static let hour = 60 * minute
  static let watch = SampleSource(bundleId: "com.apple.health.watch")

  static func request(
    _ identifier: String = ID.steps, interval: Int = hour, hours: Int = 2, unit: String = "count",
    strictStart: Bool = false
  ) -> StatisticsRequest {
    StatisticsRequest(
      identifier: identifier, from: t0, to: t0 + hours * hour, interval: interval, unit: unit,
      strictStart: strictStart)
  }

  @Test func aSumSplitsASampleByTheTimeInEachBucket() throws {
    let store = HealthStore.granting([ID.steps])
    store.steps(300, t0 + 30 * minute, t0 + 90 * minute)
    let buckets = try store.statisticsCollection(Self.request())
    #expect(
      buckets == [
        .init(start: t0, end: t0 + Self.hour, value: 150),
        .init(start: t0 + Self.hour, end: t0 + 2 * Self.hour, value: 150),
      ])
  }

  @Test func aHigherRankedSourceHidesTheOverlapOfALowerOne() throws {
    let store = HealthStore.granting([ID.steps])
    store.steps(600, t0, t0 + Self.hour)
    store.steps(300, t0, t0 + Self.hour, source: Self.watch)
    // The watch (com.apple.) ranks first although the app wrote first: 300, not 900 or 600.
    let buckets = try store.statisticsCollection(Self.request(hours: 1))
    #expect(buckets.map(\.value) == [300])
    #expect(SampleStatistics.rank(store.samplesInWriteOrder).map(\.rank) == [1, 0])
  }

  @Test func anEmptyBucketHasNoValue() throws {
    let store = HealthStore.granting([ID.steps])
    store.steps(10, t0 + 2 * Self.hour + minute, t0 + 2 * Self.hour + 2 * minute)
    let buckets = try store.statisticsCollection(Self.request(hours: 3))
    #expect(buckets.map(\.start) == [t0 + 2 * Self.hour])
  }

  @Test func aDiscreteTypeIsAveraged() throws {
    let store = HealthStore.granting([ID.heartRate])
    for value in [60.0, 90.0] {
      store.quantity(ID.heartRate, value, "count/min", t0 + minute, t0 + minute)
    }
    let buckets = try store.statisticsCollection(
      Self.request(ID.heartRate, hours: 1, unit: "count/min"))
    #expect(buckets.map(\.value) == [75])
  }

  @Test func valuesComeInTheRequestedUnit() throws {
    let store = HealthStore.granting([ID.energy])
    store.quantity(ID.energy, 2, "kcal", t0, t0 + minute)
    let buckets = try store.statisticsCollection(Self.request(ID.energy, hours: 1, unit: "cal"))
    #expect(buckets.map(\.value) == [2000])
  }

  @Test func strictStartAndThePredicateFilter() throws {
    let store = HealthStore.granting([ID.steps])
    store.steps(100, t0 - 30 * minute, t0 + 30 * minute)
    store.steps(7, t0 + minute, t0 + 2 * minute, source: Self.watch)
    store.steps(5, t0 + minute, t0 + 2 * minute)
    // The watch's 7 first; the app's 100 counts for its 29 minutes in the bucket the watch does
    // not cover (of 60), its 5 is hidden by the watch.
    let all = try store.statisticsCollection(Self.request(hours: 1))
    #expect(all.count == 1)
    let expected: Double = 7 + 100.0 * 29 / 60
    let value: Double = all.first?.value ?? 0
    #expect(abs(value - expected) < 1e-9)
    let strict = try store.statisticsCollection(Self.request(hours: 1, strictStart: true))
    #expect(strict.map(\.value) == [7])
    let ownOnly = try store.statisticsCollection(Self.request(hours: 1, strictStart: true)) {
      $0.source == store.appSource
    }
    #expect(ownOnly.map(\.value) == [5])
  }

  @Test func tooManyBucketsAreRefused() {
    let store = HealthStore.granting([ID.steps])
    store.steps(1, t0, t0 + 3 * Self.hour)
    #expect(throws: SampleStatistics.TooManyBuckets.self) {
      try store.statisticsCollection(Self.request(interval: 1, hours: 1))
    }
  }

  @Test func uncoveredLength() {
    #expect(SampleStatistics.uncovered(0, 100, by: [(10, 20), (15, 30), (90, 200)]) == 70)
  }
}
