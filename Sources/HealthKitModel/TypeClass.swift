/// The class of a HealthKit object type (`HKQuantityType`, `HKCategoryType`, ...).
///
/// The raw value is the `kind` printed by `hkbridge types`.
public enum TypeClass: String, CaseIterable, Sendable {
  case quantity
  case category
  case characteristic
  case correlation
  case workout
  case clinical
  case document
  case series
  case audiogram
  case electrocardiogram
  case activitySummary

  /// Whether the class is a subclass of `HKSampleType` (only sample types can ever be shared).
  public var isSampleType: Bool {
    switch self {
    case .characteristic, .activitySummary: return false
    default: return true
    }
  }
}

/// How HealthKit aggregates a quantity type's samples.
public enum Aggregation: String, Sendable {
  /// Samples add up (steps, energy, distance).
  case cumulative
  /// Samples stand alone (heart rate, body mass).
  case discrete
}

/// One case of a category value enumeration (`HKCategoryValueSleepAnalysis.asleepCore` = 3).
public struct CategoryCase: Hashable, Sendable {
  /// The Swift case name, e.g. `asleepCore`.
  public let name: String
  /// HealthKit's raw Int value.
  public let rawValue: Int
  /// The iOS version that introduced the case (nil: as old as the type).
  public let minimumOS: OSVersion?
  /// Set for a deprecated spelling that HealthKit keeps as an alias of another case's value.
  public let deprecatedAliasOf: String?

  public init(
    _ name: String, _ rawValue: Int, since minimumOS: OSVersion? = nil,
    aliasOf deprecatedAliasOf: String? = nil
  ) {
    self.name = name
    self.rawValue = rawValue
    self.minimumOS = minimumOS
    self.deprecatedAliasOf = deprecatedAliasOf
  }
}

/// The quantity-specific facts of a catalogue row.
public struct QuantityInfo: Sendable {
  /// HealthKit's canonical unit string, e.g. `count/min`.
  public let canonicalUnit: String
  public let aggregation: Aggregation

  /// The dimension of the canonical unit.
  public var dimension: Dimension {
    (try? UnitParser.parse(canonicalUnit).dimension) ?? .dimensionless
  }
}

/// One row of the HealthKit type catalogue.
public final class TypeInfo: Sendable {
  /// The full raw identifier, e.g. `HKQuantityTypeIdentifierStepCount`.
  public let identifier: String
  /// The Swift name of the identifier, e.g. `stepCount` (the name the seeds use).
  public let name: String
  public let typeClass: TypeClass
  /// The iOS version that introduced the type.
  public let minimumOS: OSVersion
  /// Set for quantity types.
  public let quantity: QuantityInfo?
  /// The value cases of a category type (empty for other classes).
  public let categoryCases: [CategoryCase]
  /// The value cases of a characteristic type (empty for `dateOfBirth` and other classes).
  public let characteristicCases: [CategoryCase]
  /// Other Swift names of the same raw identifier (renamed identifiers).
  public let aliases: [String]
  /// Where a seed disagrees with Apple's documentation: what the seed says (Apple wins).
  public let seedNote: String?

  public init(
    identifier: String, name: String, typeClass: TypeClass, minimumOS: OSVersion,
    quantity: QuantityInfo? = nil, categoryCases: [CategoryCase] = [],
    characteristicCases: [CategoryCase] = [], aliases: [String] = [], seedNote: String? = nil
  ) {
    self.identifier = identifier
    self.name = name
    self.typeClass = typeClass
    self.minimumOS = minimumOS
    self.quantity = quantity
    self.categoryCases = categoryCases
    self.characteristicCases = characteristicCases
    self.aliases = aliases
    self.seedNote = seedNote
  }

  /// Whether the type exists on `os`.
  public func isAvailable(on os: OSVersion) -> Bool { os >= minimumOS }

  /// The category case with this name (case-sensitive), if any.
  public func categoryCase(named name: String) -> CategoryCase? {
    categoryCases.first { $0.name == name }
  }

  /// The category case with this raw value; a current name wins over a deprecated alias.
  public func categoryCase(rawValue: Int) -> CategoryCase? {
    categoryCases.first { $0.rawValue == rawValue && $0.deprecatedAliasOf == nil }
      ?? categoryCases.first { $0.rawValue == rawValue }
  }
}
