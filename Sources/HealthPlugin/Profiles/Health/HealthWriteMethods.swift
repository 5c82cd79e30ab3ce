import FlutterCodec
import HealthKitModel
import HealthStore

/// The write methods of the `health` profile. Each replies `true` when HealthKit saved, `false`
/// when the save failed (not authorized to share, HealthKit unavailable), `WRITE_ERROR` when the
/// host's argument guard fails, and an error with `iosBehavior` where the real host crashes or
/// raises an exception.
enum HealthWriteMethods {
  static let table: MethodTable = [
    "writeData": .plain(writeData),
    "writeBloodPressure": .plain(writeBloodPressure),
    "writeMeal": .plain(writeMeal),
    "writeInsulinDelivery": .plain(writeInsulinDelivery),
    "writeMenstruationFlow": .plain(writeMenstruationFlow),
    "writeAudiogram": .plain(writeAudiogram),
    "writeWorkoutData": .plain(writeWorkoutData),
  ]

  static let wasUserEntered = HealthStoreAccess.wasUserEntered

  /// `HKWasUserEntered` as the host sets it: true (1) for recording method 3 (manual).
  static func userEntered(_ recordingMethod: Int) -> MetadataEntry {
    MetadataEntry(wasUserEntered, .int(recordingMethod == 3 ? 1 : 0))
  }

  static func crash(_ what: String, _ message: String) -> HealthProfileError {
    .hostFailure(code: "WRITE_ERROR", message: "\(what): \(message)", iosBehavior: .crash)
  }

  static func exception(_ what: String, _ message: String) -> HealthProfileError {
    .hostFailure(code: "WRITE_ERROR", message: "\(what): \(message)", iosBehavior: .exception)
  }

  /// HKSample's check: the end is not before the start.
  static func checkOrder(_ start: Int, _ end: Int, _ what: String) throws {
    guard start <= end else {
      throw exception(
        what,
        "endTime \(end) is before startTime \(start); HealthKit raises an exception for a "
          + "sample that ends before it starts and the app crashes")
    }
  }

  /// Saves when the app may share every identifier; the reply.
  static func save(
    _ access: HealthStoreAccess, members: [HealthStoreAccess.NewSample] = [],
    container: HealthStoreAccess.NewSample?, sharing identifiers: [String]
  ) -> ChannelValue {
    guard access.maySave(identifiers) else { return .bool(false) }
    access.save(members: members, container: container)
    return .bool(true)
  }

  // MARK: writeData

  @Sendable
  static func writeData(_ call: MethodContext) throws -> ChannelValue {
    let args = HealthArguments(call.rawArguments)
    guard let value = args.number("value"), let key = args.string("dataTypeKey"),
      let unitKey = args.string("dataUnitKey"), let startArgument = args.number("startTime"),
      let endArgument = args.number("endTime"), let recording = args.int("recordingMethod")
    else { throw HealthProfileErrors.write("data") }
    let access = HealthStoreAccess(store: call.store)
    let start = HealthTime.milliseconds(startArgument)
    let end = HealthTime.milliseconds(endArgument)
    let what = "writeData \(key)"
    let metadata = [userEntered(recording)]
    if key == "MINDFULNESS" {
      let identifier = Catalogue.info(named: "mindfulSession")?.identifier ?? "mindfulSession"
      try checkOrder(start, end, what)
      return save(
        access,
        container: .init(
          identifier: identifier, start: start, end: end, body: .category(rawValue: 0),
          metadata: metadata), sharing: [identifier])
    }
    guard let row = HealthDataTypeTable.row(key, os: access.os), row.kind != .characteristic
    else {
      throw crash(
        what,
        "'\(key)' is not a data type the iOS host knows on iOS \(access.os); the host "
          + "force-unwraps its type lookup and the app crashes")
    }
    let identifier = HealthDataTypeTable.identifier(row)
    switch row.kind {
    case .category:
      guard value.isFinite, abs(value) < 9e18 else {
        throw crash(what, "value \(value) does not convert to Int; Int(value) traps")
      }
      let raw = Int(value)
      guard let info = Catalogue.info(identifier), let valueCase = info.categoryCase(rawValue: raw),
        access.os >= (valueCase.minimumOS ?? info.minimumOS)
      else {
        throw exception(
          what,
          "\(raw) is not a value of \(Catalogue.shortName(of: identifier)) on iOS \(access.os); "
            + "HKCategorySample raises an exception and the app crashes")
      }
      try checkOrder(start, end, what)
      return save(
        access,
        container: .init(
          identifier: identifier, start: start, end: end, body: .category(rawValue: raw),
          metadata: metadata), sharing: [identifier])
    case .quantity:
      guard let unit = HealthUnitTable.unit(unitKey, os: access.os) else {
        throw crash(
          what,
          "'\(unitKey)' is not a unit the iOS host knows on iOS \(access.os); the host "
            + "force-unwraps its unit lookup and the app crashes")
      }
      guard HealthUnits.fits(unit, identifier: identifier) else {
        throw exception(
          what,
          "'\(unitKey)' (\(unit.isEmpty ? "no unit" : unit)) does not measure \(key); "
            + "HKQuantitySample raises an exception for an incompatible unit and the app crashes")
      }
      try checkOrder(start, end, what)
      return save(
        access,
        container: .init(
          identifier: identifier, start: start, end: end,
          body: .quantity(MeasuredQuantity(value: value, unit: HealthUnits.parseable(unit))),
          metadata: metadata), sharing: [identifier])
    default:
      throw crash(
        what,
        "'\(key)' is a \(row.kind.rawValue) type; writeData force-casts it to a quantity type "
          + "and the app crashes (write it with its own method)")
    }
  }

