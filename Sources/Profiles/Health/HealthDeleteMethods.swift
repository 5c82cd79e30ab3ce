import FlutterCodec
import HealthStore
import PluginHost

/// delete and deleteByUUID of the `health` profile: only this app's own samples can go, and
/// only with share authorization, as HealthKit allows. The store deletes: a correlation member
/// takes its whole correlation with it (protocol/healthkit-rules.md#deleting), so sharing every
/// member's type is needed.
enum HealthDeleteMethods {
  static let table: MethodTable = [
    "delete": .plain(delete),
    "deleteByUUID": .plain(deleteByUUID),
  ]

  @Sendable
  static func delete(_ call: MethodContext) throws -> ChannelValue {
    let args = CastArguments(call.rawArguments)
    let access = HealthStoreAccess(store: call.store)
    guard let key = args.string("dataTypeKey"),
      let row = HealthDataTypeTable.row(key, os: access.os), row.kind != .characteristic
    else { return .bool(false) }
    let identifier = HealthDataTypeTable.identifier(row)
    let from = HostDate.milliseconds(args.milliseconds("startTime"))
    let to = HostDate.milliseconds(args.milliseconds("endTime"))
    guard let visibility = try? access.visibility(HealthReadMethods.readIdentifiers(row)) else {
      return .bool(false)
    }
    let own = access.samples(identifier, from: from, to: to, visibility: visibility) {
      $0.source.bundleId == access.store.bundleId
    }
    if own.isEmpty { return .bool(true) }
    guard access.maySave(deleteIdentifiers(row) + own.flatMap(access.store.deleteIdentifiers))
    else { return .bool(false) }
    access.delete(own)
    return .bool(true)
  }

  /// The identifiers whose share authorization a delete needs.
  static func deleteIdentifiers(_ row: HealthDataTypeRow) -> [String] {
    row.kind == .nutrition
      ? HealthReadMethods.readIdentifiers(row) : [HealthDataTypeTable.identifier(row)]
  }

  @Sendable
  static func deleteByUUID(_ call: MethodContext) throws -> ChannelValue {
    let args = CastArguments(call.rawArguments)
    guard let uuid = args.string("uuid"), let key = args.string("dataTypeKey") else {
      throw HealthProfileErrors.deleteByUUID
    }
    let access = HealthStoreAccess(store: call.store)
    guard let row = HealthDataTypeTable.row(key, os: access.os), row.kind != .characteristic,
      let visibility = try? access.visibility(HealthReadMethods.readIdentifiers(row)),
      let sample = access.sample(uuid: uuid),
      sample.identifier == HealthDataTypeTable.identifier(row), visibility.shows(sample),
      sample.source.bundleId == access.store.bundleId,
      access.maySave(deleteIdentifiers(row) + access.store.deleteIdentifiers(sample))
    else { return .bool(false) }
    access.delete([sample])
    return .bool(true)
  }
}
