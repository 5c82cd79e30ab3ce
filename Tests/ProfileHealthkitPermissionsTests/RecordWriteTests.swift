import ChannelTestSupport
import FlutterCodec
import HealthKitModel
import Testing

@testable import HealthStore
@testable import PluginHost
@testable import PluginProfiles

/// writeRecord for every kind of protocol/record-shapes.md, its refusals and the order of checks in protocol/errors.md#which-check-fails-first.
@Suite struct RecordWriteTests {
  @Test func quantityReplyIsPinnedByteForByte() {
    let h = Harness()
    h.allow(["steps"])
    let bytes = h.dispatcher.handleMessage(
      channel: Dispatcher.defaultPluginChannel,
      payload: StandardMethodCodec().encodeMethodCall(
        MethodCall(
          "writeRecord",
          record("steps", [("end", .int(t0 + minute)), ("value", 120), ("unit", "count")]))))
    // 00 success; 0d map of 2; "uuid" → the first uuid; "hkType" → the step count identifier.
    let expected =
      "00 0d 02 07 04 75756964 07 24"
      + hexString(Array(uuid(1).utf8))
      + " 07 06 686b54797065 07 21" + hexString(Array("HKQuantityTypeIdentifierStepCount".utf8))
    #expect(bytes.map(hexString) == hexString(hex(expected)))
  }