  // MARK: writeBloodPressure

  @Sendable
  static func writeBloodPressure(_ call: MethodContext) throws -> ChannelValue {
    let args = HealthArguments(call.rawArguments)
    guard let systolic = args.number("systolic"), let diastolic = args.number("diastolic"),
      let startArgument = args.number("startTime"), let endArgument = args.number("endTime"),
      let recording = args.int("recordingMethod")
    else { throw HealthProfileErrors.write("blood pressure") }
    let access = HealthStoreAccess(store: call.store)
    let start = HealthTime.milliseconds(startArgument)
    let end = HealthTime.milliseconds(endArgument)
    try checkOrder(start, end, "writeBloodPressure")
    let ids = ["bloodPressureSystolic", "bloodPressureDiastolic", "bloodPressure"].map {
      Catalogue.info(named: $0)?.identifier ?? $0
    }
    let metadata = [userEntered(recording)]
    let members = zip(ids.prefix(2), [systolic, diastolic]).map { identifier, value in
      HealthStoreAccess.NewSample(
        identifier: identifier, start: start, end: end,
        body: .quantity(MeasuredQuantity(value: value, unit: "mmHg")), metadata: metadata)
    }
    return save(
      access, members: members,
      container: .init(
        identifier: ids[2], start: start, end: end,
        body: .bloodPressure(systolic: systolic, diastolic: diastolic, unit: "mmHg"),
        metadata: []), sharing: Array(ids.prefix(2)))
  }

  // MARK: writeMeal

  /// The iOS version HKCorrelation food saving needs in the host (older: false).
  static let mealOS = OSVersion(15, 0)

