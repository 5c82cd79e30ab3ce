import HealthKitModel

/// One line of `hkbridge types`: how the mapper resolves a CKType on one iOS version.
public struct TypesRow: Hashable, Sendable {
  public let ckType: String
  /// The full raw identifier, or nil when there is none.
  public let hkIdentifier: String?
  /// The HealthKit class (`quantity`, `category`, ...), `workoutComponent` or `unsupported`.
  public let kind: String
  public let minimumOS: OSVersion?
  /// Whether `readRecords` (for characteristics `readCharacteristic`) accepts it.
  public let read: Bool
  /// Whether `writeRecord` accepts it.
  public let write: Bool
  /// Why it cannot be read or written; nil when both work.
  public let reason: RefusalReason?
}

/// The rows of `hkbridge types`, derived from the same tables as the mapper.
public enum TypesTable {
  /// One row per CKType, sorted by CKType.
  public static func rows(os: OSVersion) -> [TypesRow] {
    RecordTypeMapper.allCKTypes.compactMap { row(for: $0, os: os) }
  }

  public static func row(for ckType: String, os: OSVersion) -> TypesRow? {
    guard let entry = RecordTypeMapper.row(ckType) else { return nil }
    var identifier: String?
    var kind: String
    var minimumOS: OSVersion?
    switch entry.target {
    case .type(let name):
      let info = Catalogue.info(named: name)
      identifier = info?.identifier
      kind = info?.typeClass.rawValue ?? "unsupported"
      minimumOS = info?.minimumOS
    case .categoryCase(let typeName, let caseName):
      let info = Catalogue.info(named: typeName)
      identifier = info?.identifier
      kind = info?.typeClass.rawValue ?? "unsupported"
      if let info {
        minimumOS = max(
          info.minimumOS, info.categoryCase(named: caseName)?.minimumOS ?? info.minimumOS)
      }
    case .activityDependent:
      kind = "workoutComponent"
    case .refused(let reason):
      kind = reason == .workoutOnly ? "workoutComponent" : "unsupported"
    }
    do {
      let resolved = try RecordTypeMapper.resolve(ckType, os: os)
      let refusal = RecordTypeMapper.writeRefusal(resolved)
      return TypesRow(
        ckType: ckType, hkIdentifier: identifier, kind: kind, minimumOS: minimumOS, read: true,
        write: refusal == nil, reason: refusal)
    } catch {
      return TypesRow(
        ckType: ckType, hkIdentifier: identifier, kind: kind, minimumOS: minimumOS, read: false,
        write: false, reason: error.reason)
    }
  }
}
