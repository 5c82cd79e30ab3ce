import Foundation
import HealthKitModel

/// HealthKit's `HKObjectType` and its subclasses: a type is its raw identifier; two types with
/// one identifier are equal. The factories answer nil for an identifier HealthKit does not know
/// as that class (the model's catalogue, protocol/healthkit-model.md).
open class HKObjectType: NSObject, NSCopying, @unchecked Sendable {
  public let identifier: String

  init(identifier: String) {
    self.identifier = identifier
    super.init()
  }

  open override var hash: Int { identifier.hashValue }
  open override func isEqual(_ object: Any?) -> Bool {
    (object as? HKObjectType)?.identifier == identifier
  }
  open override var description: String { identifier }
  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// Whether an app must ask per object to read the type (vision prescriptions).
  public var requiresPerObjectAuthorization: Bool {
    identifier == HKVisionPrescriptionTypeIdentifier
  }

  /// Whether HealthKit knows `identifier` as a type of `typeClass`: the catalogue's class, or
  /// for an identifier the catalogue does not hold, the prefix of the class's identifiers.
  static func known(_ identifier: String, _ typeClass: TypeClass) -> Bool {
    if let info = Catalogue.info(identifier) { return info.typeClass == typeClass }
    let prefixes: [TypeClass: String] = [
      .quantity: "HKQuantityTypeIdentifier", .category: "HKCategoryTypeIdentifier",
    ]
    return prefixes[typeClass].map { identifier.hasPrefix($0) } ?? false
  }

  public class func quantityType(forIdentifier identifier: HKQuantityTypeIdentifier)
    -> HKQuantityType?
  {
    known(identifier.rawValue, .quantity) ? HKQuantityType(identifier) : nil
  }

  public class func categoryType(forIdentifier identifier: HKCategoryTypeIdentifier)
    -> HKCategoryType?
  {
    known(identifier.rawValue, .category) ? HKCategoryType(identifier) : nil
  }

  public class func characteristicType(forIdentifier identifier: HKCharacteristicTypeIdentifier)
    -> HKCharacteristicType?
  {
    known(identifier.rawValue, .characteristic) ? HKCharacteristicType(identifier) : nil
  }

  public class func correlationType(forIdentifier identifier: HKCorrelationTypeIdentifier)
    -> HKCorrelationType?
  {
    known(identifier.rawValue, .correlation) ? HKCorrelationType(identifier) : nil
  }

  public class func clinicalType(forIdentifier identifier: HKClinicalTypeIdentifier)
    -> HKClinicalType?
  {
    known(identifier.rawValue, .clinical) ? HKClinicalType(identifier) : nil
  }

  public class func documentType(forIdentifier identifier: HKDocumentTypeIdentifier)
    -> HKDocumentType?
  {
    known(identifier.rawValue, .document) ? HKDocumentType(identifier: identifier.rawValue) : nil
  }

  public class func seriesType(forIdentifier identifier: String) -> HKSeriesType? {
    switch identifier {
    case HKWorkoutRouteTypeIdentifier: return HKSeriesType.workoutRoute()
    case HKDataTypeIdentifierHeartbeatSeries: return HKSeriesType.heartbeat()
    default: return nil
    }
  }

  public class func workoutType() -> HKWorkoutType {
    HKWorkoutType(identifier: HKWorkoutTypeIdentifier)
  }
  public class func activitySummaryType() -> HKActivitySummaryType {
    HKActivitySummaryType(identifier: HKActivitySummaryTypeIdentifier)
  }
  public class func audiogramSampleType() -> HKAudiogramSampleType {
    HKAudiogramSampleType(identifier: HKDataTypeIdentifierAudiogram)
  }
  public class func electrocardiogramType() -> HKElectrocardiogramType {
    HKElectrocardiogramType(identifier: HKDataTypeIdentifierElectrocardiogram)
  }
  public class func visionPrescriptionType() -> HKPrescriptionType {
    HKPrescriptionType(identifier: HKVisionPrescriptionTypeIdentifier)
  }

