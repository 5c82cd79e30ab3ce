import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// Availability, authorization, characteristics, preferred units and background delivery on
/// `health_kit_reporter_method_channel`.
enum ReporterAuthorizationMethods {
  static let table: MethodTable = [
    "isAvailable": .plain(isAvailable),
    "requestAuthorization": .plain(requestAuthorization),
    "isAuthorizedToWrite": .plain(isAuthorizedToWrite),
    "characteristicsQuery": .plain(characteristicsQuery),
    "preferredUnits": .plain(preferredUnits),
    "enableBackgroundDelivery": .plain(enableBackgroundDelivery),
    "disableBackgroundDelivery": .plain(disableBackgroundDelivery),
    "disableAllBackgroundDelivery": .plain(disableAllBackgroundDelivery),
  ]

  @Sendable
  static func isAvailable(_ call: MethodContext) throws -> ChannelValue {
    .bool(call.store.availability == .available)
  }

  /// `as? [String: [String]]`: a map whose every value is a list of strings.
  static func stringLists(_ value: ChannelValue) -> [String: [String]]? {
    guard case .map(let entries) = value else { return nil }
    var result: [String: [String]] = [:]
    for entry in entries {
      guard let key = entry.key.stringValue, case .list(let items) = entry.value else { return nil }
      let strings = items.compactMap(\.stringValue)
      guard strings.count == items.count else { return nil }
      result[key] = strings
    }
    return result
  }

  @Sendable
  static func requestAuthorization(_ call: MethodContext) throws -> ChannelValue {
    guard let lists = stringLists(call.rawArguments) else { throw ReporterError.noArguments }
    let store = call.store
    // Unknown identifiers are dropped; toWrite keeps sample types only.
    let read = (lists["toRead"] ?? []).filter { ReporterTypes.info($0, store: store) != nil }
    let share = (lists["toWrite"] ?? []).filter {
      ReporterTypes.sampleType($0, store: store) != nil
    }
    if let refused = share.first(where: { Catalogue.shareRefusal($0) != nil }) {
      throw ReporterError.plugin(
        message: "hkbridge: HealthKit raises an Objective-C exception and the app crashes",
        details: "Authorization to share the following types is disallowed: \(refused)")
    }
    try ReporterHKError.requireAvailable(
      store, code: "RequestAuthorization",
      message: "Error in displaying Apple Health permission screen")
    do {
      try store.requestAuthorization(toShare: share, read: read)
    } catch {
      throw ReporterError.healthKit(
        code: "RequestAuthorization",
        message: "Error in displaying Apple Health permission screen", error: .nothingToRequest)
    }
    return .bool(true)
  }

  /// `as? [String: String]`, then `identifier`.
  static func identifierArgument(_ value: ChannelValue) throws -> String {
    guard case .map(let entries) = value,
      entries.allSatisfy({ $0.key.stringValue != nil && $0.value.stringValue != nil })
    else { throw ReporterError.noArguments }
    guard let identifier = CastArguments(value).string("identifier") else {
      throw ReporterError.parsingArguments(ReporterArguments.swiftDescription(value))
    }
    return identifier
  }

  @Sendable
  static func isAuthorizedToWrite(_ call: MethodContext) throws -> ChannelValue {
    let identifier = try identifierArgument(call.rawArguments)
    guard ReporterTypes.info(identifier, store: call.store) != nil else {
      throw ReporterError.identifier(identifier)
    }
    return .bool(call.store.shareStatus(for: identifier) == .sharingAuthorized)
  }

  @Sendable
  static func characteristicsQuery(_ call: MethodContext) throws -> ChannelValue {
    .string(ReporterCharacteristics.json(call.store).text)
  }

