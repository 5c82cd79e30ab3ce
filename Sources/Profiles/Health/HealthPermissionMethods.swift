import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// checkIfHealthDataAvailable, requestAuthorization and hasPermissions of the `health` profile.
/// Access codes (`HealthDataAccess.index`): 0 READ, 1 WRITE, anything else READ_WRITE.
enum HealthPermissionMethods {
  static let table: MethodTable = [
    "checkIfHealthDataAvailable": .plain { call in
      .bool(call.store.availability == .available)
    },
    "requestAuthorization": .plain(requestAuthorization),
    "hasPermissions": .plain(hasPermissions),
  ]

  /// The host checks permissions only from iOS 13 (older: null; requests answer false).
  static let firstOS = OSVersion(13, 0)

  /// The types and access codes of a call, or nil when the host's guard fails.
  static func typesAndAccess(_ args: CastArguments) -> [(String, Int)]? {
    guard let types = args.strings("types"), let access = args.ints("permissions"),
      types.count == access.count
    else { return nil }
    return Array(zip(types, access))
  }

  @Sendable
  static func requestAuthorization(_ call: MethodContext) throws -> ChannelValue {
    guard let pairs = typesAndAccess(CastArguments(call.rawArguments)) else {
      throw HealthProfileErrors.requestAuth
    }
    let access = HealthStoreAccess(store: call.store)
    var read: [String] = []
    var share: [String] = []
    func add(_ identifier: String, to list: inout [String]) {
      if !list.contains(identifier) { list.append(identifier) }
    }
    for (key, code) in pairs {
      if key == "NUTRITION" {
        for row in HealthNutritionTable.rows {
          if let identifier = Catalogue.info(named: row.typeName)?.identifier {
            add(identifier, to: &share)
          }
        }
        continue
      }
      if let row = HealthDataTypeTable.row(key, os: access.os), row.kind != .characteristic {
        let identifier = HealthDataTypeTable.identifier(row)
        if code != 1 { add(identifier, to: &read) }
        if code != 0 { add(identifier, to: &share) }
      } else if let row = HealthDataTypeTable.row(key, os: access.os) {
        if code == 1 { throw HealthProfileErrors.requestAuth }
        add(HealthDataTypeTable.identifier(row), to: &read)
      } else {
        call.warn(
          "health: requestAuthorization: '\(key)' is not a data type the iOS host knows on "
            + "iOS \(access.os); it is skipped, as the host only logs it")
      }
    }
    // Below iOS 13 the host answers false without asking HealthKit anything.
    guard access.os >= firstOS else { return .bool(false) }
    for identifier in share {
      if let info = Catalogue.info(identifier), let refusal = access.store.shareRefusal(info) {
        throw HealthProfileError.hostFailure(
          code: "REQUEST_AUTH_ERROR", message: refusal.text(HealthError.healthKitWording),
          iosBehavior: .exception)
      }
    }
    guard access.availabilityFailure() == nil else { return .bool(false) }
    do {
      try access.store.requestAuthorization(toShare: share, read: read)
    } catch {
      return .bool(false)
    }
    return .bool(true)
  }

  @Sendable
  static func hasPermissions(_ call: MethodContext) throws -> ChannelValue {
    guard var pairs = typesAndAccess(CastArguments(call.rawArguments)) else {
      throw HealthProfileErrors.permission
    }
    if let index = pairs.firstIndex(where: { $0.0 == "NUTRITION" }) {
      let code = pairs.remove(at: index).1
      pairs += HealthNutritionTable.typeKeys.map { ($0, code) }
    }
    let access = HealthStoreAccess(store: call.store)
    for (key, code) in pairs {
      guard let row = HealthDataTypeTable.row(key, os: access.os), row.kind != .characteristic
      else { return .bool(false) }
      guard access.os >= firstOS, code == 1 else { return .null }
      let status = access.store.shareStatus(for: HealthDataTypeTable.identifier(row))
      if status != .sharingAuthorized { return .bool(false) }
    }
    return .bool(true)
  }
}
