import CKTypeRecords
import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// The permission bridge of seed 002 ("Flutter Plugin Bridge Example") plus the plugin
/// channel's `authorizationStatus` and `requestStatus` (protocol/channel-api.md#plugin-channel). These methods take raw HealthKit identifiers and
/// behave as the bridge does on iOS: an identifier HealthKit does not know, of the wrong class,
/// or newer than the device's iOS is SKIPPED with a warning that suggests the right spelling.
enum PermissionBridgeMethods {
  static let table: MethodTable = [
    "requestQuantityPermissions": .healthKit(takes: sampleRequestKeys) {
      context throws in
      try sampleRequest(context, classes: [.quantity], kind: "quantity")
    },
    "requestCategoryPermissions": .healthKit(takes: sampleRequestKeys) {
      context throws in
      try sampleRequest(context, classes: [.category], kind: "category")
    },
    "requestCharacteristicPermissions": .healthKit(
      takes: ["identifiers"], characteristicRequest),
    "requestWorkoutPermissions": .healthKit(takes: ["read", "write"]) {
      context throws in
      try fixedRequest(context, identifiers: [HealthStore.workoutIdentifier])
    },
    "requestBloodPressurePermissions": .healthKit(takes: ["read", "write"]) {
      context throws in
      try fixedRequest(context, identifiers: bloodPressureIdentifiers)
    },
    "authorizationStatus": .healthKit(takes: ["identifier"], authorizationStatus),
    "requestStatus": .healthKit(takes: ["read", "write"], requestStatus),
    "readCharacteristic": .healthKit(takes: ["identifier"], readCharacteristic),
  ]

  /// The arguments of `requestQuantityPermissions` and `requestCategoryPermissions`.
  static let sampleRequestKeys = ["identifiers", "read", "write"]

  /// Blood pressure is authorized through its members, never the correlation.
  static let bloodPressureIdentifiers = [
    "HKQuantityTypeIdentifierBloodPressureSystolic",
    "HKQuantityTypeIdentifierBloodPressureDiastolic",
  ]

  /// The bridge method that requests each class of type, for the skip warnings.
  static let requestMethodByClass: [TypeClass: String] = [
    .quantity: "requestQuantityPermissions",
    .category: "requestCategoryPermissions",
    .characteristic: "requestCharacteristicPermissions",
    .workout: "requestWorkoutPermissions",
  ]

  // MARK: Requests

  /// `requestQuantityPermissions` / `requestCategoryPermissions`:
  /// `{identifiers: [String], read: bool, write: bool}`.
  static func sampleRequest(
    _ context: MethodContext, classes: Set<TypeClass>, kind: String
  ) throws -> MethodOperation {
    let args = context.arguments
    let identifiers = try args.stringList("identifiers")
    let read = try args.bool("read")
    let write = try args.bool("write")
    let kept = keptTypes(identifiers, classes: classes, kind: kind, context: context)
    if write { try requireShareable(kept, store: context.store) }
    let ids = kept.map(\.identifier)
    return request(context.store, share: write ? ids : [], read: read ? ids : [])
  }

  /// `requestCharacteristicPermissions`: `{identifiers: [String]}`, read only.
  @Sendable
  static func characteristicRequest(_ context: MethodContext) throws -> MethodOperation {
    let identifiers = try context.arguments.stringList("identifiers")
    let kept = keptTypes(
      identifiers, classes: [.characteristic], kind: "characteristic", context: context)
    return request(context.store, share: [], read: kept.map(\.identifier))
  }

  /// `requestWorkoutPermissions` / `requestBloodPressurePermissions`: `{read: bool, write: bool}`
  /// for a fixed set of types.
  static func fixedRequest(_ context: MethodContext, identifiers: [String]) throws
    -> MethodOperation
  {
    let read = try context.arguments.bool("read")
    let write = try context.arguments.bool("write")
    return request(
      context.store, share: write ? identifiers : [], read: read ? identifiers : [])
  }

  /// HealthKit's `requestAuthorization`: `true` once the request completed (NOT whether
  /// anything was granted).
  static func request(_ store: HealthStore, share: [String], read: [String]) -> MethodOperation {
    return { () throws(HealthError) in
      try store.requestAuthorization(toShare: share, read: read)
      return .bool(true)
    }
  }

  // MARK: Status

  /// `authorizationStatus`: `{identifier: String}` → HealthKit's share status.
  @Sendable
  static func authorizationStatus(_ context: MethodContext) throws -> MethodOperation {
    let identifier = try context.arguments.string("identifier")
    let info = try context.store.objectType(identifier, hints: SchemeHint.forRawIdentifier)
    let store = context.store
    return { .string(store.shareStatus(for: info.identifier).rawValue) }
  }