  @Sendable
  static func preferredUnits(_ call: MethodContext) throws -> ChannelValue {
    guard case .list(let items) = call.rawArguments else { throw ReporterError.noArguments }
    let identifiers = items.compactMap(\.stringValue)
    guard identifiers.count == items.count else { throw ReporterError.noArguments }
    var units: [ReporterJSON] = []
    for identifier in identifiers {
      guard let info = ReporterTypes.ofClass(.quantity, identifier, store: call.store),
        let quantity = info.quantity
      else {
        throw ReporterError.plugin(
          message: "Error in parsing quantity type", details: "Identifier unknown: \(identifier)")
      }
      units.append(
        .object([("identifier", .string(identifier)), ("unit", .string(quantity.canonicalUnit))]))
    }
    return .string(ReporterJSON.array(units).text)
  }

  /// `UpdateFrequency`: 1 immediate, 2 hourly, 3 daily, 4 weekly.
  static let frequencies = 1...4

  @Sendable
  static func enableBackgroundDelivery(_ call: MethodContext) throws -> ChannelValue {
    let args = try ReporterArguments(call.rawArguments)
    let identifier = try args.string("identifier")
    guard case .int32? = args.map.value("frequency"), let frequency = args.map.int("frequency")
    else { throw args.parsingError }
    guard ReporterTypes.info(identifier, store: call.store) != nil else {
      throw ReporterError.identifier(identifier)
    }
    guard frequencies.contains(frequency) else {
      throw ReporterError.plugin(
        message: "Error in parsing frequency: \(frequency)",
        details: "invalidValue(\"Invalid frequency: \(frequency)\")")
    }
    return .bool(true)
  }

  @Sendable
  static func disableBackgroundDelivery(_ call: MethodContext) throws -> ChannelValue {
    let identifier = try identifierArgument(call.rawArguments)
    guard ReporterTypes.info(identifier, store: call.store) != nil else {
      throw ReporterError.identifier(identifier)
    }
    return .bool(true)
  }

  @Sendable
  static func disableAllBackgroundDelivery(_ call: MethodContext) throws -> ChannelValue {
    .bool(true)
  }
}

/// `Characteristic`: each characteristic HealthKit answers, as the library's description
/// strings; one whose reading was never asked for throws in HealthKit and is left out.
enum ReporterCharacteristics {
  static let prefix = "HKCharacteristicTypeIdentifier"

  /// Key, identifier suffix, and the description of each raw value.
  static let rows: [(key: String, type: String, names: [String])] = [
    ("biologicalSex", "BiologicalSex", ["na", "Female", "Male", "Other"]),
    ("birthday", "DateOfBirth", []),
    ("bloodType", "BloodType", ["na", "A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-"]),
    ("fitzpatrickSkinType", "FitzpatrickSkinType", ["na", "I", "II", "III", "IV", "V", "VI"]),
    ("wheelchairUse", "WheelchairUse", ["na", "No", "Yes"]),
    (
      "activityMoveMode", "ActivityMoveMode", ["Active energy", "Active energy", "Apple move time"]
    ),
  ]

  static func json(_ store: HealthStore) -> ReporterJSON {
    var fields: [(String, ReporterJSON?)] = []
    for row in rows {
      let identifier = prefix + row.type
      guard store.availability == .available, let info = Catalogue.info(identifier),
        info.isAvailable(on: store.deviceOSVersion),
        store.authorization(for: identifier).read != .notDetermined
      else { continue }
      switch store.characteristicAnswer(identifier) {
      case .notSet:
        fields.append((row.key, row.names.first.map { .string($0) }))
      case .raw(let raw):
        fields.append((row.key, row.names.indices.contains(raw) ? .string(row.names[raw]) : nil))
      case .date(let year, let month, let day):
        fields.append((row.key, .string(birthday(year: year, month: month, day: day))))
      }
    }
    return .fields(fields)
  }

  /// `yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ` of midnight in the device's time zone (UTC: `Z`).
  static func birthday(year: Int, month: Int, day: Int) -> String {
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T00:00:00.000Z"
  }
}
