/// The HealthKit type catalogue: lookups over the declarative tables.
public enum Catalogue {
  /// Every row, quantity types first, then categories, characteristics and the rest.
  public static let all: [TypeInfo] =
    QuantityTypeTable.rows + CategoryTypeTable.rows + CharacteristicTable.rows
    + OtherTypeTable.rows

  private static let byIdentifier: [String: TypeInfo] = Dictionary(
    all.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })

  private static let byName: [String: TypeInfo] = Dictionary(
    all.flatMap { row in ([row.name] + row.aliases).map { ($0, row) } },
    uniquingKeysWith: { first, _ in first })

  /// The row of a full raw identifier (`HKQuantityTypeIdentifierStepCount`), exact spelling.
  public static func info(_ identifier: String) -> TypeInfo? { byIdentifier[identifier] }

  /// The row of a Swift identifier name (`stepCount`, `audioExposureEvent`), exact spelling.
  public static func info(named name: String) -> TypeInfo? { byName[name] }

  /// Every raw identifier of a class, in table order.
  public static func identifiers(of typeClass: TypeClass) -> [String] {
    all.filter { $0.typeClass == typeClass }.map(\.identifier)
  }

  /// The Swift name of an identifier (`HKQuantityTypeIdentifierHeartRate` → `heartRate`); the
  /// text itself when unknown.
  public static func shortName(of identifier: String) -> String {
    info(identifier)?.name ?? identifier
  }

  /// Why a type cannot be shared (written) by an app, or nil when it can. Derived from the
  /// type's class plus seed 001's device-exclusive list (protocol/healthkit-rules.md#rulings exempts runningPower and
  /// runningSpeed). Unknown identifiers: nil (the caller reports them as unknown first).
  public static func shareRefusal(_ identifier: String) -> RefusalReason? {
    guard let row = info(identifier) else { return nil }
    switch row.typeClass {
    case .characteristic: return .characteristic
    case .correlation: return .correlation
    case .clinical: return .clinical
    case .activitySummary: return .activitySummary
    default:
      return DeviceExclusiveList.readOnlyIdentifiers.contains(identifier) ? .deviceExclusive : nil
    }
  }

  /// The prefixes raw identifiers start with.
  public static let identifierPrefixes = [
    "HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCharacteristicTypeIdentifier",
    "HKCorrelationTypeIdentifier", "HKClinicalTypeIdentifier", "HKDocumentTypeIdentifier",
    "HKDataTypeIdentifier",
  ]

  /// The raw identifier a misspelt one most likely means (`stepCount`,
  /// `HKQuantityTypeIdentifierStepcount`, `.stepCount` → `HKQuantityTypeIdentifierStepCount`),
  /// or nil when nothing is close. Restricted to `classes` when given. A correct identifier
  /// suggests itself.
  public static func suggestion(for text: String, in classes: Set<TypeClass>? = nil) -> String? {
    let candidates = all.filter { classes?.contains($0.typeClass) ?? true }
    if candidates.contains(where: { $0.identifier == text }) { return text }
    let key = normalized(text)
    guard !key.isEmpty else { return nil }
    var keyed: [(key: String, identifier: String)] = []
    for row in candidates {
      keyed.append((normalized(row.identifier), row.identifier))
      for name in [row.name] + row.aliases { keyed.append((name.lowercased(), row.identifier)) }
    }
    if let exact = keyed.first(where: { $0.key == key }) { return exact.identifier }
    let limit = key.count < 6 ? 1 : 2
    var best: (distance: Int, identifiers: Set<String>) = (limit + 1, [])
    for entry in keyed {
      let distance = editDistance(key, entry.key, limit: limit)
      if distance < best.distance {
        best = (distance, [entry.identifier])
      } else if distance == best.distance {
        best.identifiers.insert(entry.identifier)
      }
    }
    return best.identifiers.count == 1 ? best.identifiers.first : nil
  }

  /// Lower-cased, without a leading `.` and without an identifier prefix.
  static func normalized(_ text: String) -> String {
    var rest = Substring(text)
    if rest.hasPrefix(".") { rest = rest.dropFirst() }
    for prefix in identifierPrefixes where rest.lowercased().hasPrefix(prefix.lowercased()) {
      rest = rest.dropFirst(prefix.count)
      break
    }
    return rest.lowercased()
  }

  /// Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`. With
  /// `transpositions`, swapping two neighbouring characters counts as one edit (optimal string
  /// alignment distance: `dya` is one edit from `day`).
  static func editDistance(
    _ lhs: String, _ rhs: String, limit: Int, transpositions: Bool = false
  ) -> Int {
    let left = Array(lhs.utf8)
    let right = Array(rhs.utf8)
    if abs(left.count - right.count) > limit { return limit + 1 }
    var beforePrevious: [Int] = []
    var previous = Array(0...right.count)
    for (i, leftByte) in left.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: right.count)
      var rowMinimum = current[0]
      for (j, rightByte) in right.enumerated() {
        let substitution = previous[j] + (leftByte == rightByte ? 0 : 1)
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, substitution)
        if transpositions, i > 0, j > 0, leftByte == right[j - 1], left[i - 1] == rightByte {
          current[j + 1] = min(current[j + 1], beforePrevious[j - 1] + 1)
        }
        rowMinimum = min(rowMinimum, current[j + 1])
      }
      if rowMinimum > limit { return limit + 1 }
      beforePrevious = previous
      previous = current
    }
    return min(previous[right.count], limit + 1)
  }
}
