import HealthKitModel

/// A CKType resolved for an iOS version: the exact HealthKit type.
public struct ResolvedType: Hashable, Sendable {
  public let ckType: String
  /// The full raw identifier (`HKQuantityTypeIdentifierStepCount`).
  public let identifier: String
  public let typeClass: TypeClass
  /// The later of the type's and the category case's minimum iOS.
  public let minimumOS: OSVersion
  /// For sleep stages: the `HKCategoryValueSleepAnalysis` case.
  public let categoryCase: CategoryCase?
}

/// The members of a composite CKType on an iOS version.
public struct CompositeMembers: Sendable {
  /// Members iOS has, in table order.
  public let available: [ResolvedType]
  /// Members refused (no equivalent, or too new for the iOS version), in table order.
  public let refused: [Refusal]
}

/// The CKType → HealthKit mapper of seed `000_…`: pure functions over `CKTypeTable`, the catalogue
/// and the activity table. No fallbacks: anything not mapped exactly is a `Refusal`.
public enum RecordTypeMapper {
  /// Every CKType row, in table order.
  public static var rows: [CKTypeRow] { CKTypeTable.rows }

  private static let byCKType: [String: CKTypeRow] = Dictionary(
    CKTypeTable.rows.map { ($0.ckType, $0) }, uniquingKeysWith: { first, _ in first })

  /// Every CKType name, sorted.
  public static let allCKTypes: [String] = CKTypeTable.rows.map(\.ckType).sorted()

  public static func row(_ ckType: String) -> CKTypeRow? { byCKType[ckType] }

  /// Resolves a CKType on `os` to its exact HealthKit type (what `readRecords` accepts).
  /// Refusals: `unknownType`, `noEquivalent`, `workoutOnly`, `activityDependent`,
  /// `requiresNewerOS`.
  public static func resolve(_ ckType: String, os: OSVersion) throws(Refusal) -> ResolvedType {
    let resolved: ResolvedType
    if let known = resolvedByCKType[ckType] {
      resolved = known
    } else {
      resolved = try resolveRow(ckType)
    }
    guard os >= resolved.minimumOS else {
      throw Refusal.requiresNewerOS(
        "'\(ckType)' (\(resolved.identifier))", type: ckType, minimumOS: resolved.minimumOS,
        deviceOS: os)
    }
    return resolved
  }

  /// Each CKType that names a HealthKit type (or a case of one), resolved once: what `resolve`
  /// returns on any iOS the type is on.
  private static let resolvedByCKType: [String: ResolvedType] = Dictionary(
    uniqueKeysWithValues: byCKType.keys.compactMap { ckType in
      (try? resolveRow(ckType)).map { (ckType, $0) }
    })

  /// A CKType's row resolved to its HealthKit type, whatever the iOS version; the refusals of
  /// ``resolve(_:os:)`` but `requiresNewerOS`.
  private static func resolveRow(_ ckType: String) throws(Refusal) -> ResolvedType {
    guard let row = byCKType[ckType] else {
      if let scheme = SchemeHint.hint(for: ckType, expected: .ckType) {
        throw Refusal(
          .unknownType, type: ckType, message: "unknown CKType '\(ckType)': \(scheme.message)",
          suggestion: scheme.suggestion, expected: .ckType)
      }
      let suggestion = suggestCKType(for: ckType)
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      throw Refusal(
        .unknownType, type: ckType,
        message: "unknown CKType '\(ckType)'\(hint) (see `hkbridge types` for every CKType)",
        suggestion: suggestion, expected: .ckType)
    }
    let resolved: ResolvedType
    switch row.target {
    case .refused(let reason):
      throw refusal(reason, ckType: ckType)
    case .activityDependent(let component):
      throw Refusal(
        .activityDependent, type: ckType,
        message: "'\(ckType)' depends on the workout's activity: write it inside a workout record",
        allowedActivities: allowedActivities(for: component))
    case .type(let name):
      guard let info = Catalogue.info(named: name) else {
        throw Refusal(.noEquivalent, type: ckType, message: "'\(ckType)' has no HealthKit type")
      }
      resolved = ResolvedType(
        ckType: ckType, identifier: info.identifier, typeClass: info.typeClass,
        minimumOS: info.minimumOS, categoryCase: nil)
    case .categoryCase(let typeName, let caseName):
      guard let info = Catalogue.info(named: typeName),
        let value = info.categoryCase(named: caseName)
      else {
        throw Refusal(.noEquivalent, type: ckType, message: "'\(ckType)' has no HealthKit type")
      }
      resolved = ResolvedType(
        ckType: ckType, identifier: info.identifier, typeClass: info.typeClass,
        minimumOS: max(info.minimumOS, value.minimumOS ?? info.minimumOS), categoryCase: value)
    }
    return resolved
  }

  /// Resolves a CKType for `writeRecord`: `resolve` plus writability. Correlation CKTypes
  /// (`bloodPressure`, `nutrition`) are writable as records; characteristics and the
  /// device-exclusive list are not.
  public static func resolveForWriting(_ ckType: String, os: OSVersion) throws(Refusal)
    -> ResolvedType
  {
    let resolved = try resolve(ckType, os: os)
    if let reason = writeRefusal(resolved) {
      throw refusal(reason, ckType: ckType)
    }
    return resolved
  }

