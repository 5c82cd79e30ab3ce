import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// getData, getDataByUUID and the characteristic reads of the `health` profile.
enum HealthReadMethods {
  static let table: MethodTable = [
    "getData": .plain(getData),
    "getDataByUUID": .plain(getDataByUUID),
  ]

  static let missingTypeKey = HealthProfileError.plugin(
    code: "ARGUMENT_ERROR", message: "Missing required dataTypeKey argument")

  static func invalidType(_ key: String) -> HealthProfileError {
    .plugin(code: "INVALID_TYPE", message: "Invalid dataTypeKey: \(key)")
  }

  static func healthError(_ failure: HealthKitFailure) -> HealthProfileError {
    .plugin(code: "HEALTH_ERROR", message: "Error getting health data: \(failure.description)")
  }

  @Sendable
  static func getData(_ call: MethodContext) throws -> ChannelValue {
    let args = CastArguments(call.rawArguments)
    guard let key = args.string("dataTypeKey") else { throw missingTypeKey }
    let access = HealthStoreAccess(store: call.store)
    let from = HostDate.milliseconds(args.milliseconds("startTime"))
    let to = HostDate.milliseconds(args.milliseconds("endTime"))
    if let characteristic = characteristicValue(key, access: access) {
      return HealthDataPoints.characteristic(characteristic, from: from, to: to)
    }
    guard let row = HealthDataTypeTable.row(key, os: access.os) else { throw invalidType(key) }
    let unit = args.string("dataUnitKey").flatMap { HealthUnitTable.unit($0, os: access.os) }
    let excludeManual = (args.ints("recordingMethodsToFilter") ?? []).contains(3)
    let limit = args.int("limit").flatMap { $0 > 0 ? $0 : nil }
    let visibility: ReadVisibility
    do {
      visibility = try access.visibility(readIdentifiers(row))
    } catch {
      throw healthError(error)
    }
    var found = access.samples(
      HealthDataTypeTable.identifier(row), from: from, to: to, visibility: visibility
    ) { sample in
      if excludeManual && HealthStoreAccess.isUserEntered(sample) { return false }
      if let value = row.categoryValue, sample.body != .category(rawValue: value) { return false }
      return true
    }
    if let limit, found.count > limit { found = Array(found.prefix(limit)) }
    return try .list(dataPoints(found, row: row, unit: unit, access: access))
  }

  /// The identifiers whose read authorization decides what a query of `row` sees: the type's
  /// own, or for NUTRITION the nutrient types (a correlation is authorized through its members).
  static func readIdentifiers(_ row: HealthDataTypeRow) -> [String] {
    guard row.kind == .nutrition else { return [HealthDataTypeTable.identifier(row)] }
    return HealthNutritionTable.rows.compactMap { Catalogue.info(named: $0.typeName)?.identifier }
  }

  /// The data points of samples of one row, in order.
  static func dataPoints(
    _ samples: [StoredSample], row: HealthDataTypeRow, unit: String?, access: HealthStoreAccess
  ) throws -> [ChannelValue] {
    let points = HealthDataPoints(access: access)
    switch row.kind {
    case .quantity:
      return try samples.map { sample in
        guard let point = points.quantity(sample, unit: unit) else {
          throw unitMismatch(sample, unit: unit, key: row.key)
        }
        return point
      }
    case .category: return samples.map(points.category)
    case .workout: return samples.map(points.workout)
    case .audiogram: return samples.map(points.audiogram)
    case .nutrition: return samples.compactMap(points.nutrition)
    case .electrocardiogram: return samples.map(points.electrocardiogram)
    case .characteristic: return []
    }
  }

  /// HealthKit's exception for converting a quantity to a unit of another dimension.
  static func unitMismatch(_ sample: StoredSample, unit: String?, key: String) -> HealthProfileError
  {
    var stored = ""
    if case .quantity(let quantity) = sample.body { stored = quantity.unit }
    let shown = unit.map { "'\($0)'" } ?? "the default unit IU (no dataUnitKey the host knows)"
    return .hostFailure(
      code: "HEALTH_ERROR",
      message:
        "Cannot read \(key) in \(shown): HealthKit measures it in units like '\(stored)'. "
        + "On iOS, doubleValue(for:) raises an exception for incompatible units and the app "
        + "crashes; send a dataUnitKey of the right dimension.",
      iosBehavior: .exception)
  }

  /// The value of a characteristic key (`BIRTH_DATE`, `GENDER`, `BLOOD_TYPE`) as the host reads
  /// it, or nil for any other key. A read HealthKit refuses (never asked for, or HealthKit
  /// unavailable) gives null; a denied read gives "not set" (0 for enumerations, null for the
  /// date), as HealthKit hides the denial.
  static func characteristicValue(_ key: String, access: HealthStoreAccess) -> ChannelValue? {
    let name: String
    switch key {
    case "BIRTH_DATE": name = "dateOfBirth"
    case "GENDER": name = "biologicalSex"
    case "BLOOD_TYPE": name = "bloodType"
    default: return nil
    }
    guard let identifier = Catalogue.info(named: name)?.identifier,
      access.availabilityFailure() == nil,
      access.store.authorization(for: identifier).read != .notDetermined
    else { return .null }
    switch access.store.characteristicAnswer(identifier) {
    case .notSet: return key == "BIRTH_DATE" ? .null : .swiftInt(0)
    case .raw(let value): return .swiftInt(value)
    case .date(let year, let month, let day):
      return .float64(Double(CivilDate.daysFromEpoch(year, month, day)) * 86_400)
    }
  }

  // MARK: getDataByUUID

  @Sendable
  static func getDataByUUID(_ call: MethodContext) throws -> ChannelValue {
    let args = CastArguments(call.rawArguments)
    guard let key = args.string("dataTypeKey"), let uuid = args.string("uuid") else {
      throw HealthProfileError.plugin(
        code: "HEALTH_ERROR", message: "Invalid Arguments - UUID or DataTypeKey invalid")
    }
    let access = HealthStoreAccess(store: call.store)
    guard let row = HealthDataTypeTable.row(key, os: access.os), row.kind != .characteristic
    else { throw invalidType(key) }
    let unit = args.string("dataUnitKey").flatMap { HealthUnitTable.unit($0, os: access.os) }
    let visibility: ReadVisibility
    do {
      visibility = try access.visibility(readIdentifiers(row))
    } catch {
      throw healthError(error)
    }
    guard let sample = access.sample(uuid: uuid),
      sample.identifier == HealthDataTypeTable.identifier(row), visibility.shows(sample)
    else { return .null }
    return try dataPoints([sample], row: row, unit: unit, access: access).first ?? .null
  }
}
