import CKTypeRecords
import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// `getPlatformVersion`, `isSdkAvailable`, `requestPermissions`, `checkPermissions`,
/// `revokePermissions`, `openHealthSettings`: ConnectKit's permission service over the store.
enum ConnectKitPermissions {
  enum Access {
    case read
    case write
  }

  /// ConnectKit's `getObjectType(recordType:accessType:)` over the project's CKType mapper: the
  /// HealthKit identifier, or `nil` when the host has no type for it (unknown, no equivalent,
  /// too new for the iOS version, a composite correlation — Dart sends its members —, and for
  /// writing anything apps cannot share: characteristics, clinical, device-exclusive types).
  static func objectType(_ ckType: String, _ access: Access, os: OSVersion) -> String? {
    // A workout component is the one type ConnectKit's mapper gives it, for asking and writing
    // alike (runningSpeed and runningPower are written inside workouts: healthkit-rules.md).
    if let component = ConnectKitWorkoutComponents.identifier(ckType, os: os) { return component }
    // An unknown name is answered from the table alone: resolving it would look for the nearest
    // name (a suggestion nobody reads here), which costs a scan of every CKType per key.
    guard RecordTypeMapper.row(ckType) != nil,
      let resolved = try? RecordTypeMapper.resolve(ckType, os: os),
      resolved.typeClass != .correlation
    else { return nil }
    if access == .write, Catalogue.shareRefusal(resolved.identifier) != nil { return nil }
    return resolved.identifier
  }

  /// `"iOS <systemVersion> (<systemName>)"`.
  @Sendable
  static func platformVersion(_ arguments: ConnectKitArguments, _ context: MethodContext)
    throws(ConnectKitError) -> ChannelValue
  {
    .string("iOS \(context.store.osVersion) (\(context.store.systemName))")
  }

  /// `"available"` when HealthKit answers on the device, else `"unavailable"`.
  @Sendable
  static func sdkAvailable(_ arguments: ConnectKitArguments, _ context: MethodContext)
    throws(ConnectKitError) -> ChannelValue
  {
    .string(context.store.availability == .available ? "available" : "unavailable")
  }

  /// Types the host has no type for are skipped (a warning names them); when none is left the
  /// reply is `true` without asking. Otherwise HealthKit's request: `true` once the sheet was
  /// answered (not whether anything was granted). `forHistory`/`forBackground` are ignored.
  @Sendable
  static func request(_ arguments: ConnectKitArguments, _ context: MethodContext)
    throws(ConnectKitError) -> ChannelValue
  {
    let readTypes = try arguments.optionalStringList(0) ?? []
    let writeTypes = try arguments.optionalStringList(1) ?? []
    _ = try arguments.optionalBool(2)
    _ = try arguments.optionalBool(3)
    let store = context.store
    var read: [String] = []
    var share: [String] = []
    var skipped: [String] = []
    for (types, access) in [(readTypes, Access.read), (writeTypes, .write)] {
      for ckType in types {
        guard let identifier = objectType(ckType, access, os: store.osVersion) else {
          skipped.append("'\(ckType)' (\(access == .read ? "read" : "write"))")
          continue
        }
        if access == .read {
          if !read.contains(identifier) { read.append(identifier) }
        } else if !share.contains(identifier) {
          share.append(identifier)
        }
      }
    }
    if !skipped.isEmpty {
      context.warn(
        "connect_kit requestPermissions skipped types the host has no HealthKit type for on iOS "
          + "\(store.osVersion): \(skipped.joined(separator: ", "))")
    }
    guard !read.isEmpty || !share.isEmpty else { return .bool(true) }
    do {
      try store.requireAvailable()
      try store.requestAuthorization(toShare: share, read: read)
    } catch {
      throw .healthKit(error)
    }
    return .bool(true)
  }

  /// `AccessStatusMessage(dataAccess: {type: {"read"/"write": status}}, null, null)`, types in
  /// request order, `read` before `write`. Both statuses are HealthKit's share status
  /// (`authorizationStatus(for:)`), so `read` never reveals the user's read answer.
  @Sendable
  static func check(_ arguments: ConnectKitArguments, _ context: MethodContext)
    throws(ConnectKitError) -> ChannelValue
  {
    let forData = try arguments.optionalStringListMap(0) ?? []
    _ = try arguments.optionalBool(1)
    _ = try arguments.optionalBool(2)
    let store = context.store
    var dataAccess: [(String, ChannelValue)] = []
    for (ckType, accessTypes) in forData {
      var statuses: [(String, ChannelValue)] = []
      for (key, access) in [("read", Access.read), ("write", .write)]
      where accessTypes.contains(key) {
        let status =
          objectType(ckType, access, os: store.osVersion).map {
            statusName(store.shareStatus(for: $0))
          } ?? "unsupported"
        statuses.append((key, .string(status)))
      }
      if !statuses.isEmpty { dataAccess.append((ckType, .object(statuses))) }
    }
    return accessStatus(dataAccess: .object(dataAccess))
  }

  /// ConnectKit's names for `HKAuthorizationStatus`.
  static func statusName(_ status: ShareStatus) -> String {
    switch status {
    case .notDetermined: return "notDetermined"
    case .sharingDenied: return "denied"
    case .sharingAuthorized: return "granted"
    }
  }

  /// `AccessStatusMessage` (tag 129): `[dataAccess, historyAccess, backgroundAccess]`.
  static func accessStatus(dataAccess: ChannelValue) -> ChannelValue {
    ConnectKitProfile.tags.encode("AccessStatusMessage", fields: [dataAccess, .null, .null])
      ?? .null
  }

  /// iOS cannot revoke permissions from an app: always `false`.
  @Sendable
  static func revoke(_ arguments: ConnectKitArguments, _ context: MethodContext)
    throws(ConnectKitError) -> ChannelValue
  {
    .bool(false)
  }

  /// Opens the app's page in Settings (counted in the store): `true`.
  @Sendable
  static func openSettings(_ arguments: ConnectKitArguments, _ context: MethodContext)
    throws(ConnectKitError) -> ChannelValue
  {
    context.store.recordSettingsOpened()
    return .bool(true)
  }
}
