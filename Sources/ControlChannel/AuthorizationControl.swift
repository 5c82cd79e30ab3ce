import CKTypeRecords
import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// Control methods that set the simulated user up: `setPromptPolicy`, `setAuthorization`,
/// `setCharacteristic`. Types are named by raw identifier (`HKQuantityTypeIdentifierStepCount`)
/// or by CKType (`steps`, `bloodPressure` → both members); any OS version's types are accepted.
enum AuthorizationControl {
  static let table: MethodTable = [
    "setPromptPolicy": .control(takes: ["read", "write", "overrides"], setPromptPolicy),
    "setAuthorization": .control(takes: ["identifier", "share", "read"], setAuthorization),
    "setCharacteristic": .control(takes: ["identifier", "value"], setCharacteristic),
  ]

  static let answers = PromptAnswer.allCases.map(\.rawValue)

  // MARK: setPromptPolicy

  /// `{read?: grant|deny, write?: grant|deny, overrides?: {identifier: {read?, write?}}}`.
  /// Fields left out keep their value; `overrides`, when given, replaces every override.
  @Sendable
  static func setPromptPolicy(_ context: MethodContext) throws -> MethodOperation {
    let args = context.arguments
    let read = try args.optionalChoice("read", of: answers).flatMap(PromptAnswer.init(rawValue:))
    let write = try args.optionalChoice("write", of: answers).flatMap(PromptAnswer.init(rawValue:))
    var overrides: [String: PromptPolicy.Override]?
    if let map = try args.optionalMap("overrides") {
      var built: [String: PromptPolicy.Override] = [:]
      for key in try map.keys() {
        let identifiers = try identifiers(key, field: map.fieldName(key))
        let entry = try map.map(key)
        try entry.rejectUnknownFields(allowed: ["read", "write"])
        let override = PromptPolicy.Override(
          read: try entry.optionalChoice("read", of: answers).flatMap(PromptAnswer.init(rawValue:)),
          write: try entry.optionalChoice("write", of: answers).flatMap(
            PromptAnswer.init(rawValue:)))
        for identifier in identifiers { built[identifier] = override }
      }
      overrides = built
    }
    let store = context.store
    return {
      if let read { store.promptPolicy.read = read }
      if let write { store.promptPolicy.write = write }
      if let overrides { store.promptPolicy.overrides = overrides }
      return .null
    }
  }

  // MARK: setAuthorization

  /// `{identifier, share?, read?}`: the user changing a type in Settings (revoking =
  /// `share: "sharingDenied"`).
  @Sendable
  static func setAuthorization(_ context: MethodContext) throws -> MethodOperation {
    let args = context.arguments
    let name = try args.string("identifier")
    let identifiers = try identifiers(name, field: "identifier")
    let share = try args.optionalChoice("share", of: ShareStatus.allCases.map(\.rawValue))
      .flatMap(ShareStatus.init(rawValue:))
    let read = try args.optionalChoice("read", of: ReadDecision.allCases.map(\.rawValue))
      .flatMap(ReadDecision.init(rawValue:))
    guard share != nil || read != nil else {
      throw ArgumentError(
        field: "share", "setAuthorization needs 'share', 'read' or both; neither was given")
    }
    let store = context.store
    if let share, share != .notDetermined {
      for identifier in identifiers {
        guard store.hasShareStatus(identifier) else {
          throw ArgumentError(
            field: "share", "\(identifier) has no share status (apps only read it); set 'read'")
        }
        if share == .sharingAuthorized, let reason = Catalogue.shareRefusal(identifier) {
          throw ArgumentError(
            field: "share",
            "\(identifier) cannot be sharingAuthorized: "
              + HealthStore.readOnlyExplanation(reason) + "; use sharingDenied or notDetermined")
        }
      }
    }
    return {
      for identifier in identifiers {
        store.setAuthorization(
          identifier, share: store.hasShareStatus(identifier) ? share : nil, read: read)
      }
      return .null
    }
  }

  // MARK: setCharacteristic

  /// `{identifier, value}`: value an Int raw value or case name (`"aPositive"`), for
  /// `dateOfBirth` a map `{year, month, day}`, or `null` (or left out) to clear it.
  @Sendable
  static func setCharacteristic(_ context: MethodContext) throws -> MethodOperation {
    let args = context.arguments
    let name = try args.string("identifier")
    let identifiers = try identifiers(name, field: "identifier")
    guard identifiers.count == 1, let info = Catalogue.info(identifiers[0]),
      info.typeClass == .characteristic
    else {
      throw ArgumentError(
        field: "identifier",
        "'\(name)' is not a characteristic; expected one of "
          + Catalogue.identifiers(of: .characteristic).joined(separator: ", "))
    }
    let value = try characteristicValue(args, info: info)
    let store = context.store
    return {
      store.setCharacteristic(info.identifier, value)
      return .null
    }
  }

  static func characteristicValue(_ args: Arguments, info: TypeInfo) throws(ArgumentError)
    -> CharacteristicValue
  {
    guard let value = try args.optionalValue("value") else { return .notSet }
    if info.characteristicCases.isEmpty {
      let date = try args.map("value")
      try date.rejectUnknownFields(allowed: ["year", "month", "day"])
      let year = try date.int("year")
      let month = try date.int("month")
      let day = try date.int("day")
      guard (1...9999).contains(year), (1...12).contains(month),
        (1...daysIn(month: month, year: year)).contains(day)
      else {
        throw ArgumentError(
          field: "value",
          "\(year)-\(month)-\(day) is not a calendar date; expected a year "
            + "1...9999, a month 1...12 and a day that month has")
      }
      return .date(year: year, month: month, day: day)
    }
    let cases = info.characteristicCases
    let listed = cases.map { "\($0.name) (\($0.rawValue))" }.joined(separator: ", ")
    if let raw = value.intValue {
      if raw == 0 { return .notSet }
      guard cases.contains(where: { $0.rawValue == raw }) else {
        throw ArgumentError(
          field: "value", "\(raw) is not a value of \(info.name); expected one of \(listed)")
      }
      return .raw(raw)
    }
    if let caseName = value.stringValue {
      guard let found = cases.first(where: { $0.name == caseName }) else {
        throw ArgumentError(
          field: "value", "'\(caseName)' is not a case of \(info.name); expected one of \(listed)")
      }
      return found.rawValue == 0 ? .notSet : .raw(found.rawValue)
    }
    throw ArgumentError(
      field: "value",
      "value must be an Int or a case name of \(info.name) (or null), not \(value.typeName)")
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2:
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  // MARK: Naming types

  /// The raw identifiers a control argument names: a raw identifier, a HealthKit Swift name
  /// (`stepCount`), or a CKType (its permission identifiers).
  static func identifiers(_ name: String, field: String) throws(ArgumentError) -> [String] {
    if let info = Catalogue.info(name) { return [info.identifier] }
    if RecordTypeMapper.row(name) != nil {
      let newest = OSVersion(HealthStore.newestOSMajor, 0)
      if let identifiers = try? RecordTypeMapper.permissionIdentifiers(for: name, os: newest),
        !identifiers.isEmpty
      {
        return identifiers
      }
      throw ArgumentError(
        field: field, "CKType '\(name)' has no HealthKit type to authorize")
    }
    if let info = Catalogue.info(named: name) { return [info.identifier] }
    let suggestion =
      Catalogue.suggestion(for: name) ?? RecordTypeMapper.suggestCKType(for: name)
    let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
    var error = ArgumentError(
      field: field,
      "'\(name)' is neither a HealthKit identifier nor a CKType\(hint)")
    error.didYouMean = suggestion
    throw error
  }
}
