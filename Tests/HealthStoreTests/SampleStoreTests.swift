import HealthStore
import Testing

/// The per-type index and SPEC 7's overlap rule, on the store alone.
@Suite struct SampleStoreTests {
  static let steps = "HKQuantityTypeIdentifierStepCount"

  /// A steps sample named `uuid` from `start` to `end`.
  static func sample(_ uuid: String, _ start: Int, _ end: Int, identifier: String = steps)
    -> StoredSample
  {
    StoredSample(
      uuid: uuid, ckType: "steps", identifier: identifier, start: start, end: end,
      body: .quantity(MeasuredQuantity(value: 1, unit: "count")), metadata: [],
      source: SampleSource(bundleId: "com.example.app"))
  }

  static func store(_ samples: [StoredSample]) -> SampleStore {
    var store = SampleStore()
    for sample in samples { store.insert(sample) }
    return store
  }

  static func uuids(
    _ store: SampleStore, _ start: Int?, _ end: Int?, ascending: Bool = true, limit: Int? = nil
  ) -> [String] {
    store.query(identifier: steps, start: start, end: end, ascending: ascending, limit: limit)
      .map(\.uuid)
  }

  @Test func overlapRuleForIntervals() {
    let store = Self.store([
      Self.sample("before", 0, 10),  // ends exactly at the range start: out
      Self.sample("across-start", 5, 15),
      Self.sample("inside", 12, 18),
      Self.sample("across-end", 18, 30),
      Self.sample("after", 20, 25),  // starts exactly at the range end: out
      Self.sample("around", 0, 40),
    ])
    #expect(Self.uuids(store, 10, 20) == ["around", "across-start", "inside", "across-end"])
  }

  @Test func instantaneousSamplesCountFromStartUpToButNotIncludingEnd() {
    let store = Self.store([
      Self.sample("at-9", 9, 9), Self.sample("at-10", 10, 10), Self.sample("at-19", 19, 19),
      Self.sample("at-20", 20, 20),
    ])
    #expect(Self.uuids(store, 10, 20) == ["at-10", "at-19"])
  }

  @Test func emptyRangeFindsOnlySamplesStrictlyAroundIt() {
    let store = Self.store([
      Self.sample("around", 5, 15), Self.sample("starts-there", 10, 20),
      Self.sample("ends-there", 0, 10), Self.sample("instant", 10, 10),
    ])
    #expect(Self.uuids(store, 10, 10) == ["around"])
  }

  @Test func openEndsSelectEverything() {
    let store = Self.store([Self.sample("a", 100, 200), Self.sample("b", 0, 0)])
    #expect(Self.uuids(store, nil, nil) == ["b", "a"])
    #expect(Self.uuids(store, 150, nil) == ["a"])
    #expect(Self.uuids(store, nil, 50) == ["b"])
  }

  /// A long sample written before many short ones must still be found through the running
  /// maximum duration.
  @Test func longSampleFarBeforeTheRangeIsFound() {
    var samples = [Self.sample("long", 0, 1_000_000)]
    for index in 0..<100 { samples.append(Self.sample("s\(index)", index * 10, index * 10 + 5)) }
    let store = Self.store(samples)
    #expect(Self.uuids(store, 999_000, 999_001) == ["long"])
  }

  @Test func tiesKeepTheOrderWrittenInBothDirections() {
    let store = Self.store([
      Self.sample("t1", 50, 60), Self.sample("early", 10, 20), Self.sample("t2", 50, 55),
      Self.sample("t3", 50, 50), Self.sample("late", 70, 80),
    ])
    #expect(Self.uuids(store, nil, nil) == ["early", "t1", "t2", "t3", "late"])
    #expect(Self.uuids(store, nil, nil, ascending: false) == ["late", "t1", "t2", "t3", "early"])
  }

  @Test func limitTakesTheFirstInOrder() {
    let store = Self.store([
      Self.sample("a", 10, 10), Self.sample("b", 20, 20), Self.sample("c", 20, 20),
      Self.sample("d", 30, 30),
    ])
    #expect(Self.uuids(store, nil, nil, limit: 2) == ["a", "b"])
    #expect(Self.uuids(store, nil, nil, ascending: false, limit: 2) == ["d", "b"])
    #expect(Self.uuids(store, nil, nil, ascending: false, limit: 3) == ["d", "b", "c"])
    #expect(Self.uuids(store, nil, nil, limit: 0) == [])
  }

  @Test func typesAreIndexedApart() {
    let store = Self.store([
      Self.sample("steps", 0, 10),
      Self.sample("hr", 0, 10, identifier: "HKQuantityTypeIdentifierHeartRate"),
    ])
    #expect(Self.uuids(store, nil, nil) == ["steps"])
    #expect(
      store.query(
        identifier: "HKQuantityTypeIdentifierHeartRate", start: nil, end: nil, ascending: true,
        limit: nil
      ).map(\.uuid) == ["hr"])
    #expect(
      store.query(
        identifier: "HKQuantityTypeIdentifierNone", start: nil, end: nil, ascending: true,
        limit: nil
      )
      .isEmpty)
  }

  @Test func removeTakesTheSampleOutOfItsIndex() {
    var store = Self.store([
      Self.sample("a", 10, 10), Self.sample("b", 10, 10), Self.sample("c", 10, 10),
    ])
    let removed = store.remove(uuid: "b")
    let removedAgain = store.remove(uuid: "b")
    #expect(removed)
    #expect(!removedAgain)
    #expect(Self.uuids(store, nil, nil) == ["a", "c"])
    #expect(store.sample(uuid: "b") == nil)
    #expect(store.count == 2)
  }

  @Test func writeOrderIsKeptForTheSnapshot() {
    let store = Self.store([Self.sample("x", 30, 30), Self.sample("y", 10, 10)])
    #expect(store.allInWriteOrder.map(\.uuid) == ["x", "y"])
  }

  /// The index against a plain scan, over many random samples and ranges.
  @Test func indexAgreesWithAScan() {
    var generator = SplitMix(seed: 42)
    var samples: [StoredSample] = []
    for index in 0..<400 {
      let start = Int(generator.next() % 1_000)
      let duration = generator.next() % 4 == 0 ? 0 : Int(generator.next() % 120)
      samples.append(Self.sample("s\(index)", start, start + duration))
    }
    var store = Self.store(samples)
    for index in stride(from: 0, to: 400, by: 7) {
      store.remove(uuid: "s\(index)")
      samples.removeAll { $0.uuid == "s\(index)" }
    }
    for _ in 0..<200 {
      let start = Int(generator.next() % 1_100) - 50
      let end = start + Int(generator.next() % 200)
      let expected = samples.filter { $0.overlaps(start: start, end: end) }
        .sorted {
          ($0.start, Int($0.uuid.dropFirst()) ?? 0) < ($1.start, Int($1.uuid.dropFirst()) ?? 0)
        }
        .map(\.uuid)
      #expect(Self.uuids(store, start, end) == expected)
    }
  }
}

/// A small deterministic generator (SplitMix64).
struct SplitMix {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
