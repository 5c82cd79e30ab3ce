import CKTypeRecords
import ChannelTestSupport
import FlutterCodec
import HealthKitModel
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles
@testable import ProfileConnectKit

/// Profile `connect_kit`, `writeRecords` of the record kinds beyond `data` quantities and
/// categories: workouts, sleep sessions, nutrition, audiograms, ECGs, and the `samples` and
/// `label` value patterns (protocol/profiles/connect_kit.md).
@Suite struct ConnectKitRecordKindTests {
  static let start = 1_703_998_800_000
  static let minute = 60_000
  /// Sharing workouts and every type ConnectKit's mapper gives a workout component (the
  /// builder's `add` needs each sample type's sharing, as HealthKit's does).
  static let workoutAndComponents: [ChannelValue] = [
    "workout", "workout.energy", "workout.distance", "workout.heartRate", "workout.speed",
    "workout.power",
  ]

  /// The uuid the store mints `n`-th, as `uuidString` prints it.
  static func uuid(_ n: Int) -> ChannelValue {
    let hex = String(n, radix: 16, uppercase: true)
    return .string(
      "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex)
  }

  static func failure(_ path: [Int64], _ message: String, _ type: String = "DecodeError")
    -> ChannelValue
  {
    .object([
      ("indexPath", .list(path.map { .int64($0) })), ("message", .string(message)),
      ("type", .string(type)),
    ])
  }

  static func time(_ milliseconds: Int) -> ChannelValue { .int64(Int64(milliseconds)) }

  /// A `data` record of one pattern.
  static func data(
    _ type: String, _ value: ChannelValue, unit: String? = "count", pattern: String = "quantity",
    start: Int = start, end: Int? = nil, categoryName: String? = nil
  ) -> ChannelValue {
    var data: [(String, ChannelValue)] = [("valuePattern", .string(pattern)), ("value", value)]
    if let unit { data.append(("unit", .string(unit))) }
    if let categoryName { data.append(("categoryName", .string(categoryName))) }
    return .object([
      ("recordKind", "data"), ("type", .string(type)), ("startTime", time(start)),
      ("endTime", time(end ?? start)), ("data", .object(data)),
    ])
  }

  static func workout(
    _ activity: String = "running", start: Int = start, end: Int = start + 30 * minute,
    _ extra: [(String, ChannelValue)] = []
  ) -> ChannelValue {
    .object(
      [
        ("recordKind", "workout"), ("activityType", .string(activity)),
        ("startTime", time(start)), ("endTime", time(end)),
      ] + extra)
  }

  func write(_ host: ConnectKitHost, _ records: [ChannelValue]) -> [ChannelValue] {
    host.fields("writeRecords", [.list(records)])
  }

  func metadata(_ sample: StoredSample) -> [String: MetadataValue] {
    Dictionary(sample.metadata.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
  }

  // MARK: workout

  @Test func aWorkoutNeedsItsSharePermissionToBegin() {
    let host = ConnectKitHost()
    #expect(
      write(host, [Self.workout()]) == [
        "failure", nil,
        [
          Self.failure(
            [0],
            // HealthKit's own text, which ConnectKit passes on (sharing never asked for).
            "workout |  | Failed to begin workout collection: Authorization not determined")
        ],
      ])
    #expect(host.store.samplesInWriteOrder.isEmpty)
  }

  @Test func aWorkoutKeepsItsSamplesAndTotals() throws {
    let host = ConnectKitHost()
    host.grant(write: ["workout", "activeEnergy", "heartRate", "workout.distance"])
    let end = Self.start + 30 * Self.minute
    let fields = write(
      host,
      [
        Self.workout(
          "running", end: end,
          [
            ("title", "Tempo"), ("source", .object([("recordingMethod", "activelyRecorded")])),
            (
              "duringSession",
              [
                Self.data("workout.energy", 150, unit: "kcal", end: Self.start + 15 * Self.minute),
                Self.data("workout.distance", 5.2, unit: "km", end: end),
                Self.data(
                  "workout.heartRate",
                  [
                    .object([("value", 150.0), ("time", Self.time(Self.start + Self.minute))]),
                    .object([("value", 160.0), ("time", Self.time(end))]),
                  ], unit: "bpm", pattern: "samples", end: end),
                Self.data(
                  "activeEnergy", 160, unit: "kcal", start: Self.start + 15 * Self.minute, end: end
                ),
                Self.data("heartRate", 155, unit: "bpm", start: end, end: end),
              ]
            ),
          ])
      ])
    // The builder saves the workout (1), then its samples, all associated with it: the
    // workout.<component> ones (2-5), then the plain ones in the order given (6-7).
    #expect(fields == ["completeSuccess", [Self.uuid(1)], nil])
    let stored = host.store.samplesInWriteOrder
    #expect(
      ckTypes(stored, host.store) == [
        "workout", "activeEnergy", "distanceWalkingRunning", "heartRate", "heartRate",
        "activeEnergy", "heartRate",
      ])
    #expect(stored.map(\.workout) == [nil] + Array(repeating: stored[0].uuid, count: 6))
    #expect(stored[1].start == Self.start && stored[1].end == Self.start + 15 * Self.minute)
    #expect(stored[1].body == .quantity(MeasuredQuantity(value: 150, unit: "kcal")))
    #expect(stored[5].start == Self.start + 15 * Self.minute && stored[5].end == end)
    #expect(stored[5].body == .quantity(MeasuredQuantity(value: 160, unit: "kcal")))
    #expect(stored[6].body == .quantity(MeasuredQuantity(value: 155, unit: "count/min")))
    // Every query and statistic sees them; the energy total is their sum.
    let buckets = try host.store.statisticsCollection(
      StatisticsRequest(
        identifier: "HKQuantityTypeIdentifierActiveEnergyBurned", from: Self.start, to: end,
        interval: 30 * Self.minute, unit: "kcal"))
    #expect(buckets.map(\.value) == [310])
    guard case .workout(let summary) = stored[0].body else {
      Issue.record("no workout")
      return
    }
    #expect(summary.activityType == "running")
    #expect(summary.energy == MeasuredQuantity(value: 310, unit: "kcal"))
    #expect(summary.distance == MeasuredQuantity(value: 5.2, unit: "km"))
    #expect(
      summary.series.map(\.identifier) == [
        "HKQuantityTypeIdentifierActiveEnergyBurned",
        "HKQuantityTypeIdentifierDistanceWalkingRunning", "HKQuantityTypeIdentifierHeartRate",
      ])
    #expect(summary.series[2].values.map(\.amount.value) == [150, 160])
    #expect(summary.associated == stored.dropFirst().map(\.uuid))
    #expect(stored[0].start == Self.start && stored[0].end == end)
    #expect(
      stored[0].metadata == [
        MetadataEntry("HKWasUserEntered", .int(0)),
        MetadataEntry("ck_recordingMethod", .string("activelyRecorded")),
        MetadataEntry("ck_title", .string("Tempo")),
      ])
  }

  @Test func aComponentTypeNeverSharedLeavesTheWorkoutBare() {
    let host = ConnectKitHost()
    host.grant(write: ["workout", "workout.energy"])
    let end = Self.start + 30 * Self.minute
    let fields = write(
      host,
      [
        Self.workout(
          "running", end: end,
          [
            (
              "duringSession",
              [
                Self.data("workout.energy", 150, unit: "kcal", end: end),
                Self.data("workout.distance", 5.2, unit: "km", end: end),
              ]
            )
          ])
      ])
    // HealthKit refuses the builder's whole add (distance was never shared); ConnectKit only
    // logs it and saves the workout without samples or totals.
    #expect(fields == ["completeSuccess", [Self.uuid(1)], nil])
    let stored = host.store.samplesInWriteOrder
    #expect(stored.count == 1)
    if case .workout(let summary)? = stored.first?.body {
      #expect(summary.energy == nil && summary.distance == nil)
    } else {
      Issue.record("no workout")
    }
  }

  @Test func componentSamplesCarryConnectKitsMetadata() {
    let host = ConnectKitHost()
    host.grant(write: Self.workoutAndComponents)
    let end = Self.start + 30 * Self.minute
    _ = write(
      host,
      [
        Self.workout(
          "running", end: end,
          [("duringSession", [Self.data("workout.energy", 150, unit: "kcal", end: end)])])
      ])
    let energy = host.store.samplesInWriteOrder.dropFirst().first
    #expect(
      energy?.metadata == [
        MetadataEntry("ck_unit", .string("kcal")),
        MetadataEntry("ck_valuePattern", .string("quantity")),
      ])
  }

  @Test func duringSessionSamplesFailOneByOne() {
    let host = ConnectKitHost()
    host.grant(write: Self.workoutAndComponents)
    let end = Self.start + 30 * Self.minute
    let fields = write(
      host,
      [
        .object([("recordKind", "ecg")]),
        Self.workout(
          "mixedCardio", end: end,
          [
            (
              "duringSession",
              [
                Self.data("workout.energy", 100, unit: "kcal", start: Self.start - 1000, end: end),
                Self.data(
                  "mindfulSession", "unknown", unit: nil, pattern: "category", end: end,
                  categoryName: "CKMindfulnessSessionType"),
                Self.data("workout.distance", 1, unit: "km", end: end),
                Self.data("workout.energy", 100, unit: "m", end: end),
                Self.data("heartRate", 100, unit: nil, end: end),
                Self.data("workout.energy", 50, unit: "kcal", end: end),
              ]
            )
          ]),
      ])
    #expect(
      fields == [
        "partialSuccess", [Self.uuid(1)],
        [
          Self.failure([0], "ecg |  | ECG records are read-only"),
          Self.failure(
            [1, 0],
            "Sample time (2023-12-31 04:59:59 +0000 - 2023-12-31 05:30:00 +0000) is outside "
              + "workout bounds (2023-12-31 05:00:00 +0000 - 2023-12-31 05:30:00 +0000)",
            "DuringSessionDecodeError"),
          Self.failure(
            [1, 1], "DuringSession sample must be a quantity type, got: HKCategorySample",
            "InvalidDuringSessionType"),
          Self.failure(
            [1, 3],
            "Failed to decode duringSession sample: field 'energy[0].unit': unit 'm' is not an "
              + "energy; activeEnergyBurned takes kcal",
            "DuringSessionDecodeError"),
          Self.failure(
            [1, 4],
            "Failed to decode duringSession sample: Missing or invalid unit for quantity type "
              + "'heartRate'",
            "DuringSessionDecodeError"),
        ],
      ])
    guard case .workout(let summary)? = host.store.samplesInWriteOrder.first?.body else {
      Issue.record("no workout")
      return
    }
    #expect(summary.energy == MeasuredQuantity(value: 50, unit: "kcal"))
    // workout.distance [1, 2] is walking + running distance, mixedCardio or not.
    #expect(summary.distance == MeasuredQuantity(value: 1, unit: "km"))
  }

  /// ConnectKit's mapper gives each `workout.<component>` one type whatever the activity:
  /// distance is walking + running distance (not a cycling workout's cycling distance), speed
  /// and power are running speed and power from iOS 16 on (before: no type, the entry fails).
  @Test func workoutComponentsHaveOneTypeWhateverTheActivity() {
    let end = Self.start + 30 * Self.minute
    let components = [
      Self.data("workout.distance", 12, unit: "km", end: end),
      Self.data("workout.speed", 6.5, unit: "m/s", end: end),
      Self.data("workout.power", 210, unit: "W", end: end),
    ]
    let host = ConnectKitHost()
    host.grant(write: Self.workoutAndComponents)
    #expect(
      write(host, [Self.workout("cycling", end: end, [("duringSession", .list(components))])])
        == ["completeSuccess", [Self.uuid(1)], nil])
    let stored = host.store.samplesInWriteOrder
    #expect(
      stored.dropFirst().map(\.identifier) == [
        "HKQuantityTypeIdentifierDistanceWalkingRunning", "HKQuantityTypeIdentifierRunningSpeed",
        "HKQuantityTypeIdentifierRunningPower",
      ])
    if case .workout(let summary)? = stored.first?.body {
      #expect(summary.distance == MeasuredQuantity(value: 12, unit: "km"))
    } else {
      Issue.record("no workout")
    }

    let older = ConnectKitHost(os: "15.7")
    older.grant(write: Self.workoutAndComponents)
    let refused = { (index: Int64, type: String) in
      Self.failure(
        [0, index],
        "Failed to decode duringSession sample: Type '\(type)' is not supported for write "
          + "operations on iOS HealthKit", "DuringSessionDecodeError")
    }
    #expect(
      write(older, [Self.workout("cycling", end: end, [("duringSession", .list(components))])])
        == [
          "partialSuccess", [Self.uuid(1)],
          [refused(1, "workout.speed"), refused(2, "workout.power")],
        ])
    #expect(
      older.store.samplesInWriteOrder.dropFirst().map(\.identifier) == [
        "HKQuantityTypeIdentifierDistanceWalkingRunning"
      ])
  }

  @Test func workoutRecordsThatFail() {
    let host = ConnectKitHost(os: "16.4")
    host.grant(write: Self.workoutAndComponents)
    #expect(
      write(
        host,
        [
          Self.workout("crossFit"), Self.workout("underwaterDiving"),
          .object([("recordKind", "workout"), ("startTime", Self.time(Self.start))]),
          .object([
            ("recordKind", "workout"), ("activityType", 7), ("startTime", Self.time(Self.start)),
            ("endTime", Self.time(Self.start)),
          ]),
          Self.workout(start: Self.start, end: Self.start - Self.minute),
        ]) == [
          "failure", nil,
          [
            Self.failure([0], "workout | activityType | Unsupported activity type: 'crossFit'"),
            // ConnectKit maps underwaterDiving from iOS 17 on.
            Self.failure(
              [1], "workout | activityType | Unsupported activity type: 'underwaterDiving'"),
            Self.failure([2], "workout | endTime | Missing required field"),
            Self.failure([3], "workout | activityType | Expected String but got int32"),
            Self.failure(
              [4],
              "workout |  | End time (2023-12-31 04:59:00 +0000) cannot be before start time "
                + "(2023-12-31 05:00:00 +0000)"),
          ],
        ])
    let iPad = ConnectKitHost(device: "iPad", os: "16.4")
    #expect(
      write(iPad, [Self.workout()]) == [
        "failure", nil,
        [
          Self.failure(
            [0],
            // HealthKit's own text, which ConnectKit passes on.
            "workout |  | Failed to begin workout collection: Health data is unavailable on this "
              + "device")
        ],
      ])
  }

  @Test func aWorkoutIsSavedOutsideTheBatch() {
    let host = ConnectKitHost()
    host.grant(write: Self.workoutAndComponents)
    let fields = write(
      host,
      [
        Self.data("steps", 10),
        Self.workout(
          "cycling", [("duringSession", [Self.data("steps", 500, end: Self.start + 60_000)])]),
      ])
    // The batch (the steps record) is refused; the workout was saved when it was decoded, its
    // steps sample dropped (HKWorkoutBuilder's add failed; ConnectKit only logs it).
    guard fields.count == 3, case .list(let failures) = fields[2], failures.count == 1 else {
      Issue.record("unexpected reply \(fields)")
      return
    }
    #expect(fields[0] == "partialSuccess" && fields[1] == [Self.uuid(1)])
    #expect(failures[0]["indexPath"] == [.int64(-1)])
    #expect(failures[0]["type"] == "HealthConnectInsert")
    #expect(ckTypes(host.store.samplesInWriteOrder, host.store) == ["workout"])
    #expect(
      host.warnings == [
        "connect_kit writeRecords: HealthKit refused the workout's duringSession samples "
          + "(Authorization not determined); the workout is saved without them (ConnectKit only "
          + "logs this)"
      ])
  }

  @Test func storeRefusalsKeepTheStoresWords() {
    let host = ConnectKitHost()
    host.grant(write: ["workout", "sleepSession"])
    let range =
      "is outside the supported range; expected milliseconds since the Unix epoch from 0 "
      + "to 253402300799999"
    #expect(
      write(
        host,
        [
          Self.workout(start: -60_000, end: 0),
          .object([
            ("recordKind", "sleepSession"), ("startTime", Self.time(-60_000)),
            ("endTime", Self.time(60_000)),
            ("stages", [Self.stage("deep", -60_000, 0), Self.stage("rem", 0, 60_000)]),
          ]),
          // A duringSession that is not a list of maps is no samples (`as? [[String: Any]]`).
          Self.workout("yoga", [("duringSession", [Self.data("steps", 1), 3])]),
        ]) == [
          "partialSuccess", [Self.uuid(2), Self.uuid(1)],
          [
            Self.failure([0], "workout | start | start -60000 " + range),
            Self.failure([1, 0], "Stage 0: start -60000 " + range),
          ],
        ])
    #expect(
      ckTypes(host.store.samplesInWriteOrder, host.store) == ["workout", "sleepSession.rem"])
  }

  @Test func activityNamesAsConnectKitMapsThem() {
    let os = OSVersion(17, 5)
    #expect(ConnectKitWorkouts.activity("FOOTBALL", os: os) == "americanFootball")
    #expect(ConnectKitWorkouts.activity("wheelchair", os: os) == "wheelchairWalkPace")
    #expect(
      ConnectKitWorkouts.activity("traditionalStrengthTraining", os: os)
        == "traditionalStrengthTraining")
    #expect(ConnectKitWorkouts.activity("pickleball", os: OSVersion(13, 7)) == nil)
    #expect(ConnectKitWorkouts.activity("pickleball", os: OSVersion(14, 0)) == "pickleball")
    #expect(ConnectKitWorkouts.activity("americanFootball", os: os) == nil)
    // Every activity ConnectKit names is one HealthKit has.
    for (_, activity) in ConnectKitWorkouts.activities {
      #expect(WorkoutActivities.activity(named: activity.name) != nil, "\(activity.name)")
    }
  }

  // MARK: sleepSession

  static func stage(_ name: ChannelValue, _ start: Int, _ end: Int?) -> ChannelValue {
    var pairs: [(String, ChannelValue)] = [("stage", name), ("startTime", time(start))]
    if let end { pairs.append(("endTime", time(end))) }
    return .object(pairs)
  }

  static func sleep(_ stages: ChannelValue, end: Int = start + 480 * minute) -> ChannelValue {
    .object([
      ("recordKind", "sleepSession"), ("title", "Night"), ("notes", "restless"),
      ("startTime", time(start)), ("endTime", time(end)), ("stages", stages),
    ])
  }

  @Test func sleepStagesAreSleepAnalysisSamples() {
    let host = ConnectKitHost()
    host.grant(write: ["sleepSession"])
    let names = ["inBed", "outOfBed", "sleeping", "awake", "light", "deep", "rem", "unknown"]
    let stages = names.enumerated().map {
      Self.stage(.string($1), Self.start + $0 * Self.minute, Self.start + ($0 + 1) * Self.minute)
    }
    #expect(write(host, [Self.sleep(.list(stages))]) == ["completeSuccess", [Self.uuid(1)], nil])
    let stored = host.store.samplesInWriteOrder
    #expect(
      ckTypes(stored, host.store) == [
        "sleepSession.inBed", "sleepSession", "sleepSession", "sleepSession.awake",
        "sleepSession.asleep", "sleepSession.deep", "sleepSession.rem", "sleepSession",
      ])
    #expect(stored.map(\.body) == [0, 1, 1, 2, 3, 4, 5, 1].map { .category(rawValue: $0) })
    #expect(Set(stored.map(\.identifier)) == ["HKCategoryTypeIdentifierSleepAnalysis"])
    #expect(stored[3].start == Self.start + 3 * Self.minute)
    #expect(
      stored.allSatisfy {
        $0.metadata == [
          MetadataEntry("ck_title", .string("Night")),
          MetadataEntry("ck_notes", .string("restless")),
        ]
      })
  }

  @Test func sleepStagesThatFail() {
    let host = ConnectKitHost()
    host.grant(write: ["sleepSession"])
    let end = Self.start + 480 * Self.minute
    let fields = write(
      host,
      [
        Self.sleep(
          [
            Self.stage("inBed", Self.start - 1000, Self.start),
            Self.stage("deep", end, end + 1000),
            Self.stage("nap", Self.start, end),
            Self.stage("rem", Self.start, nil),
            Self.stage(3, Self.start, end),
            Self.stage("rem", end, Self.start),
            Self.stage("awake", Self.start, Self.start + Self.minute),
          ]),
        Self.sleep([]),
        Self.sleep(["inBed"]),
        .object([("recordKind", "sleepSession"), ("startTime", Self.time(Self.start))]),
      ])
    #expect(
      fields == [
        "partialSuccess", [Self.uuid(1)],
        [
          Self.failure(
            [0, 0],
            "Stage 0: Stage start time (2023-12-31 04:59:59 +0000) is before session start "
              + "(2023-12-31 05:00:00 +0000)"),
          Self.failure(
            [0, 1],
            "Stage 1: Stage end time (2023-12-31 13:00:01 +0000) is after session end "
              + "(2023-12-31 13:00:00 +0000)"),
          Self.failure([0, 2], "Stage 2: Unknown sleep stage: nap"),
          Self.failure([0, 3], "Stage 3: Missing required field"),
          Self.failure([0, 4], "Stage 4: Expected String but got int32"),
          Self.failure(
            [0, 5],
            "Stage 5: End time (2023-12-31 05:00:00 +0000) cannot be before start time "
              + "(2023-12-31 13:00:00 +0000)"),
          Self.failure([1], "sleepSession | stages | Sleep session must have at least one stage"),
          Self.failure([2], "sleepSession | stages | Sleep session must have at least one stage"),
          Self.failure([3], "sleepSession | endTime | Missing required field"),
        ],
      ])
    #expect(ckTypes(host.store.samplesInWriteOrder, host.store) == ["sleepSession.awake"])
  }

  @Test func sleepStagesNeedIOS16() {
    // ConnectKit's SleepSession category is empty below iOS 16: every stage is unknown.
    let host = ConnectKitHost(os: "15.0")
    host.grant(write: ["sleepSession"])
    #expect(
      write(host, [Self.sleep([Self.stage("inBed", Self.start, Self.start + Self.minute)])]) == [
        "failure", nil, [Self.failure([0, 0], "Stage 0: Unknown sleep stage: inBed")],
      ])
  }

  // MARK: nutrition

  static func nutrition(_ nutrients: ChannelValue?, name: String? = nil, meal: String? = nil)
    -> ChannelValue
  {
    var pairs: [(String, ChannelValue)] = [
      ("recordKind", "nutrition"), ("startTime", time(start)), ("endTime", time(start)),
    ]
    if let name { pairs.append(("name", .string(name))) }
    if let meal { pairs.append(("mealType", .string(meal))) }
    if let nutrients { pairs.append(("nutrients", nutrients)) }
    return .object(pairs)
  }

  static func amount(_ value: ChannelValue, _ unit: ChannelValue?) -> ChannelValue {
    var pairs: [(String, ChannelValue)] = [("value", value)]
    if let unit { pairs.append(("unit", unit)) }
    return .object(pairs)
  }

  @Test func nutritionIsAFoodCorrelation() {
    let host = ConnectKitHost()
    host.grant(write: ["nutrition.energy", "nutrition.protein"])
    let fields = write(
      host,
      [
        Self.nutrition(
          .object([
            ("protein", Self.amount(11, "g")), ("energy", Self.amount(320, "kcal")),
            ("totalFat", Self.amount(9, "g")), ("transFat", Self.amount(0, "g")),
          ]), name: "Porridge", meal: "breakfast"),
        Self.nutrition(.object([("energy", Self.amount(90, "kcal"))]), meal: "snack"),
      ])
    // Members first (energy 1, protein 2), then the correlation (3); the snack 4, 5.
    #expect(fields == ["completeSuccess", [Self.uuid(3), Self.uuid(5)], nil])
    let stored = host.store.samplesInWriteOrder
    #expect(
      ckTypes(stored, host.store) == [
        "nutrition.energy", "nutrition.protein", "nutrition", "nutrition.energy", "nutrition",
      ])
    let breakfast = [
      MetadataEntry("ck_mealType", .string("breakfast")),
      // HKMetadataKeyFoodType's value: the key HealthKit keeps.
      MetadataEntry("HKFoodType", .string("Porridge")),
    ]
    #expect(stored[0].metadata == breakfast && stored[2].metadata == breakfast)
    #expect(stored[2].members == ["00000000-0000-4000-8000-000000000001", stored[1].uuid])
    #expect(metadata(stored[4])["HKFoodType"] == .string("snack"))
  }

  @Test func nutrientsThatFail() {
    let host = ConnectKitHost()
    host.grant(write: ["nutrition.energy", "nutrition.protein", "nutrition.sugar"])
    let fields = write(
      host,
      [
        Self.nutrition(
          .object([
            ("carbs", 5), ("energy", Self.amount("lots", "kcal")),
            ("fat", Self.amount(3, nil)), ("fiber", Self.amount(3, "parsecs")),
            ("protein", Self.amount(4, "kcal")), ("sugar", Self.amount(2, "g")),
          ])),
        Self.nutrition(nil),
        Self.nutrition(.object([("protein", Self.amount(4, "kcal"))])),
        Self.nutrition("protein"),
      ])
    #expect(
      fields == [
        "partialSuccess", [Self.uuid(2)],
        [
          Self.failure([0, 0], "Nutrient 'carbs' has invalid format (expected Map)"),
          Self.failure(
            [0, 1],
            "Failed to decode nutrient 'energy': Missing or invalid 'value' field for nutrient "
              + "'energy'"),
          Self.failure(
            [0, 2],
            "Failed to decode nutrient 'fat': Missing or invalid 'unit' field for nutrient 'fat'"),
          Self.failure([0, 3], "Failed to decode nutrient 'fiber': Unsupported unit 'parsecs'"),
          Self.failure(
            [0, 4],
            "Failed to decode nutrient 'protein': field 'unit': unit 'kcal' is not a mass; "
              + "dietaryProtein takes g"),
          Self.failure([1], "nutrition |  | Nutrition record missing 'nutrients' map"),
          Self.failure(
            [2], "nutrition |  | Nutrition record must have at least one valid nutrient value"),
          Self.failure([3], "nutrition |  | Nutrition record missing 'nutrients' map"),
        ],
      ])
    // The sugar is saved (1) in its correlation (2).
    #expect(
      ckTypes(host.store.samplesInWriteOrder, host.store) == ["nutrition.sugar", "nutrition"])
  }

  @Test func anUngrantedNutrientRefusesTheBatch() {
    let host = ConnectKitHost()
    host.grant(write: ["nutrition.energy"])
    let fields = write(
      host,
      [
        Self.nutrition(
          .object([("energy", Self.amount(90, "kcal")), ("sugar", Self.amount(2, "g"))]))
      ])
    #expect(
      fields == [
        "failure", nil,
        [
          Self.failure(
            [-1],
            "HealthKit failed to save records: Authorization not determined",
            "HealthConnectInsert")
        ],
      ])
    #expect(host.store.samplesInWriteOrder.isEmpty)
  }

  // MARK: samples and label values

  static func sample(_ value: ChannelValue?, _ time: ChannelValue?) -> ChannelValue {
    var pairs: [(String, ChannelValue)] = []
    if let value { pairs.append(("value", value)) }
    if let time { pairs.append(("time", time)) }
    return .object(pairs)
  }

  @Test func samplesAreOneQuantitySampleEach() {
    let host = ConnectKitHost()
    host.grant(write: ["heartRate", "mindfulSession"])
    let times = [Self.start, Self.start + Self.minute]
    let fields = write(
      host,
      [
        Self.data(
          "heartRate",
          [Self.sample(62, Self.time(times[0])), Self.sample(64.5, .float64(Double(times[1])))],
          unit: "bpm", pattern: "samples"),
        Self.data("heartRate", [], unit: "bpm", pattern: "samples"),
        Self.data(
          "heartRate", [Self.sample(nil, Self.time(times[0]))], unit: "bpm", pattern: "samples"),
        Self.data(
          "heartRate", [Self.sample(62, .float64(Double(times[0]) + 0.5))], unit: "bpm",
          pattern: "samples"),
        Self.data(
          "heartRate", [Self.sample(62, Self.time(times[0]))], unit: nil, pattern: "samples"),
        Self.data("heartRate", 62, unit: "bpm", pattern: "samples"),
        Self.data("heartRate", [62], unit: "bpm", pattern: "samples"),
        Self.data(
          "mindfulSession", [Self.sample(1, Self.time(times[0]))], unit: nil, pattern: "samples"),
      ])
    #expect(
      fields == [
        "partialSuccess", [Self.uuid(1)],
        [
          Self.failure([2], "data | samples.value | Invalid sample: missing 'value'"),
          Self.failure([3], "data | samples.time | Invalid sample: missing 'time'"),
          Self.failure([4], "data | unit | Missing or invalid unit for quantity type 'heartRate'"),
          // ConnectKit prints `String(describing:)` of the optional value (iOS's NSNumber text).
          Self.failure(
            [5], "data | value | Invalid samples value: expected Array, got 'Optional(62)'"),
          Self.failure(
            [6], "data | value | Invalid samples value: expected Array, got 'Optional(list)'"),
          Self.failure(
            [7],
            "data | value | Invalid category value: expected Map with 'value' and 'categoryName'"),
        ],
      ])
    let stored = host.store.samplesInWriteOrder
    #expect(stored.map(\.start) == times && stored.map(\.end) == times)
    #expect(
      stored.map(\.body) == [
        .quantity(MeasuredQuantity(value: 62, unit: "count/min")),
        .quantity(MeasuredQuantity(value: 64.5, unit: "count/min")),
      ])
    #expect(metadata(stored[1])["ck_valuePattern"] == .string("samples"))
  }

  @Test func labelValuesNeverMakeASample() {
    let host = ConnectKitHost()
    host.grant(write: ["heartRate", "mindfulSession"])
    #expect(
      write(
        host,
        [
          Self.data("heartRate", "resting", unit: nil, pattern: "label"),
          Self.data("heartRate", "resting", unit: "bpm", pattern: "label"),
          Self.data("mindfulSession", "calm", unit: nil, pattern: "label"),
          Self.data("heartRate", 60, unit: nil, pattern: "label"),
          Self.data("heartRate", 60, unit: nil, pattern: "pattern"),
        ]) == [
          "failure", nil,
          [
            Self.failure(
              [0], "data | unit | Missing or invalid unit for quantity type 'heartRate'"),
            Self.failure(
              [1], "data | value | Invalid value for quantity type: expected Double or Array"),
            Self.failure(
              [2],
              "data | value | Invalid category value: expected Map with 'value' and 'categoryName'"
            ),
            Self.failure(
              [3], "data | value | Invalid label value: expected String, got 'Optional(60)'"),
            Self.failure([4], "data | valuePattern | Unsupported valuePattern 'pattern'"),
          ],
        ])
  }

  // MARK: multiple values

  static func multiple(_ type: String, _ value: ChannelValue, main: String?) -> ChannelValue {
    var pairs: [(String, ChannelValue)] = [
      ("recordKind", "data"), ("type", .string(type)), ("startTime", time(start)),
      ("endTime", time(start)),
      ("data", .object([("valuePattern", "multiple"), ("value", value)])),
    ]
    if let main { pairs.append(("metadata", .object([("mainProperty", .string(main))]))) }
    return .object(pairs)
  }

  static func property(
    _ pattern: String, _ value: ChannelValue, unit: String? = nil, category: String? = nil
  ) -> ChannelValue {
    var pairs: [(String, ChannelValue)] = [("valuePattern", .string(pattern)), ("value", value)]
    if let unit { pairs.append(("unit", .string(unit))) }
    if let category { pairs.append(("categoryName", .string(category))) }
    return .object(pairs)
  }

  @Test func multipleValuesKeepTheirOtherPropertiesAsMetadata() {
    let host = ConnectKitHost()
    host.grant(write: ["bodyTemperature", "mindfulSession", "bloodGlucose", "vo2Max"])
    let temperature = Self.property("quantity", 36.6, unit: "celsius")
    let fields = write(
      host,
      [
        Self.multiple(
          "bodyTemperature",
          .object([
            (
              "measurementLocation",
              Self.property(
                "category", "ear", category: "CKBodyTemperatureMeasurementLocation")
            ),
            ("temperature", temperature), ("skipped", "not a map"),
            ("readings", Self.property("samples", [Self.sample(36.5, 1_000)], unit: "c")),
          ]), main: "temperature"),
        Self.multiple(
          "mindfulSession",
          .object([
            (
              "mindfulnessSessionType",
              Self.property("category", "unknown", category: "CKMindfulnessSessionType")
            ),
            ("notes", Self.property("label", "in/out \"slow\"")),
          ]), main: "mindfulnessSessionType"),
        Self.multiple(
          "bloodGlucose",
          .object([
            ("level", Self.property("quantity", 95, unit: "mg/dL")),
            ("mealType", Self.property("category", "breakfast", category: "CKMealType")),
          ]), main: "level"),
        Self.multiple(
          "vo2Max",
          .object([
            ("vo2Max", Self.property("quantity", 42, unit: "count")),
            (
              "measurementMethod",
              Self.property("category", "fitnessTest", category: "CKVo2MaxMeasurementMethod")
            ),
          ]), main: "vo2Max"),
      ])
    #expect(fields.first == "partialSuccess")
    let stored = host.store.samplesInWriteOrder
    #expect(ckTypes(stored, host.store) == ["bodyTemperature", "mindfulSession", "bloodGlucose"])
    #expect(
      stored[0].metadata == [
        MetadataEntry("HKBodyTemperatureSensorLocation", .int(3)),
        MetadataEntry(
          "ck_measurementLocation",
          .string(
            #"{"unit":null,"value":{"categoryName":"CKBodyTemperatureMeasurementLocation","#
              + #""value":"ear"},"valuePattern":"category"}"#)),
        MetadataEntry(
          "ck_readings",
          .string(#"{"unit":"c","value":[{"time":1000,"value":36.5}],"valuePattern":"samples"}"#)),
        MetadataEntry("ck_unit", .string("celsius")),
        MetadataEntry("ck_valuePattern", .string("quantity")),
      ])
    #expect(stored[0].body == .quantity(MeasuredQuantity(value: 36.6, unit: "degC")))
    #expect(
      metadata(stored[1])["ck_notes"]
        == .string(#"{"unit":null,"value":"in\/out \"slow\"","valuePattern":"label"}"#))
    #expect(metadata(stored[1])["ck_valuePattern"] == .string("category"))
    #expect(metadata(stored[2])["HKFoodType"] == .string("breakfast"))
    // vo2Max's unit (ml/(kg·min)) is not one ConnectKit parses, and `count` is no VO2 unit:
    // ConnectKit cannot write vo2Max. Its measurementMethod would be HealthKit's test type.
    guard case .list(let failures)? = fields.last else { return }
    #expect(
      failures == [
        Self.failure(
          [3],
          "data | unit | field 'unit': unit 'count' is not an oxygen uptake "
            + "(volume/(mass*time)); vo2Max takes ml/(kg*min)")
      ])
    #expect(
      ConnectKitRecordMap.healthKitMetadata(
        type: "vo2Max", property: "measurementMethod",
        value: .category(value: "fitnessTest", categoryName: "CKVo2MaxMeasurementMethod"),
        os: OSVersion(17, 5)) == MetadataInputEntry("HKMetadataKeyVO2MaxTestType", .int(2)))
  }

  @Test func multipleValuesThatFail() {
    let host = ConnectKitHost()
    host.grant(write: ["bodyTemperature"])
    let temperature = Self.property("quantity", 36.6, unit: "celsius")
    #expect(
      write(
        host,
        [
          Self.multiple("bodyTemperature", .object([("temperature", temperature)]), main: nil),
          Self.multiple("bodyTemperature", .object([("temperature", temperature)]), main: ""),
          Self.multiple("bodyTemperature", [temperature], main: "temperature"),
          Self.multiple("bodyTemperature", .object([("temp", temperature)]), main: "temperature"),
          Self.multiple(
            "bodyTemperature", .object([("temperature", "36.6")]), main: "temperature"),
          Self.multiple(
            "bodyTemperature",
            .object([("temperature", Self.property("multiple", .object([])))]),
            main: "temperature"),
          Self.multiple(
            "bodyTemperature",
            .object([("temperature", temperature), ("note", .object([("value", "x")]))]),
            main: "temperature"),
          Self.multiple(
            "bodyTemperature",
            .object([("temperature", temperature), ("site", Self.property("category", "ear"))]),
            main: "temperature"),
        ]) == [
          "failure", nil,
          [
            Self.failure(
              [0],
              "data | metadata.mainProperty | Missing required 'mainProperty' in record metadata "
                + "for MULTIPLE value"),
            Self.failure(
              [1],
              "data | metadata.mainProperty | Missing required 'mainProperty' in record metadata "
                + "for MULTIPLE value"),
            Self.failure(
              [2], "data | value | Invalid multiple value: expected Map, got 'Optional(list)'"),
            Self.failure(
              [3], "data | temperature | Main property 'temperature' not found in MULTIPLE value"),
            Self.failure(
              [4], "data | temperature | Main property 'temperature' not found in MULTIPLE value"),
            Self.failure([5], "data | valuePattern | Unsupported valuePattern 'multiple'"),
            Self.failure([6], "data | valuePattern | Missing required field"),
            Self.failure(
              [7],
              "data | categoryName | Invalid categoryName for value: expected String, got 'ear'"
            ),
          ],
        ])
  }

  @Test func multipleMetadataIsJSONTextAsFoundationWritesIt() {
    #expect(ConnectKitRecordMap.jsonText(.float64(36.0)) == "36")
    #expect(ConnectKitRecordMap.jsonText(.float64(0.1)) == "0.1")
    #expect(ConnectKitRecordMap.jsonText(.float64(.nan)) == "null")
    #expect(ConnectKitRecordMap.jsonText(.bool(true)) == "true")
    #expect(ConnectKitRecordMap.jsonText("a/b\n\u{1}é") == #""a\/b\n\u0001é""#)
    #expect(
      ConnectKitRecordMap.jsonText(.object([("b", 1), ("a", [.null, "x"])]))
        == #"{"a":[null,"x"],"b":1}"#)
  }

  // MARK: audiogram and ecg

  static func audiogram(_ points: ChannelValue?, timeKey: String = "startTime") -> ChannelValue {
    var pairs: [(String, ChannelValue)] = [("recordKind", "audiogram"), (timeKey, time(start))]
    if timeKey == "startTime" { pairs.append(("endTime", time(start + minute))) }
    if let points { pairs.append(("sensitivityPoints", points)) }
    return .object(pairs)
  }

  static func point(_ frequency: ChannelValue, _ left: ChannelValue?, _ right: ChannelValue?)
    -> ChannelValue
  {
    var pairs: [(String, ChannelValue)] = [("frequency", frequency)]
    if let left { pairs.append(("leftEarSensitivity", left)) }
    if let right { pairs.append(("rightEarSensitivity", right)) }
    return .object(pairs)
  }

  @Test func audiogramsAndECGs() {
    let host = ConnectKitHost()
    host.grant(write: ["audiogram"])
    let fields = write(
      host,
      [
        Self.audiogram([Self.point(500, 10, 15), Self.point(1000, nil, 20)]),
        Self.audiogram([Self.point(500, 10, nil), Self.point("high", 10, nil)]),
        Self.audiogram([Self.point(500, nil, nil)]),
        Self.audiogram([]),
        Self.audiogram(nil),
        Self.audiogram([Self.point(500, 10, nil)], timeKey: "time"),
        Self.audiogram([Self.point(-500, 10, nil)]),
        .object([("recordKind", "ecg"), ("classification", "sinusRhythm")]),
      ])
    #expect(
      fields == [
        "partialSuccess", [Self.uuid(1)],
        [
          Self.failure(
            [1], "audiogram | sensitivityPoints[1] | Point 1: Missing or invalid 'frequency' field"
          ),
          Self.failure(
            [2],
            "audiogram | sensitivityPoints[0] | Point 0: Sensitivity point must have at least one "
              + "ear measurement"),
          Self.failure(
            [3],
            "audiogram | sensitivityPoints | Audiogram must have at least one sensitivity point"
          ),
          Self.failure(
            [4],
            "audiogram | sensitivityPoints | Audiogram must have at least one sensitivity point"
          ),
          // ConnectKit's Dart sends `time`; its iOS mapper reads startTime and endTime.
          Self.failure([5], "audiogram | startTime | Missing required field"),
          // The store's own check, in its words.
          Self.failure(
            [6],
            "audiogram | points[0].frequencyHz | points[0].frequencyHz must be a positive finite "
              + "number, not -500.0"),
          Self.failure([7], "ecg |  | ECG records are read-only"),
        ],
      ])
    let stored = host.store.samplesInWriteOrder
    #expect(stored.count == 1 && stored[0].start == Self.start && stored[0].end == Self.start)
    #expect(
      stored.first?.body
        == .audiogram([
          AudiogramPoint(frequencyHz: 500, leftDb: 10, rightDb: 15),
          AudiogramPoint(frequencyHz: 1000, leftDb: nil, rightDb: 20),
        ]))
  }
}

/// The CKType each sample is listed under (the snapshot's `type`).
private func ckTypes(_ samples: [StoredSample], _ store: HealthStore) -> [String] {
  let namer = CKTypeNames.namer(for: store)
  return samples.map(namer.name(of:))
}