  @Sendable
  static func writeMeal(_ call: MethodContext) throws -> ChannelValue {
    let args = HealthArguments(call.rawArguments)
    // `as? String?` accepts a missing key (nil) but not a null value (NSNull).
    let name = args.string("name")
    let mealType = args.string("meal_type")
    guard args.isMap, name != nil || args.value("name") == nil,
      mealType != nil || args.value("meal_type") == nil,
      let startArgument = args.number("start_time"), let endArgument = args.number("end_time"),
      let recording = args.int("recordingMethod")
    else { throw HealthProfileErrors.write("meal") }
    let access = HealthStoreAccess(store: call.store)
    let start = HealthTime.milliseconds(startArgument)
    let end = HealthTime.milliseconds(endArgument)
    var metadata = [
      MetadataEntry("HKFoodMeal", .string(mealType ?? "UNKNOWN")), userEntered(recording),
    ]
    if let name { metadata.append(MetadataEntry("HKFoodType", .string(name))) }
    var members: [HealthStoreAccess.NewSample] = []
    for row in HealthNutritionTable.rows {
      let identifier = Catalogue.info(named: row.typeName)?.identifier ?? row.typeName
      for key in row.mealKeys {
        guard let amount = args.number(key) else { continue }
        members.append(
          .init(
            identifier: identifier, start: start, end: end,
            body: .quantity(MeasuredQuantity(value: amount, unit: row.mealUnit)),
            metadata: metadata))
      }
    }
    try checkOrder(start, end, "writeMeal")
    guard access.os >= mealOS else { return .bool(false) }
    let food = Catalogue.info(named: "food")?.identifier ?? "food"
    var nutrients: [NutrientAmount] = []
    for member in members {
      if case .quantity(let amount) = member.body {
        nutrients.append(
          NutrientAmount(name: Catalogue.shortName(of: member.identifier), amount: amount))
      }
    }
    return save(
      access, members: members,
      container: .init(
        identifier: food, start: start, end: end, body: .food(nutrients), metadata: metadata),
      sharing: members.map(\.identifier))
  }

  // MARK: writeInsulinDelivery

  @Sendable
  static func writeInsulinDelivery(_ call: MethodContext) throws -> ChannelValue {
    let args = HealthArguments(call.rawArguments)
    guard let units = args.number("units"), let reason = args.number("reason"),
      let startArgument = args.number("startTime"), let endArgument = args.number("endTime")
    else { throw HealthProfileErrors.write("insulin delivery") }
    let access = HealthStoreAccess(store: call.store)
    let start = HealthTime.milliseconds(startArgument)
    let end = HealthTime.milliseconds(endArgument)
    try checkOrder(start, end, "writeInsulinDelivery")
    let identifier = Catalogue.info(named: "insulinDelivery")?.identifier ?? "insulinDelivery"
    // HKInsulinDeliveryReason: 1 basal, 2 bolus; HealthKit refuses to save any other value.
    guard reason == 1 || reason == 2 else { return .bool(false) }
    return save(
      access,
      container: .init(
        identifier: identifier, start: start, end: end,
        body: .quantity(MeasuredQuantity(value: units, unit: "IU")),
        metadata: [MetadataEntry("HKInsulinDeliveryReason", .double(reason))]),
      sharing: [identifier])
  }

  // MARK: writeMenstruationFlow

  @Sendable
  static func writeMenstruationFlow(_ call: MethodContext) throws -> ChannelValue {
    let args = HealthArguments(call.rawArguments)
    guard let flow = args.int("value"), let endArgument = args.number("endTime"),
      let cycleStart = args.number("isStartOfCycle"), let recording = args.int("recordingMethod")
    else { throw HealthProfileErrors.write("menstruation flow") }
    let access = HealthStoreAccess(store: call.store)
    let identifier = Catalogue.info(named: "menstrualFlow")?.identifier ?? "menstrualFlow"
    guard let info = Catalogue.info(identifier), let flowCase = info.categoryCase(rawValue: flow),
      access.os >= (flowCase.minimumOS ?? info.minimumOS)
    else { throw HealthProfileErrors.write("menstruation flow") }
    let time = HealthTime.milliseconds(endArgument)
    let startValue: MetadataValue =
      cycleStart.rounded() == cycleStart && abs(cycleStart) < 9e18
      ? .int(Int(cycleStart)) : .double(cycleStart)
    return save(
      access,
      container: .init(
        identifier: identifier, start: time, end: time, body: .category(rawValue: flow),
        metadata: [MetadataEntry("HKMenstrualCycleStart", startValue), userEntered(recording)]),
      sharing: [identifier])
  }

  // MARK: writeAudiogram

