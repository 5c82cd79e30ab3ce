import HealthStore
import StoreFixtures
import Testing

/// The per-type index and the overlap rule in protocol/healthkit-rules.md#time, on the store alone.
@Suite struct SampleStoreTests {
  static let steps = "HKQuantityTypeIdentifierStepCount"

  /// A steps sample named `uuid` from `start` to `end`.
  static func sample(_ uuid: String, _ start: Int, _ end: Int, identifier: String = steps)
    -> StoredSample
  {
    StoredSample(
      uuid: uuid, identifier: identifier, start: start, end: end,
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

  /// The chunked index against a plain scan at block sizes that force many splits and merges:
  /// samples written in time order (appends) and back-dated (inserts inside blocks), many
  /// sharing a start (ties across block boundaries), deletes in bursts that empty blocks, writes
  /// that reuse freed slots, and queries in both directions with and without limits.
  @Test(arguments: [(2, 300), (3, 300), (4, 600), (16, 2_000), (512, 3_000)])
  func chunkedIndexAgreesWithAScan(blockCapacity: Int, size: Int) {
    var generator = SplitMix(seed: UInt64(blockCapacity * 1_000 + size))
    var store = SampleStore(indexBlockCapacity: blockCapacity)
    var model = ScanModel()
    var written = 0

    func write(start: Int, duration: Int) {
      let sample = Self.sample("s\(written)", start, start + duration)
      written += 1
      store.insert(sample)
      model.insert(sample)
    }
    func randomDuration() -> Int {
      generator.next() % 4 == 0 ? 0 : Int(generator.next() % 90)
    }
    func check(queries: Int) {
      for _ in 0..<queries {
        let start = Int(generator.next() % 2_200) - 100
        let end = start + Int(generator.next() % 300)
        let ascending = generator.next() % 2 == 0
        let limit = generator.next() % 3 == 0 ? Int(generator.next() % 12) + 1 : nil
        let open = generator.next() % 10
        let queryStart = open == 0 ? nil : start
        let queryEnd = open == 1 ? nil : end
        #expect(
          Self.uuids(store, queryStart, queryEnd, ascending: ascending, limit: limit)
            == model.expected(queryStart, queryEnd, ascending: ascending, limit: limit))
      }
      #expect(store.count == model.samples.count)
      #expect(store.allInWriteOrder.map(\.uuid) == model.samples.map(\.uuid))
    }

    // Half in time order, with runs of equal starts; half back-dated at random.
    var clock = 0
    for _ in 0..<(size / 2) {
      clock += generator.next() % 3 == 0 ? 0 : Int(generator.next() % 8)
      write(start: clock, duration: randomDuration())
    }
    for _ in 0..<(size / 2) {
      write(start: Int(generator.next() % 2_000) / 5 * 5, duration: randomDuration())
    }
    check(queries: 150)
    // Deletes: scattered, then a contiguous burst of a fifth of the timeline.
    for sample in model.samples where generator.next() % 3 == 0 {
      let removed = store.remove(uuid: sample.uuid)
      #expect(removed)
      model.remove(sample.uuid)
    }
    let burst = model.sortedAscending().dropFirst(model.samples.count / 3)
      .prefix(model.samples.count / 5)
    for sample in burst {
      let removed = store.remove(uuid: sample.uuid)
      #expect(removed)
      model.remove(sample.uuid)
    }
    check(queries: 150)
    // Writes again, into the emptied stretch and around it.
    for _ in 0..<(size / 3) {
      write(start: Int(generator.next() % 2_000), duration: randomDuration())
    }
    check(queries: 150)
    // Everything deleted, then written again.
    for sample in model.samples {
      let removed = store.remove(uuid: sample.uuid)
      #expect(removed)
    }
    model.samples.removeAll()
    check(queries: 20)
    for _ in 0..<(size / 10) { write(start: Int(generator.next() % 2_000), duration: 0) }
    check(queries: 50)
  }

  /// Samples with one start spread over many blocks still come in the order written, both
  /// ways, and a limit takes the first of them.
  @Test func tiesAcrossBlocksKeepTheOrderWritten() {
    var store = SampleStore(indexBlockCapacity: 2)
    let names = (0..<9).map { "t\($0)" }
    store.insert(Self.sample("late", 80, 80))
    for name in names { store.insert(Self.sample(name, 50, 60)) }
    store.insert(Self.sample("early", 10, 10))
    #expect(Self.uuids(store, nil, nil) == ["early"] + names + ["late"])
    #expect(Self.uuids(store, nil, nil, ascending: false) == ["late"] + names + ["early"])
    #expect(Self.uuids(store, nil, nil, ascending: false, limit: 4) == ["late", "t0", "t1", "t2"])
    #expect(Self.uuids(store, 55, 56, ascending: false, limit: 2) == ["t0", "t1"])
  }

  /// A freed slot is reused by the next write, which still comes last in write order.
  @Test func reusedSlotsKeepTheWriteOrder() {
    var store = Self.store([
      Self.sample("a", 30, 30), Self.sample("b", 10, 10), Self.sample("c", 20, 20),
    ])
    store.remove(uuid: "a")
    store.insert(Self.sample("d", 5, 5))
    store.insert(Self.sample("e", 40, 40))
    #expect(store.allInWriteOrder.map(\.uuid) == ["b", "c", "d", "e"])
    // The delete of a took anchor 4 in the change log.
    #expect(store.allInWriteOrder.map(\.sequence) == [2, 3, 5, 6])
    #expect(Self.uuids(store, nil, nil) == ["d", "b", "c", "e"])
    #expect(store.sample(uuid: "a") == nil)
    #expect(store.sample(uuid: "d")?.start == 5)
  }

  /// Writing a uuid that is stored replaces that sample (in the index too).
  @Test func rewritingAUUIDReplacesTheSample() {
    var store = Self.store([Self.sample("a", 10, 10), Self.sample("b", 20, 20)])
    store.insert(Self.sample("a", 30, 30))
    #expect(store.count == 2)
    #expect(Self.uuids(store, nil, nil) == ["b", "a"])
    #expect(store.sample(uuid: "a")?.start == 30)
    #expect(store.allInWriteOrder.map(\.uuid) == ["b", "a"])
  }

  /// Every kind of body, metadata, sources with and without a name, correlations' members and
  /// containers come back from the store exactly as written (the store packs them).
  @Test func samplesComeBackExactlyAsWritten() {
    let app = SampleSource(bundleId: "com.example.app")
    let watch = SampleSource(bundleId: "com.apple.health.watch", name: "Apple Watch")
    let heartRate = "HKQuantityTypeIdentifierHeartRate"
    let kcal = MeasuredQuantity(value: 320.5, unit: "kcal")
    func sample(
      _ uuid: String, _ identifier: String, _ body: SampleBody,
      metadata: [MetadataEntry] = [], source: SampleSource = app, container: String? = nil,
      members: [String] = []
    ) -> StoredSample {
      StoredSample(
        uuid: uuid, identifier: identifier, start: 1_000, end: 2_000,
        body: body, metadata: metadata, source: source, container: container, members: members)
    }
    let written = [
      sample("q1", heartRate, .quantity(MeasuredQuantity(value: -0.0, unit: "count/min"))),
      sample("q2", heartRate, .quantity(MeasuredQuantity(value: 61, unit: "count/s"))),
      sample(
        "q3", heartRate,
        .quantity(MeasuredQuantity(value: .leastNonzeroMagnitude, unit: "count/min")),
        source: watch),
      sample(
        "c1", "HKCategoryTypeIdentifierSleepAnalysis", .category(rawValue: -7),
        metadata: [MetadataEntry("HKTimeZone", .string("Europe/Paris"))]),
      sample(
        "bp", "HKCorrelationTypeIdentifierBloodPressure",
        .bloodPressure(systolic: 120, diastolic: 80, unit: "mmHg"), members: ["m1", "m2"]),
      sample(
        "m1", "HKQuantityTypeIdentifierBloodPressureSystolic",
        .quantity(MeasuredQuantity(value: 120, unit: "mmHg")), container: "bp"),
      sample(
        "food", "HKCorrelationTypeIdentifierFood",
        .food([
          NutrientAmount(
            identifier: "HKQuantityTypeIdentifierDietaryProtein",
            amount: MeasuredQuantity(value: 3, unit: "g"))
        ]),
        metadata: [
          MetadataEntry("HKFoodType", .string("apple")), MetadataEntry("n", .int(-1)),
          MetadataEntry("d", .double(0.25)),
        ]),
      sample(
        "w", "HKWorkoutTypeIdentifier",
        .workout(
          WorkoutSummary(
            activityType: "running", energy: kcal, distance: nil,
            series: [
              WorkoutSeries(
                identifier: "HKQuantityTypeIdentifierActiveEnergyBurned",
                values: [TimedQuantity(amount: kcal, time: 1_500)])
            ]))),
      sample(
        "a", "HKAudiogramSampleType",
        .audiogram([AudiogramPoint(frequencyHz: 1_000, leftDb: 10, rightDb: nil)])),
      sample("e", "HKDataTypeIdentifierElectrocardiogram", .empty, source: watch),
    ]
    let store = Self.store(written)
    for (offset, original) in written.enumerated() {
      var expected = original
      expected.sequence = offset + 1
      #expect(store.sample(uuid: original.uuid) == expected)
      #expect(
        store.query(
          identifier: original.identifier, start: nil, end: nil, ascending: true, limit: nil
        ).contains(expected))
    }
    let negativeZero = store.sample(uuid: "q1").flatMap { sample -> UInt64? in
      guard case .quantity(let quantity) = sample.body else { return nil }
      return quantity.value.bitPattern
    }
    #expect(negativeZero == 0x8000_0000_0000_0000)
    #expect(store.allInWriteOrder.map(\.uuid) == written.map(\.uuid))
  }

