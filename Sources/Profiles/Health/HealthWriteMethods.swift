import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

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
    let args = CastArguments(call.rawArguments)
    guard let value = args.number("value"), let key = args.string("dataTypeKey"),
      let unitKey = args.string("dataUnitKey"), let startArgument = args.number("startTime"),
      let endArgument = args.number("endTime"), let recording = args.int("recordingMethod")
    else { throw HealthProfileErrors.write("data") }
    let access = HealthStoreAccess(store: call.store)
    let start = HostDate.milliseconds(startArgument)
    let end = HostDate.milliseconds(endArgument)
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
      guard HostUnits.fits(unit, identifier: identifier) else {
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
          body: .quantity(MeasuredQuantity(value: value, unit: HostUnits.parseable(unit))),
          metadata: metadata), sharing: [identifier])
    default:
      throw crash(
        what,
        "'\(key)' is a \(row.kind.rawValue) type; writeData force-casts it to a quantity type "
          + "and the app crashes (write it with its own method)")
    }
  }

  // MARK: writeInsulinDelivery

  @Sendable
  static func writeInsulinDelivery(_ call: MethodContext) throws -> ChannelValue {
    let args = CastArguments(call.rawArguments)
    guard let units = args.number("units"), let reason = args.number("reason"),
      let startArgument = args.number("startTime"), let endArgument = args.number("endTime")
    else { throw HealthProfileErrors.write("insulin delivery") }
    let access = HealthStoreAccess(store: call.store)
    let start = HostDate.milliseconds(startArgument)
    let end = HostDate.milliseconds(endArgument)
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
    let args = CastArguments(call.rawArguments)
    guard let flow = args.int("value"), let endArgument = args.number("endTime"),
      let cycleStart = args.number("isStartOfCycle"), let recording = args.int("recordingMethod")
    else { throw HealthProfileErrors.write("menstruation flow") }
    let access = HealthStoreAccess(store: call.store)
    let identifier = Catalogue.info(named: "menstrualFlow")?.identifier ?? "menstrualFlow"
    guard let info = Catalogue.info(identifier), let flowCase = info.categoryCase(rawValue: flow),
      access.os >= (flowCase.minimumOS ?? info.minimumOS)
    else { throw HealthProfileErrors.write("menstruation flow") }
    let time = HostDate.milliseconds(endArgument)
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
}