  @Sendable
  static func writeAudiogram(_ call: MethodContext) throws -> ChannelValue {
    let args = HealthArguments(call.rawArguments)
    guard let frequencies = args.doubles("frequencies"),
      let left = args.doubles("leftEarSensitivities"),
      let right = args.doubles("rightEarSensitivities"),
      let startArgument = args.number("startTime"), let endArgument = args.number("endTime")
    else { throw HealthProfileErrors.write("audiogram") }
    let what = "writeAudiogram"
    guard !frequencies.isEmpty else {
      throw crash(what, "frequencies is empty; the host's loop over 0...count-1 traps")
    }
    guard left.count >= frequencies.count, right.count >= frequencies.count else {
      throw crash(
        what,
        "\(frequencies.count) frequencies but \(left.count) left and \(right.count) right "
          + "sensitivities; the host indexes past the end and the app crashes")
    }
    var metadata: [MetadataEntry] = []
    switch args.value("metadata") {
    case .map?:
      let given = HealthArguments(args.value("metadata") ?? .null)
      guard let device = given.string("HKDeviceName"), let external = given.string("HKExternalUUID")
      else {
        throw HealthProfileError.hostFailure(
          code: "WRITE_ERROR",
          message:
            "\(what): metadata needs both HKDeviceName and HKExternalUUID as strings; with "
            + "either missing the host returns without replying and the Dart future never "
            + "completes",
          iosBehavior: .noReply)
      }
      metadata = [
        MetadataEntry("HKDeviceName", .string(device)),
        MetadataEntry("HKExternalUUID", .string(external)),
      ]
    case nil:
      throw crash(
        what,
        "no metadata key; the host force-unwraps the missing value (send metadata: null for "
          + "none, as the Dart side does)")
    default:
      break
    }
    let access = HealthStoreAccess(store: call.store)
    let start = HealthTime.milliseconds(startArgument)
    let end = HealthTime.milliseconds(endArgument)
    try checkOrder(start, end, what)
    let identifier =
      Catalogue.info(named: "audiogramSampleType")?.identifier ?? "audiogramSampleType"
    let points = frequencies.indices.map {
      AudiogramPoint(frequencyHz: frequencies[$0], leftDb: left[$0], rightDb: right[$0])
    }
    return save(
      access,
      container: .init(
        identifier: identifier, start: start, end: end, body: .audiogram(points),
        metadata: metadata), sharing: [identifier])
  }

  // MARK: writeWorkoutData

  @Sendable
  static func writeWorkoutData(_ call: MethodContext) throws -> ChannelValue {
    let args = HealthArguments(call.rawArguments)
    let access = HealthStoreAccess(store: call.store)
    guard let key = args.string("activityType"), let startArgument = args.number("startTime"),
      let endArgument = args.number("endTime"),
      let activity = HealthWorkoutTable.activity(key, os: access.os)
    else { throw HealthProfileErrors.write("workout") }
    let what = "writeWorkoutData"
    func total(_ valueKey: String, _ unitKey: String, _ dimension: String) throws
      -> MeasuredQuantity?
    {
      guard let value = args.number(valueKey) else { return nil }
      guard let unitName = args.string(unitKey),
        let unit = HealthUnitTable.unit(unitName, os: access.os)
      else {
        throw crash(
          what,
          "\(unitKey) \(args.string(unitKey).map { "'\($0)'" } ?? "(missing or not a string)") is not a unit the "
            + "iOS host knows; it force-unwraps the lookup and the app crashes")
      }
      guard (try? Units.convert(1, from: HealthUnits.parseable(unit), to: dimension)) != nil else {
        throw exception(
          what,
          "\(unitKey) '\(unitName)' is not a unit of \(valueKey); HealthKit raises an exception")
      }
      return MeasuredQuantity(value: value, unit: HealthUnits.parseable(unit))
    }
    let energy = try total("totalEnergyBurned", "totalEnergyBurnedUnit", "kcal")
    let distance = try total("totalDistance", "totalDistanceUnit", "m")
    let start = HealthTime.milliseconds(startArgument)
    let end = HealthTime.milliseconds(endArgument)
    try checkOrder(start, end, what)
    let identifier = HealthStore.workoutIdentifier
    return save(
      access,
      container: .init(
        identifier: identifier, start: start, end: end,
        body: .workout(WorkoutSummary(activityType: activity, energy: energy, distance: distance)),
        metadata: []), sharing: [identifier])
  }
}
