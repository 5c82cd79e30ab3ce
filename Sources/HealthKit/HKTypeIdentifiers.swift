// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (Apple's names, spelled as on iOS.)
/// HealthKit's type identifier structs: each wraps the raw identifier string
/// (`HKQuantityTypeIdentifier.stepCount.rawValue == "HKQuantityTypeIdentifierStepCount"`).
public struct HKQuantityTypeIdentifier: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

public struct HKCategoryTypeIdentifier: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

public struct HKCharacteristicTypeIdentifier: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

public struct HKCorrelationTypeIdentifier: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

public struct HKClinicalTypeIdentifier: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

public struct HKDocumentTypeIdentifier: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// The identifiers HealthKit declares as plain string constants.
public let HKWorkoutTypeIdentifier = "HKWorkoutTypeIdentifier"
public let HKWorkoutRouteTypeIdentifier = "HKWorkoutRouteTypeIdentifier"
public let HKDataTypeIdentifierHeartbeatSeries = "HKDataTypeIdentifierHeartbeatSeries"
public let HKDataTypeIdentifierAudiogram = "HKDataTypeIdentifierAudiogram"
public let HKDataTypeIdentifierElectrocardiogram = "HKDataTypeIdentifierElectrocardiogram"
public let HKActivitySummaryTypeIdentifier = "HKActivitySummaryTypeIdentifier"
public let HKVisionPrescriptionTypeIdentifier = "HKVisionPrescriptionTypeIdentifier"

/// The sort keys of a sample query.
public let HKSampleSortIdentifierStartDate = "startDate"
public let HKSampleSortIdentifierEndDate = "endDate"
public let HKWorkoutSortIdentifierDuration = "duration"
public let HKWorkoutSortIdentifierTotalDistance = "totalDistance"
public let HKWorkoutSortIdentifierTotalEnergyBurned = "totalEnergyBurned"

/// A sample or object query without a limit.
public let HKObjectQueryNoLimit = 0
