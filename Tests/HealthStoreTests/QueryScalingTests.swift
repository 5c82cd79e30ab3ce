import HealthKitModel
import StoreFixtures
import Testing

@testable import HealthStore

/// Long-running queries that scale and reveal nothing (issue 33): anchored batches resume at
/// their anchor (D28), a denied read walks and counts only the app's own samples (D26, D29), and
/// statistics over some buckets equal the same buckets of the whole collection (D30). Results
/// only: the timing checks live outside the unit tests (protocol/performance.md).
@Suite struct QueryScalingTests {
  static let other = SampleSource(bundleId: "com.other.app")
  static let watch = SampleSource(bundleId: "com.apple.health.watch")

  static func denying() -> HealthStore {
    let store = HealthStore()
    store.setAuthorization(ID.steps, share: .sharingAuthorized, read: .denied)
    return store
  }

  // MARK: D26

  @Test func aDeniedQuerysAnchorsCountOnlyTheAppsOwnChanges() {
    let query = SampleQuery(identifier: ID.steps, ownSamplesOnly: true)
    func anchors(hidden: Int) -> [Int] {
      let store = Self.denying()
      for i in 0..<hidden {
        store.steps(1, t0 + i * minute, t0 + i * minute + 1, source: Self.other)
      }
      let a = store.steps(5, t0, t0 + minute)
      var result = [store.anchoredBatch(query, since: 0, limit: nil).anchor]
      for i in 0..<hidden {
        store.steps(1, t0 + i * minute, t0 + i * minute + 1, source: Self.other)
      }
      store.delete([a])
      result.append(store.anchoredBatch(query, since: result[0], limit: nil).anchor)
      result.append(store.anchoredBatch(query, since: 0, limit: 1).anchor)
      return result
    }
    #expect(anchors(hidden: 0) == [1, 2, 2])
    #expect(anchors(hidden: 30) == anchors(hidden: 0))
    // A granted query still sees the store's anchors.
    let store = HealthStore.granting([ID.steps])
    store.steps(1, t0, t0 + 1, source: Self.other)
    store.steps(1, t0, t0 + 1)
    #expect(
      store.anchoredBatch(SampleQuery(identifier: ID.steps), since: 0, limit: nil).anchor == 2)
  }

  // MARK: D28

  /// Batches of any limit, one after another from each batch's anchor, deliver exactly the
  /// changes one unlimited batch delivers, in the same order.
  @Test(arguments: [1, 7, 100])
  func batchesResumeAtTheirAnchor(limit: Int) {
    let store = HealthStore.granting([ID.steps])
    var uuids: [String] = []
    for i in 0..<250 {
      uuids.append(
        store.steps(
          1, t0 + (i * 7919 % 250) * minute, t0 + (i * 7919 % 250 + 1) * minute,
          source: i % 3 == 0 ? Self.other : nil))
      if i % 5 == 4 { store.delete([uuids[i - 2]]) }
    }
    let query = SampleQuery(identifier: ID.steps)
    let all = store.anchoredBatch(query, since: 0, limit: nil)
    #expect(!all.more)
    var added: [String] = []
    var deleted: [String] = []
    var anchor = 0
    var batches = 0
    while true {
      let batch = store.anchoredBatch(query, since: anchor, limit: limit)
      added += batch.added.map(\.uuid)
      deleted += batch.deleted.map(\.uuid)
      #expect(batch.added.count + batch.deleted.count <= limit)
      anchor = batch.anchor
      batches += 1
      if !batch.more { break }
    }
    #expect(added == all.added.map(\.uuid))
    #expect(deleted == all.deleted.map(\.uuid))
    #expect(anchor == all.anchor)
    #expect(batches == (all.added.count + all.deleted.count + limit - 1) / limit)
  }

  // MARK: D29

  @Test(arguments: [true, false])
  func aDeniedReadSeesTheAppsSamplesInOrder(ascending: Bool) {
    let store = Self.denying()
    for i in 0..<200 {
      store.steps(
        Double(i), t0 + (i * 37 % 50) * minute, t0 + (i * 37 % 50 + 3) * minute,
        source: i % 4 == 0 ? nil : Self.other)
    }
    let everything = store.samples.query(
      identifier: ID.steps, start: t0 + 10 * minute, end: t0 + 40 * minute, ascending: ascending,
      limit: nil)
    let own = everything.filter { $0.source.bundleId == store.bundleId }
    let query = SampleQuery(
      identifier: ID.steps, start: t0 + 10 * minute, end: t0 + 40 * minute, ascending: ascending,
      ownSamplesOnly: true)
    #expect(store.samples(matching: query).map(\.uuid) == own.map(\.uuid))
    var limited = query
    limited.limit = 5
    #expect(store.samples(matching: limited).map(\.uuid) == own.prefix(5).map(\.uuid))
    #expect(!own.isEmpty)
  }

  // MARK: D19′

  /// The buckets an answer would hold are counted from the samples' spans, each bucket once,
  /// before any is filled.
  @Test func touchedBucketsCountEachBucketOnce() {
    #expect(SampleStatistics.touchedBuckets([]) == 0)
    #expect(SampleStatistics.touchedBuckets([0...3, 2...5, 10...10, 4...4]) == 7)
    #expect(
      SampleStatistics.touchedBuckets([0...(Int.max - 1)])
        > SampleStatistics.TooManyBuckets.bucketLimit)
  }

  // MARK: D30

  /// Any run of buckets computed alone equals the same buckets of the whole collection, for
  /// sums (two sources ranked, overlapping) and averages, as samples come and go.
  @Test(arguments: [ID.steps, ID.heartRate])
  func someBucketsEqualTheSameBucketsOfTheWhole(identifier: String) throws {
    let store = HealthStore.granting([identifier])
    let unit = identifier == ID.steps ? "count" : "count/min"
    let request = StatisticsRequest(
      identifier: identifier, from: t0, to: t0 + 24 * 60 * minute, interval: 60 * minute,
      unit: unit)
    var uuids: [String] = []
    for i in 0..<120 {
      let start = t0 + (i * 613 % 1440) * minute
      let source = [nil, Self.other, Self.watch][i % 3]
      uuids.append(
        store.quantity(
          identifier, Double(i % 17 + 1), unit, start, start + (i % 5) * 37 * minute,
          source: source))
      if i % 6 == 5 { store.delete([uuids[i - 3]]) }
      guard i % 10 == 9 else { continue }
      let whole = try store.statisticsCollection(request)
      for range in [0...0, 3...7, 10...23, 20...40] {
        let part = try store.statisticsCollection(request, buckets: range)
        let expected = whole.filter {
          range.contains((($0.start - t0) / (60 * minute)))
        }
        #expect(part == expected, "buckets \(range) after \(i + 1) samples")
      }
    }
  }
}