  @Test func quantityReadsBackInTheShapeOfSection8() {
    let h = Harness()
    h.allow(["weight"])
    #expect(
      h.ok(
        "writeRecord",
        record(
          "weight", [("value", 70), ("unit", "kg"), ("metadata", ["HKWasUserEntered": true])]))
        == .object([
          ("uuid", .string(uuid(1))), ("hkType", "HKQuantityTypeIdentifierBodyMass"),
        ]))
    #expect(
      h.read("weight") == [
        .object([
          ("uuid", .string(uuid(1))), ("type", "weight"),
          ("hkType", "HKQuantityTypeIdentifierBodyMass"), ("start", i64(t0)), ("end", i64(t0)),
          ("value", .float64(70)), ("unit", "kg"),
          ("metadata", .object([("HKWasUserEntered", i64(1))])),
          ("source", .object([("bundleId", "com.example.app")])),
        ])
      ])
  }

  @Test func bloodPressureMintsMembersFirstThenTheCorrelation() {
    let h = Harness()
    h.allow(["bloodPressure"])
    let reply = h.ok(
      "writeRecord",
      record("bloodPressure", [("systolic", 120), ("diastolic", 80), ("unit", "mmHg")]))
    #expect(
      reply
        == .object([
          ("uuid", .string(uuid(3))), ("hkType", "HKCorrelationTypeIdentifierBloodPressure"),
          (
            "members",
            [
              .object([
                ("uuid", .string(uuid(1))),
                ("hkType", "HKQuantityTypeIdentifierBloodPressureSystolic"),
              ]),
              .object([
                ("uuid", .string(uuid(2))),
                ("hkType", "HKQuantityTypeIdentifierBloodPressureDiastolic"),
              ]),
            ]
          ),
        ]))
    let read = h.read("bloodPressure")
    #expect(read.count == 1)
    #expect(read.first?["systolic"] == .float64(120))
    #expect(read.first?["diastolic"] == .float64(80))
    #expect(read.first?["unit"] == "mmHg")
    #expect(h.read("bloodPressure.diastolic").first?["value"] == .float64(80))
  }

  @Test func bloodPressureNeedsEveryMemberAuthorized() {
    let h = Harness()
    h.store.authorization["HKQuantityTypeIdentifierBloodPressureSystolic"] = TypeAuthorization(
      share: .sharingAuthorized, read: .granted)
    let error = h.failure(
      "writeRecord",
      record("bloodPressure", [("systolic", 120), ("diastolic", 80), ("unit", "mmHg")]))
    #expect(error?.code == "AUTHORIZATION_NOT_DETERMINED")
    #expect(error?.details["hkErrorCode"] == i64(5))
    #expect(error?.details["type"] == "bloodPressure.diastolic")
    #expect(h.sampleCount == 0)
  }

  @Test func nutritionStoresAFoodCorrelation() {
    let h = Harness()
    h.allow(["nutrition"])
    let reply = h.ok(
      "writeRecord",
      record(
        "nutrition",
        [
          ("name", "Oatmeal"),
          (
            "nutrients",
            ["protein": ["value": 5, "unit": "g"], "energy": ["value": 150, "unit": "kcal"]]
          ),
        ]))
    #expect(reply?["uuid"] == .string(uuid(3)))
    #expect(reply?["hkType"] == "HKCorrelationTypeIdentifierFood")
    #expect(reply?["members"]?.listValue?.count == 2)
    let food = h.read("nutrition").first
    #expect(
      food?["nutrients"]
        == .object([
          ("protein", .object([("value", .float64(5)), ("unit", "g")])),
          ("energy", .object([("value", .float64(150)), ("unit", "kcal")])),
        ]))
    #expect(food?["metadata"] == .object([("HKMetadataKeyFoodType", "Oatmeal")]))
  }

  @Test(arguments: ["transFat", "unsaturatedFat"])
  func nutrientIOSLacksRejectsTheWholeRecord(nutrient: String) {
    let h = Harness()
    h.allow(["nutrition"])
    let error = h.failure(
      "writeRecord",
      record(
        "nutrition",
        [
          (
            "nutrients",
            .object([
              ("protein", ["value": 5, "unit": "g"] as ChannelValue),
              (nutrient, ["value": 1, "unit": "g"] as ChannelValue),
            ])
          )
        ]))
    #expect(error?.code == "UNSUPPORTED_TYPE")
    #expect(error?.details["type"] == .string("nutrition.\(nutrient)"))
    #expect(error?.details["reason"] == "noEquivalent")
    #expect(h.sampleCount == 0)
    // Nothing was minted: the next uuid is still the first.
    #expect(
      h.ok(
        "writeRecord", record("nutrition", [("nutrients", ["fiber": ["value": 1, "unit": "g"]])]))?[
          "members"] == [
          .object([("uuid", .string(uuid(1))), ("hkType", "HKQuantityTypeIdentifierDietaryFiber")])
        ])
  }

  /// protocol/record-shapes.md: nutrients use "the `nutrition.*` names"; the full CKType name is the same nutrient.
  @Test func nutrientMayBeNamedByItsFullCKType() {
    let h = Harness()
    h.allow(["nutrition"])
    let reply = h.ok(
      "writeRecord",
      record(
        "nutrition",
        [
          (
            "nutrients",
            .object([
              ("nutrition.protein", ["value": 5, "unit": "g"] as ChannelValue),
              ("fiber", ["value": 2, "unit": "g"] as ChannelValue),
            ])
          )
        ]))
    #expect(
      reply?["members"]?.listValue?.map { $0["hkType"] } == [
        "HKQuantityTypeIdentifierDietaryProtein", "HKQuantityTypeIdentifierDietaryFiber",
      ])
    #expect(h.read("nutrition.protein").first?["value"] == .float64(5))
    // The same nutrient under both spellings is given twice.
    let twice = h.failure(
      "writeRecord",
      record(
        "nutrition",
        [
          (
            "nutrients",
            .object([
              ("protein", ["value": 5, "unit": "g"] as ChannelValue),
              ("nutrition.protein", ["value": 6, "unit": "g"] as ChannelValue),
            ])
          )
        ]))
    #expect(twice?.code == "INVALID_ARGUMENTS")
    #expect(twice?.details["field"] == "nutrients.nutrition.protein")
  }

  @Test func unknownNutrientIsUnsupported() {
    let h = Harness()
    let error = h.failure(
      "writeRecord", record("nutrition", [("nutrients", ["proteins": ["value": 5, "unit": "g"]])]))
    #expect(error?.code == "UNSUPPORTED_TYPE")
    #expect(error?.details["reason"] == "unknownType")
  }

  @Test func sleepSessionStagesAreSamplesAndTheFirstIsTheReply() {
    let h = Harness()
    h.allow(["sleepSession"])
    let stages: ChannelValue = [
      .object([("stage", "inBed"), ("start", .int(t0)), ("end", .int(t0 + 10 * minute))]),
      .object([("stage", "deep"), ("start", .int(t0 + minute)), ("end", .int(t0 + 5 * minute))]),
    ]
    let reply = h.ok(
      "writeRecord", record("sleepSession", [("end", .int(t0 + 10 * minute)), ("stages", stages)]))
    #expect(reply?["uuid"] == .string(uuid(1)))
    #expect(reply?["hkType"] == "HKCategoryTypeIdentifierSleepAnalysis")
    #expect(reply?["members"]?.listValue?.count == 2)
    let read = h.read("sleepSession")
    #expect(read.map { $0["type"] } == ["sleepSession.inBed", "sleepSession.deep"])
    #expect(read.map { $0["value"] } == ["inBed", "asleepDeep"])
    #expect(h.read("sleepSession.deep").map { $0["uuid"] } == [.string(uuid(2))])
  }

  @Test func outOfBedIsUnsupportedAndWinsOverTheOSGate() {
    let h = Harness(os: "15.0")
    let stages: ChannelValue = [
      .object([("stage", "deep"), ("start", .int(t0)), ("end", .int(t0))]),
      .object([("stage", "outOfBed"), ("start", .int(t0)), ("end", .int(t0))]),
    ]
    let error = h.failure("writeRecord", record("sleepSession", [("stages", stages)]))
    #expect(error?.code == "UNSUPPORTED_TYPE")
    #expect(error?.details["type"] == "sleepSession.outOfBed")
  }

  @Test func stagesIOS16GatesOnIOS15() {
    let h = Harness(os: "15.0")
    h.allow(["sleepSession"])
    let error = h.failure(
      "writeRecord",
      record(
        "sleepSession",
        [("stages", [.object([("stage", "rem"), ("start", .int(t0)), ("end", .int(t0))])])]))
    #expect(error?.code == "TYPE_UNAVAILABLE_ON_OS")
    #expect(error?.details["minimumOS"] == "16.0")
    #expect(error?.details["deviceOS"] == "15.0")
    // inBed and awake exist on 15.
    #expect(
      h.ok(
        "writeRecord",
        record(
          "sleepSession",
          [("stages", [.object([("stage", "awake"), ("start", .int(t0)), ("end", .int(t0))])])]))
        != nil)
  }

  @Test func stagesLieInsideTheSession() {
    let h = Harness()
    h.allow(["sleepSession"])
    let early = h.failure(
      "writeRecord",
      record(
        "sleepSession",
        [
          ("end", .int(t0 + minute)),
          ("stages", [.object([("stage", "awake"), ("start", .int(t0 - 1)), ("end", .int(t0))])]),
        ]))
    #expect(early?.details["field"] == "stages[0].start")
    let late = h.failure(
      "writeRecord",
      record(
        "sleepSession",
        [
          ("end", .int(t0 + minute)),
          (
            "stages",
            [.object([("stage", "awake"), ("start", .int(t0)), ("end", .int(t0 + minute + 1))])]
          ),
        ]))
    #expect(late?.details["field"] == "stages[0].end")
    let empty = h.failure("writeRecord", record("sleepSession", [("stages", [])]))
    #expect(empty?.details["field"] == "stages")
    #expect(h.sampleCount == 0)
  }

  @Test func categoryByCaseNameOrRawValue() {
    let h = Harness()
    h.allow(["ovulationTest", "contraceptive"])
    _ = h.ok("writeRecord", record("ovulationTest", [("value", "estrogenSurge")]))
    _ = h.ok("writeRecord", record("ovulationTest", [("value", 2)]))
    // Raw 2 is `luteinizingHormoneSurge` on iOS 13 and later (`positive` before).
    #expect(
      h.read("ovulationTest").map { $0["value"] } == ["estrogenSurge", "luteinizingHormoneSurge"])
    let wrong = h.failure("writeRecord", record("contraceptive", [("value", "pill")]))
    #expect(wrong?.code == "INVALID_ARGUMENTS")
    #expect(wrong?.details == ["field": "value"])
    let raw = h.failure("writeRecord", record("contraceptive", [("value", 99)]))
    #expect(raw?.details == ["field": "value"])
    let missing = h.failure("writeRecord", record("contraceptive"))
    #expect(missing?.details == ["field": "value"])
  }

  @Test func deprecatedNameReadsBackAsIOSNamesIt() {
    let h = Harness(os: "12.0")
    h.allow(["ovulationTest"])
    _ = h.ok("writeRecord", record("ovulationTest", [("value", "positive")]))
    #expect(h.read("ovulationTest").first?["value"] == "positive")
  }

  @Test func caseNewerThanTheDeviceIsUnavailable() {
    let h = Harness(os: "12.0")
    h.allow(["ovulationTest"])
    let error = h.failure("writeRecord", record("ovulationTest", [("value", "estrogenSurge")]))
    #expect(error?.code == "TYPE_UNAVAILABLE_ON_OS")
    #expect(error?.details["minimumOS"] == "13.0")
  }

  @Test func menstrualFlowRequiresCycleStart() {
    let h = Harness()
    h.allow(["menstrualFlow"])
    let error = h.failure("writeRecord", record("menstrualFlow", [("value", "light")]))
    #expect(error?.code == "INVALID_ARGUMENTS")
    #expect(error?.details == ["field": "cycleStart"])
    _ = h.ok("writeRecord", record("menstrualFlow", [("value", "light"), ("cycleStart", true)]))
    #expect(
      h.read("menstrualFlow").first?["metadata"]
        == .object([("HKMetadataKeyMenstrualCycleStart", i64(1))]))
  }

  @Test func specialFieldsBecomeMetadata() {
    let h = Harness()
    h.allow(["bloodGlucose", "bodyTemperature", "basalBodyTemperature", "vo2Max", "cervicalMucus"])
    _ = h.ok(
      "writeRecord",
      record(
        "bloodGlucose",
        [
          ("value", 5.5), ("unit", "mmol<180.15588000005408>/L"), ("mealType", "postprandial"),
          ("specimenSource", "capillaryBlood"), ("relationToMeal", "afterMeal"),
        ]))
    #expect(
      h.read("bloodGlucose").first?["metadata"]
        == .object([
          ("HKMetadataKeyBloodGlucoseMealTime", i64(2)), ("ck_specimenSource", "capillaryBlood"),
          ("ck_relationToMeal", "afterMeal"),
        ]))
    _ = h.ok(
      "writeRecord",
      record(
        "bodyTemperature", [("value", 37), ("unit", "degC"), ("measurementLocation", "forehead")]))
    #expect(
      h.read("bodyTemperature").first?["metadata"]
        == .object([("HKMetadataKeyBodyTemperatureSensorLocation", i64(11))]))
    _ = h.ok(
      "writeRecord",
      record(
        "basalBodyTemperature",
        [("value", 36.5), ("unit", "degC"), ("measurementLocation", "mouth")]))
    #expect(
      h.read("basalBodyTemperature").first?["metadata"]
        == .object([("ck_measurementLocation", "mouth")]))
    _ = h.ok(
      "writeRecord",
      record(
        "vo2Max",
        [("value", 45), ("unit", "ml/(kg*min)"), ("measurementMethod", "predictionNonExercise")]))
    #expect(
      h.read("vo2Max").first?["metadata"] == .object([("HKMetadataKeyVO2MaxTestType", i64(3))]))
    _ = h.ok(
      "writeRecord", record("cervicalMucus", [("appearance", "eggWhite"), ("sensation", "wet")]))
    let mucus = h.read("cervicalMucus").first
    #expect(mucus?["value"] == "eggWhite")
    #expect(mucus?["metadata"] == .object([("ck_sensation", "wet")]))
  }

  @Test(arguments: [
    ("bloodGlucose", "mealType", "lunch", [("value", ChannelValue.int(100)), ("unit", "mg/dL")]),
    ("bodyTemperature", "measurementLocation", "armpitt", [("value", 37), ("unit", "degC")]),
    ("vo2Max", "measurementMethod", "treadmill", [("value", 40), ("unit", "ml/(kg*min)")]),
  ])
  func specialChoiceOutsideItsCasesIsInvalid(
    type: String, field: String, value: String, rest: [(String, ChannelValue)]
  ) {
    let h = Harness()
    h.allow([type])
    let error = h.failure("writeRecord", record(type, rest + [(field, .string(value))]))
    #expect(error?.code == "INVALID_ARGUMENTS")
    #expect(error?.details == .object([("field", .string(field))]))
  }

  @Test func unitsAreCheckedAgainstTheType() {
    let h = Harness()
    h.allow(["heartRate"])
    let wrong = h.failure("writeRecord", record("heartRate", [("value", 60), ("unit", "kg")]))
    #expect(wrong?.code == "INVALID_ARGUMENTS")
    #expect(wrong?.details == ["field": "unit", "iosBehavior": "exception"])
    let garbage = h.failure("writeRecord", record("heartRate", [("value", 60), ("unit", "beats")]))
    #expect(garbage?.details == ["field": "unit", "iosBehavior": "exception"])
    #expect(h.ok("writeRecord", record("heartRate", [("value", 1), ("unit", "Hz")])) != nil)
  }

  @Test(arguments: [
    ChannelValue.float64(-1), .float64(.nan), .float64(.infinity), .int(-5),
  ])
  func cumulativeValuesAreFiniteAndNotNegative(value: ChannelValue) {
    let h = Harness()
    h.allow(["steps"])
    let error = h.failure("writeRecord", record("steps", [("value", value), ("unit", "count")]))
    #expect(error?.code == "INVALID_ARGUMENTS")
    #expect(error?.details == ["field": "value"])
  }

  @Test func endBeforeStartIsInvalid() {
    let h = Harness()
    h.allow(["steps"])
    let error = h.failure(
      "writeRecord", record("steps", [("end", .int(t0 - 1)), ("value", 1), ("unit", "count")]))
    #expect(error?.details == ["field": "end"])
    let negative = h.failure(
      "writeRecord", record("steps", start: -1, [("value", 1), ("unit", "count")]))
    #expect(negative?.details == ["field": "start"])
  }

  @Test(arguments: [
    ("nothing", ChannelValue.null), ("list", ChannelValue.list([1])),
    ("map", ChannelValue.object([("a", 1)])), ("bytes", ChannelValue.uint8List([1])),
  ])
  func metadataValuesMustBeScalars(key: String, value: ChannelValue) {
    let h = Harness()
    h.allow(["steps"])
    let error = h.failure(
      "writeRecord",
      record("steps", [("value", 1), ("unit", "count"), ("metadata", .object([(key, value)]))]))
    #expect(error?.code == "INVALID_ARGUMENTS")
    #expect(error?.details == .object([("field", .string("metadata.\(key)"))]))
  }

  @Test func metadataKeysStartingWithHKMustBeHealthKits() {
    let h = Harness()
    h.allow(["steps"])
    let error = h.failure(
      "writeRecord",
      record("steps", [("value", 1), ("unit", "count"), ("metadata", ["HKMadeUp": 1])]))
    #expect(error?.details == ["field": "metadata.HKMadeUp"])
    let metadata: ChannelValue = [
      "HKMetadataKeyWasUserEntered": true, "app_ratio": 0.5, "app_name": "x", "app_count": 3,
      "app_flag": false,
    ]
    _ = h.ok(
      "writeRecord", record("steps", [("value", 1), ("unit", "count"), ("metadata", metadata)]))
    #expect(
      h.read("steps").first?["metadata"]
        == .object([
          ("HKMetadataKeyWasUserEntered", i64(1)), ("app_ratio", .float64(0.5)),
          ("app_name", "x"), ("app_count", i64(3)), ("app_flag", i64(0)),
        ]))
  }

  @Test func metadataMayNotOverrideAFieldsKey() {
    let h = Harness()
    h.allow(["mindfulSession"])
    let error = h.failure(
      "writeRecord",
      record("mindfulSession", [("notes", "calm"), ("metadata", ["ck_notes": "other"])]))
    #expect(error?.details == ["field": "metadata.ck_notes"])
  }

  @Test func unknownRecordFieldsAreRefused() {
    let h = Harness()
    h.allow(["steps"])
    let error = h.failure(
      "writeRecord", record("steps", [("value", 1), ("unit", "count"), ("units", "count")]))
    #expect(error?.details == ["field": "units", "didYouMean": "unit"])
  }

  @Test(arguments: [
    ("walkingStepLength", "deviceExclusive"), ("runningGroundContactTime", "deviceExclusive"),
    ("biologicalSex", "characteristic"), ("electrocardiogram", "deviceExclusive"),
  ])
  func readOnlyTypesAreRefused(type: String, reason: String) {
    let h = Harness()
    let error = h.failure("writeRecord", record(type, [("value", 1), ("unit", "m")]))
    #expect(error?.code == "READ_ONLY_TYPE")
    #expect(error?.details["type"] == .string(type))
    #expect(error?.details["reason"] == .string(reason))
  }

  @Test(arguments: [
    ("totalEnergy", "noEquivalent"), ("speed", "workoutOnly"), ("elevation", "workoutOnly"),
    ("menstruationPeriod", "noEquivalent"), ("stepz", "unknownType"),
    ("workout.distance", "activityDependent"),
  ])
  func unmappedTypesAreUnsupported(type: String, reason: String) {
    let h = Harness()
    let error = h.failure("writeRecord", record(type, [("value", 1), ("unit", "m")]))
    #expect(error?.code == "UNSUPPORTED_TYPE")
    #expect(error?.details["reason"] == .string(reason))
  }

  @Test func typeTooNewForTheDevice() {
    let h = Harness(os: "12.0")
    let error = h.failure(
      "writeRecord", record("environmentalAudioExposure", [("value", 70), ("unit", "dBASPL")]))
    #expect(error?.code == "TYPE_UNAVAILABLE_ON_OS")
    #expect(
      error?.details
        == .object([
          ("type", "environmentalAudioExposure"), ("minimumOS", "13.0"), ("deviceOS", "12.0"),
          ("reason", "requiresNewerOS"),
        ]))
  }

  @Test func audiogramNeedsIOS13AndKeepsItsPoints() {
    let old = Harness(os: "12.0")
    let points: ChannelValue = [
      .object([("frequencyHz", 1000), ("leftDb", 10), ("rightDb", 15)]),
      .object([("frequencyHz", 4000), ("rightDb", 30.5)]),
    ]
    #expect(
      old.failure("writeRecord", record("audiogram", [("points", points)]))?.code
        == "TYPE_UNAVAILABLE_ON_OS")
    let h = Harness()
    h.allow(["audiogram"])
    #expect(
      h.ok("writeRecord", record("audiogram", [("points", points)]))?["hkType"]
        == "HKDataTypeIdentifierAudiogram")
    #expect(
      h.read("audiogram").first?["points"]
        == [
          .object([
            ("frequencyHz", .float64(1000)), ("leftDb", .float64(10)), ("rightDb", .float64(15)),
          ]),
          .object([("frequencyHz", .float64(4000)), ("rightDb", .float64(30.5))]),
        ])
    let empty = h.failure("writeRecord", record("audiogram", [("points", [])]))
    #expect(empty?.details == ["field": "points"])
    let deaf = h.failure("writeRecord", record("audiogram", [("points", [["frequencyHz": 500]])]))
    #expect(deaf?.details == ["field": "points[0]"])
  }

  @Test func authorizationNotDeterminedThenDenied() {
    let h = Harness()
    let asked = h.failure("writeRecord", record("steps", [("value", 1), ("unit", "count")]))
    #expect(asked?.code == "AUTHORIZATION_NOT_DETERMINED")
    #expect(asked?.details == .object([("hkErrorCode", i64(5)), ("type", "steps")]))
    h.allow(["steps"], share: .sharingDenied)
    let denied = h.failure("writeRecord", record("steps", [("value", 1), ("unit", "count")]))
    #expect(denied?.code == "AUTHORIZATION_DENIED")
    #expect(denied?.details == .object([("hkErrorCode", i64(4)), ("type", "steps")]))
    #expect(h.sampleCount == 0)
  }

  @Test func healthKitUnavailableComesFirst() {
    let h = Harness(device: "iPad", os: "16.4")
    let error = h.failure("writeRecord", record("stepz"))
    #expect(error?.code == "HEALTH_DATA_UNAVAILABLE")
  }

  // MARK: Order of checks (protocol/errors.md#which-check-fails-first)

  @Test func argumentShapesComeBeforeTheType() {
    let h = Harness()
    #expect(
      h.failure("writeRecord", ["type": "stepz", "start": "now"])?.details == ["field": "start"])
    #expect(h.failure("writeRecord", ["start": 1])?.details == ["field": "type"])
    #expect(
      h.failure("writeRecord", record("steps", [("unit", "count")]))?.details == ["field": "value"])
    #expect(
      h.failure("writeRecord", record("steps", [("value", "many"), ("unit", "count")]))?.details
        == ["field": "value"])
  }

  @Test func osVersionComesBeforeWritability() {
    let h = Harness(os: "12.0")
    #expect(h.failure("writeRecord", record("electrocardiogram"))?.code == "TYPE_UNAVAILABLE_ON_OS")
  }

  @Test func writabilityComesBeforeFieldValues() {
    let h = Harness()
    let error = h.failure(
      "writeRecord", record("walkingStepLength", [("value", -1), ("unit", "kg")]))
    #expect(error?.code == "READ_ONLY_TYPE")
  }

  @Test func fieldValuesComeBeforeAuthorization() {
    let h = Harness()
    let error = h.failure("writeRecord", record("steps", [("value", 1), ("unit", "kg")]))
    #expect(error?.code == "INVALID_ARGUMENTS")
  }

  @Test func faultComesAfterEveryOtherCheckAndChangesNothing() {
    let h = Harness()
    h.setUp("injectFault", ["method": "writeRecord", "code": "WRITE_ERROR", "hkErrorCode": 6])
    let unauthorized = h.failure("writeRecord", record("steps", [("value", 1), ("unit", "count")]))
    #expect(unauthorized?.code == "AUTHORIZATION_NOT_DETERMINED")
    h.allow(["steps"])
    let fault = h.failure("writeRecord", record("steps", [("value", 1), ("unit", "count")]))
    #expect(fault?.code == "WRITE_ERROR")
    #expect(fault?.details == .object([("hkErrorCode", i64(6))]))
    #expect(h.sampleCount == 0)
    #expect(
      h.ok("writeRecord", record("steps", [("value", 1), ("unit", "count")]))?["uuid"]
        == .string(uuid(1)))
  }

  // MARK: writeRecords

  @Test func writeRecordsReportsEachOutcome() {
    let h = Harness()
    h.allow(["steps"])
    let reply = h.ok(
      "writeRecords",
      [
        "records": [
          record("steps", [("value", 1), ("unit", "count")]),
          record("totalEnergy", [("value", 1), ("unit", "kcal")]),
          record("steps", [("value", 2), ("unit", "kg")]),
          record("steps", [("value", 3), ("unit", "count")]),
        ]
      ])
    #expect(reply?["outcome"] == "partialSuccess")
    #expect(reply?["uuids"] == [.string(uuid(1)), nil, nil, .string(uuid(2))])
    let failures = reply?["failures"]?.listValue ?? []
    #expect(failures.map { $0["index"] } == [i64(1), i64(2)])
    #expect(failures.map { $0["code"] } == ["UNSUPPORTED_TYPE", "INVALID_ARGUMENTS"])
    #expect(failures.allSatisfy { $0["message"]?.stringValue?.isEmpty == false })
    #expect(h.read("steps").count == 2)
  }

  @Test func writeRecordsOutcomes() {
    let h = Harness()
    h.allow(["steps"])
    #expect(
      h.ok("writeRecords", ["records": [record("steps", [("value", 1), ("unit", "count")])]])?[
        "outcome"] == "completeSuccess")
    let failed = h.ok("writeRecords", ["records": [record("steps"), ["start": 1]]])
    #expect(failed?["outcome"] == "failure")
    #expect(failed?["uuids"] == [nil, nil])
    #expect(h.ok("writeRecords", ["records": []])?["outcome"] == "completeSuccess")
    #expect(h.failure("writeRecords", [:])?.details == ["field": "records"])
    let notAMap = h.ok("writeRecords", ["records": [1]])?["failures"]?.listValue?.first
    #expect(notAMap?["code"] == "INVALID_ARGUMENTS")
  }

  @Test func faultFailsTheWholeWriteRecordsCall() {
    let h = Harness()
    h.allow(["steps"])
    h.setUp("injectFault", ["method": "writeRecords", "code": "WRITE_ERROR"])
    let error = h.failure(
      "writeRecords", ["records": [record("steps", [("value", 1), ("unit", "count")])]])
    #expect(error?.code == "WRITE_ERROR")
    #expect(h.sampleCount == 0)
  }
}