  /// Deleting every sample and writing again starts from an empty index.
  @Test func emptiedStoreTakesNewSamples() {
    var store = Self.store([Self.sample("a", 10, 20), Self.sample("b", 20, 30)])
    store.remove(uuid: "a")
    store.remove(uuid: "b")
    #expect(store.count == 0)
    #expect(Self.uuids(store, nil, nil).isEmpty)
    #expect(store.allInWriteOrder.isEmpty)
    store.insert(Self.sample("c", 15, 15))
    #expect(Self.uuids(store, nil, nil) == ["c"])
    #expect(store.allInWriteOrder.map(\.uuid) == ["c"])
  }
}

/// What a query must answer, computed by scanning every sample (the rule in protocol/healthkit-rules.md#time, the order by
/// start with ties in the order written, newest first reversing only the starts).
struct ScanModel {
  /// The stored samples in the order written.
  var samples: [StoredSample] = []

  mutating func insert(_ sample: StoredSample) { samples.append(sample) }

  mutating func remove(_ uuid: String) { samples.removeAll { $0.uuid == uuid } }

  /// The samples by start, ties in the order written.
  func sortedAscending() -> [StoredSample] {
    samples.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
      .map(\.element)
  }

  func expected(_ start: Int?, _ end: Int?, ascending: Bool, limit: Int?) -> [String] {
    let rangeStart = start ?? Int.min
    let rangeEnd = end ?? Int.max
    let found = samples.enumerated().filter {
      $0.element.overlaps(start: rangeStart, end: rangeEnd)
    }
    let ordered = found.sorted {
      ascending
        ? ($0.element.start, $0.offset) < ($1.element.start, $1.offset)
        : (-$0.element.start, $0.offset) < (-$1.element.start, $1.offset)
    }
    return ordered.prefix(limit ?? Int.max).map(\.element.uuid)
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