  /// Why a resolved CKType cannot be written as a record, or nil.
  public static func writeRefusal(_ resolved: ResolvedType) -> RefusalReason? {
    resolved.typeClass == .correlation ? nil : Catalogue.shareRefusal(resolved.identifier)
  }

  /// The member CKTypes of a composite (`bloodPressure` → systolic, diastolic), in table order;
  /// empty for other CKTypes.
  public static func memberCKTypes(of ckType: String) -> [String] {
    membersByPrefix[ckType] ?? []
  }

  /// The CKTypes under each name they start with followed by a dot (`nutrition.protein` under
  /// `nutrition`), in table order: made once, not by a scan of the table per call.
  private static let membersByPrefix: [String: [String]] = {
    var members: [String: [String]] = [:]
    for row in CKTypeTable.rows {
      let name = row.ckType
      for dot in name.indices where name[dot] == "." {
        members[String(name[..<dot]), default: []].append(name)
      }
    }
    return members
  }()

  /// The members of a composite on `os`: those iOS has and the refused ones (for `nutrition`:
  /// `transFat`, `unsaturatedFat`; for `sleepSession` on iOS 15: the iOS 16 stages too).
  public static func members(of ckType: String, os: OSVersion) -> CompositeMembers {
    var available: [ResolvedType] = []
    var refused: [Refusal] = []
    for member in memberCKTypes(of: ckType) {
      do {
        available.append(try resolve(member, os: os))
      } catch {
        refused.append(error)
      }
    }
    return CompositeMembers(available: available, refused: refused)
  }

  /// The HealthKit identifiers a CKType stands for in `requestPermissions`/`checkPermissions`
  /// (protocol/channel-api.md#plugin-channel): `bloodPressure` → systolic + diastolic (never the correlation), `nutrition` →
  /// every nutrient iOS has, `sleepSession` → sleep analysis, `workout` → the workout type;
  /// any other CKType → its own identifier.
  public static func permissionIdentifiers(for ckType: String, os: OSVersion) throws(Refusal)
    -> [String]
  {
    let resolved = try resolve(ckType, os: os)
    guard resolved.typeClass == .correlation else { return [resolved.identifier] }
    var identifiers: [String] = []
    for member in members(of: ckType, os: os).available
    where !identifiers.contains(member.identifier) {
      identifiers.append(member.identifier)
    }
    return identifiers
  }

  /// Resolves a workout component for the workout's activity on `os`. Refusals:
  /// `activityNotSupported` (with `allowedActivities`) and `requiresNewerOS`.
  public static func resolveComponent(
    _ component: WorkoutComponent, activity: String, os: OSVersion
  ) throws(Refusal) -> ComponentTarget {
    let type = "workout.\(component.rawValue)"
    guard
      let row = ActivityComponentTable.rows.first(where: {
        $0.component == component && $0.activities.contains(activity)
      })
    else {
      let allowed = allowedActivities(for: component)
      throw Refusal(
        .activityNotSupported, type: type,
        message: "HealthKit has no \(component.rawValue) type for a '\(activity)' workout;"
          + " allowed activities: \(allowed.joined(separator: ", "))",
        allowedActivities: allowed)
    }
    guard let typeName = row.typeName else {
      let minimum = ActivityComponentTable.elevationMinimumOS
      guard os >= minimum else {
        throw Refusal.requiresNewerOS(
          "workout elevation metadata", type: type, minimumOS: minimum, deviceOS: os)
      }
      return .elevationMetadata(
        ascended: ActivityComponentTable.elevationKeys.ascended,
        descended: ActivityComponentTable.elevationKeys.descended)
    }
    guard let info = Catalogue.info(named: typeName) else {
      throw Refusal(.noEquivalent, type: type, message: "'\(typeName)' is not in the catalogue")
    }
    guard os >= info.minimumOS else {
      throw Refusal.requiresNewerOS(
        "\(component.rawValue) of a '\(activity)' workout (\(info.identifier))", type: type,
        minimumOS: info.minimumOS, deviceOS: os)
    }
    return .quantity(info.identifier)
  }

  /// The activities with a mapping for a component, sorted.
  public static func allowedActivities(for component: WorkoutComponent) -> [String] {
    Set(ActivityComponentTable.rows.filter { $0.component == component }.flatMap(\.activities))
      .sorted()
  }

  /// The CKType a misspelt one most likely means (case-insensitive, or within two edits).
  public static func suggestCKType(for text: String) -> String? {
    if byCKType[text] != nil { return nil }
    return NearestName.find(text, among: allCKTypes)
  }

  /// A refusal with the standard message of its reason.
  static func refusal(_ reason: RefusalReason, ckType: String) -> Refusal {
    let why: String
    switch reason {
    case .noEquivalent:
      why = "has no HealthKit equivalent on iOS (no fallback mapping is made)"
    case .workoutOnly:
      why = "exists only inside a workout record (its HealthKit type depends on the activity)"
    case .characteristic:
      why = "is a characteristic: the user sets it in the Health app; apps can only read it"
    case .correlation:
      why = "is a correlation: request or write its member types instead"
    case .clinical:
      why = "is a clinical record: health institutions provide it; apps can only read it"
    case .deviceExclusive:
      why = "is recorded only by Apple hardware or the system; apps can only read it"
    case .activitySummary:
      why = "is an activity summary: the system computes it; apps can only read it"
    default:
      why = "is not supported"
    }
    return Refusal(reason, type: ckType, message: "'\(ckType)' \(why)")
  }
}