  /// `requestStatus`: `{read: [String], write: [String]}` → `shouldRequest` | `unnecessary`.
  @Sendable
  static func requestStatus(_ context: MethodContext) throws -> MethodOperation {
    let args = context.arguments
    let readIdentifiers = try args.stringList("read")
    let writeIdentifiers = try args.stringList("write")
    let allClasses = Set(TypeClass.allCases)
    let readTypes = keptTypes(
      readIdentifiers, classes: allClasses, kind: "", context: context, field: "read")
    let writeTypes = keptTypes(
      writeIdentifiers, classes: allClasses, kind: "", context: context, field: "write")
    if let correlation = readTypes.first(where: { $0.typeClass == .correlation }) {
      throw HealthError(
        .unsupportedType,
        "Authorization to read \(correlation.identifier) is disallowed: "
          + HealthStore.readOnlyExplanation(.correlation)
          + ". On iOS this raises an exception and the app crashes.",
        type: correlation.identifier, reason: .refused(.correlation), raisesException: true)
    }
    try requireShareable(writeTypes, store: context.store)
    let store = context.store
    let share = writeTypes.map(\.identifier)
    let read = readTypes.map(\.identifier)
    return { () throws(HealthError) in
      .string(try store.requestStatus(toShare: share, read: read).rawValue)
    }
  }

  // MARK: Characteristics

  /// `readCharacteristic`: `{identifier: String}` → protocol/healthkit-rules.md#characteristics.
  @Sendable
  static func readCharacteristic(_ context: MethodContext) throws -> MethodOperation {
    let identifier = try context.arguments.string("identifier")
    let store = context.store
    let info = try store.characteristicType(identifier, hints: SchemeHint.forRawIdentifier)
    try store.requireReadDetermined(info.identifier)
    let isDate = info.characteristicCases.isEmpty
    return { characteristicValue(store.characteristicAnswer(info.identifier), isDate: isDate) }
  }

  /// A characteristic as the bridge returns it: the raw Int (`notSet` is 0), or for the date of
  /// birth `{"year", "month", "day"}` or `null`. Swift `Int`s, so int64 on the wire.
  static func characteristicValue(_ value: CharacteristicValue, isDate: Bool) -> ChannelValue {
    switch value {
    case .raw(let raw) where !isDate:
      return .swiftInt(raw)
    case .date(let year, let month, let day) where isDate:
      return .object([
        ("year", .swiftInt(year)), ("month", .swiftInt(month)), ("day", .swiftInt(day)),
      ])
    default:
      return isDate ? .null : .swiftInt(0)
    }
  }

  // MARK: Identifier filtering

  /// The types of `identifiers` that HealthKit would create on this device, in order and
  /// without repeats; every other identifier is skipped with a warning.
  static func keptTypes(
    _ identifiers: [String], classes: Set<TypeClass>, kind: String, context: MethodContext,
    field: String = "identifiers"
  ) -> [TypeInfo] {
    var kept: [TypeInfo] = []
    let store = context.store
    for (index, identifier) in identifiers.enumerated() {
      let prefix = "\(context.method): skipped \(field)[\(index)] '\(identifier)': "
      guard let info = Catalogue.info(identifier) else {
        let what = kind.isEmpty ? "type" : "\(kind) type"
        context.warn(
          prefix + "HealthKit has no \(what) with this identifier"
            + HealthStore.spellingHint(
              identifier, in: kind.isEmpty ? nil : classes, hints: SchemeHint.forRawIdentifier))
        continue
      }
      guard classes.contains(info.typeClass) else {
        let better = requestMethodByClass[info.typeClass].map { "; use \($0)" } ?? ""
        context.warn(
          prefix + "it is a \(info.typeClass.rawValue) type, not a \(kind) type\(better)")
        continue
      }
      guard info.isAvailable(on: store.osVersion) else {
        context.warn(
          prefix + "it needs iOS \(info.minimumOS); the device runs \(store.systemName) "
            + "\(store.osVersion)")
        continue
      }
      if !kept.contains(where: { $0.identifier == info.identifier }) { kept.append(info) }
    }
    return kept
  }

  /// Every type of a share request must be shareable; otherwise iOS raises an exception naming
  /// all the disallowed types: `READ_ONLY_TYPE` for the first, the message naming all.
  static func requireShareable(_ types: [TypeInfo], store: HealthStore) throws(HealthError) {
    let refused = types.compactMap { store.shareRefusal($0) }
    guard var first = refused.first else { return }
    if refused.count > 1 {
      let names = refused.compactMap(\.type).joined(separator: ", ")
      first.hint = nil
      first.summary =
        "Authorization to share the following types is disallowed: \(names). Apps can only "
        + "read them. On iOS this raises an exception and the app crashes; request them for "
        + "reading only."
    }
    throw first
  }
}