  /// The type of a raw identifier, whichever its class (nil when HealthKit does not know it).
  static func ofIdentifier(_ identifier: String) -> HKObjectType? {
    switch identifier {
    case HKWorkoutRouteTypeIdentifier, HKDataTypeIdentifierHeartbeatSeries:
      return seriesType(forIdentifier: identifier)
    case HKVisionPrescriptionTypeIdentifier: return visionPrescriptionType()
    default: break
    }
    switch Catalogue.info(identifier)?.typeClass {
    case .quantity: return HKQuantityType(identifier: identifier)
    case .category: return HKCategoryType(identifier: identifier)
    case .characteristic: return HKCharacteristicType(identifier: identifier)
    case .correlation: return HKCorrelationType(identifier: identifier)
    case .workout: return workoutType()
    case .clinical: return HKClinicalType(identifier: identifier)
    case .document: return HKDocumentType(identifier: identifier)
    case .series: return HKSeriesType(identifier: identifier)
    case .audiogram: return audiogramSampleType()
    case .electrocardiogram: return electrocardiogramType()
    case .activitySummary: return activitySummaryType()
    case nil: return nil
    }
  }
}

open class HKSampleType: HKObjectType, @unchecked Sendable {
  /// Whether samples of the type may be longer than a moment only up to a limit.
  public var isMaximumDurationRestricted: Bool { false }
  public var isMinimumDurationRestricted: Bool { false }
  public var maximumAllowedDuration: TimeInterval { .infinity }
  public var minimumAllowedDuration: TimeInterval { 0 }
  /// Whether samples of the type can be an interval (every sample type here).
  public var allowsRecalibrationForEstimates: Bool { false }
}

open class HKQuantityType: HKSampleType, @unchecked Sendable {
  public convenience init(_ identifier: HKQuantityTypeIdentifier) {
    self.init(identifier: identifier.rawValue)
  }

  public var aggregationStyle: HKQuantityAggregationStyle {
    Catalogue.info(identifier)?.quantity?.aggregation == .cumulative
      ? .cumulative : .discreteArithmetic
  }

  /// Whether `unit` measures what the type measures.
  public func `is`(compatibleWith unit: HKUnit) -> Bool {
    guard let canonical = Catalogue.info(identifier)?.quantity?.canonicalUnit else { return false }
    return HKUnit(checked: canonical).isCompatible(with: unit)
  }

  /// Whether the model knows the type's dimension and `unit` is not of it.
  func rejects(_ unit: HKUnit) -> Bool {
    Catalogue.info(identifier)?.quantity?.canonicalUnit != nil && !self.is(compatibleWith: unit)
  }
}

open class HKCategoryType: HKSampleType, @unchecked Sendable {
  public convenience init(_ identifier: HKCategoryTypeIdentifier) {
    self.init(identifier: identifier.rawValue)
  }
}

open class HKCharacteristicType: HKObjectType, @unchecked Sendable {
  public convenience init(_ identifier: HKCharacteristicTypeIdentifier) {
    self.init(identifier: identifier.rawValue)
  }
}

open class HKCorrelationType: HKSampleType, @unchecked Sendable {
  public convenience init(_ identifier: HKCorrelationTypeIdentifier) {
    self.init(identifier: identifier.rawValue)
  }
}

open class HKWorkoutType: HKSampleType, @unchecked Sendable {}

open class HKSeriesType: HKSampleType, @unchecked Sendable {
  public class func workoutRoute() -> HKSeriesType {
    HKSeriesType(identifier: HKWorkoutRouteTypeIdentifier)
  }
  public class func heartbeat() -> HKSeriesType {
    HKSeriesType(identifier: HKDataTypeIdentifierHeartbeatSeries)
  }
}

open class HKClinicalType: HKSampleType, @unchecked Sendable {
  public convenience init(_ identifier: HKClinicalTypeIdentifier) {
    self.init(identifier: identifier.rawValue)
  }
}

open class HKDocumentType: HKSampleType, @unchecked Sendable {}
open class HKAudiogramSampleType: HKSampleType, @unchecked Sendable {}
open class HKElectrocardiogramType: HKSampleType, @unchecked Sendable {}
open class HKPrescriptionType: HKSampleType, @unchecked Sendable {}
open class HKActivitySummaryType: HKObjectType, @unchecked Sendable {}
