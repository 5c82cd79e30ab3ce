import Foundation

/// HealthKit's `HKAudiogramSensitivityPoint`: hearing thresholds at one frequency.
open class HKAudiogramSensitivityPoint: NSObject, @unchecked Sendable {
  public let frequency: HKQuantity
  public let leftEarSensitivity: HKQuantity?
  public let rightEarSensitivity: HKQuantity?

  public init(
    frequency: HKQuantity, leftEarSensitivity: HKQuantity?, rightEarSensitivity: HKQuantity?
  ) throws {
    self.frequency = frequency
    self.leftEarSensitivity = leftEarSensitivity
    self.rightEarSensitivity = rightEarSensitivity
    super.init()
  }

  @available(*, deprecated, message: "Use init(frequency:leftEarSensitivity:rightEarSensitivity:)")
  public class func sensitivityPoint(
    withFrequency frequency: HKQuantity, leftEarSensitivity: HKQuantity?,
    rightEarSensitivity: HKQuantity?
  ) throws -> HKAudiogramSensitivityPoint {
    try HKAudiogramSensitivityPoint(
      frequency: frequency, leftEarSensitivity: leftEarSensitivity,
      rightEarSensitivity: rightEarSensitivity)
  }
}

/// HealthKit's `HKAudiogramSample`.
open class HKAudiogramSample: HKSample, @unchecked Sendable {
  public let sensitivityPoints: [HKAudiogramSensitivityPoint]

  public init(
    sensitivityPoints: [HKAudiogramSensitivityPoint], start startDate: Date, end endDate: Date,
    device: HKDevice?, metadata: [String: Any]?
  ) {
    self.sensitivityPoints = sensitivityPoints
    super.init(
      type: HKObjectType.audiogramSampleType(), start: startDate, end: endDate, device: device,
      metadata: metadata)
  }

  public convenience init(
    sensitivityPoints: [HKAudiogramSensitivityPoint], start startDate: Date, end endDate: Date,
    metadata: [String: Any]?
  ) {
    self.init(
      sensitivityPoints: sensitivityPoints, start: startDate, end: endDate, device: nil,
      metadata: metadata)
  }
}

/// HealthKit's `HKElectrocardiogram` (read only: only the system records ECGs).
open class HKElectrocardiogram: HKSample, @unchecked Sendable {
  public enum Classification: Int, Sendable {
    case notSet = 0
    case sinusRhythm = 1
    case atrialFibrillation = 2
    case inconclusiveLowHeartRate = 3
    case inconclusiveHighHeartRate = 4
    case inconclusivePoorReading = 5
    case inconclusiveOther = 6
    case unrecognized = 100
  }

  public enum SymptomsStatus: Int, Sendable {
    case notSet = 0
    case none = 1
    case present = 2
  }

  public enum Lead: Int, Sendable {
    case appleWatchSimilarToLeadI = 1
  }

  /// One voltage reading of an ECG.
  open class VoltageMeasurement: NSObject, @unchecked Sendable {
    public let timeSinceSampleStart: TimeInterval
    let microvolts: Double

    init(timeSinceSampleStart: TimeInterval, microvolts: Double) {
      self.timeSinceSampleStart = timeSinceSampleStart
      self.microvolts = microvolts
      super.init()
    }

    public func quantity(for lead: HKElectrocardiogram.Lead) -> HKQuantity? {
      HKQuantity(unit: .voltUnit(with: .micro), doubleValue: microvolts)
    }
  }

  public let numberOfVoltageMeasurements: Int
  public let samplingFrequency: HKQuantity?
  public let classification: Classification
  public let averageHeartRate: HKQuantity?
  public let symptomsStatus: SymptomsStatus

  init(
    start: Date, end: Date, measurements: Int, frequency: HKQuantity?,
    classification: Classification, averageHeartRate: HKQuantity?, symptoms: SymptomsStatus,
    device: HKDevice? = nil, metadata: [String: Any]?
  ) {
    numberOfVoltageMeasurements = measurements
    samplingFrequency = frequency
    self.classification = classification
    self.averageHeartRate = averageHeartRate
    symptomsStatus = symptoms
    super.init(
      type: HKObjectType.electrocardiogramType(), start: start, end: end, device: device,
      metadata: metadata)
  }
}

/// HealthKit's `HKSeriesSample`: a sample holding a series (a route, heartbeats).
open class HKSeriesSample: HKSample, @unchecked Sendable {
  public let count: Int

  init(
    type: HKSeriesType, count: Int, start: Date, end: Date, device: HKDevice?,
    metadata: [String: Any]?
  ) {
    self.count = count
    super.init(type: type, start: start, end: end, device: device, metadata: metadata)
  }
}

/// HealthKit's `HKHeartbeatSeriesSample`.
open class HKHeartbeatSeriesSample: HKSeriesSample, @unchecked Sendable {}

/// HealthKit's `HKWorkoutRoute`.
open class HKWorkoutRoute: HKSeriesSample, @unchecked Sendable {}

/// HealthKit's `HKFHIRResourceType`.
public struct HKFHIRResourceType: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
}

/// HealthKit's `HKFHIRVersion`.
open class HKFHIRVersion: NSObject, @unchecked Sendable {
  public let majorVersion: Int
  public let minorVersion: Int
  public let patchVersion: Int
  public let fhirRelease: HKFHIRRelease
  public var stringRepresentation: String { "\(majorVersion).\(minorVersion).\(patchVersion)" }

  init(major: Int, minor: Int, patch: Int, release: HKFHIRRelease) {
    majorVersion = major
    minorVersion = minor
    patchVersion = patch
    fhirRelease = release
    super.init()
  }

  public class func primaryDSTU2() -> HKFHIRVersion {
    HKFHIRVersion(major: 1, minor: 0, patch: 2, release: .dstu2)
  }
  public class func primaryR4() -> HKFHIRVersion {
    HKFHIRVersion(major: 4, minor: 0, patch: 1, release: .r4)
  }
}

/// HealthKit's `HKFHIRResource`.
open class HKFHIRResource: NSObject, @unchecked Sendable {
  public let fhirVersion: HKFHIRVersion
  public let resourceType: HKFHIRResourceType
  public let identifier: String
  public let data: Data
  public let sourceURL: URL?

  init(
    resourceType: HKFHIRResourceType, identifier: String, data: Data,
    sourceURL: URL? = nil, fhirVersion: HKFHIRVersion = .primaryR4()
  ) {
    self.fhirVersion = fhirVersion
    self.resourceType = resourceType
    self.identifier = identifier
    self.data = data
    self.sourceURL = sourceURL
    super.init()
  }
}

/// HealthKit's `HKClinicalRecord` (read only: health institutions send them; a test adds them
/// with the control channel's `addClinicalRecords`).
open class HKClinicalRecord: HKSample, @unchecked Sendable {
  public var clinicalType: HKClinicalType { sampleType as! HKClinicalType }
  public let displayName: String
  public let fhirResource: HKFHIRResource?

  init(
    type: HKClinicalType, start: Date, end: Date, displayName: String,
    fhirResource: HKFHIRResource? = nil
  ) {
    self.displayName = displayName
    self.fhirResource = fhirResource
    super.init(type: type, start: start, end: end, device: nil, metadata: nil)
  }
}

/// HealthKit's `HKVisionPrescription`.
open class HKVisionPrescription: HKSample, @unchecked Sendable {
  public let prescriptionType: HKVisionPrescriptionType
  public var dateIssued: Date { startDate }
  public let expirationDate: Date?

  init(type: HKVisionPrescriptionType, issued: Date, expires: Date?) {
    prescriptionType = type
    expirationDate = expires
    super.init(
      type: HKObjectType.visionPrescriptionType(), start: issued, end: issued, device: nil,
      metadata: nil)
  }
}

/// HealthKit's `HKActivitySummary`: a day's rings.
open class HKActivitySummary: NSObject, @unchecked Sendable {
  public var activityMoveMode: HKActivityMoveMode = .activeEnergy
  public var activeEnergyBurned = HKQuantity(unit: .kilocalorie(), doubleValue: 0)
  public var activeEnergyBurnedGoal = HKQuantity(unit: .kilocalorie(), doubleValue: 0)
  public var appleMoveTime = HKQuantity(unit: .minute(), doubleValue: 0)
  public var appleMoveTimeGoal = HKQuantity(unit: .minute(), doubleValue: 0)
  public var appleExerciseTime = HKQuantity(unit: .minute(), doubleValue: 0)
  public var appleExerciseTimeGoal = HKQuantity(unit: .minute(), doubleValue: 0)
  public var exerciseTimeGoal: HKQuantity?
  public var appleStandHours = HKQuantity(unit: .count(), doubleValue: 0)
  public var appleStandHoursGoal = HKQuantity(unit: .count(), doubleValue: 0)
  public var standHoursGoal: HKQuantity?
  public var isPaused = false
  var components = DateComponents()

  public override init() { super.init() }

  public func dateComponents(for calendar: Calendar) -> DateComponents {
    var components = components
    components.calendar = calendar
    return components
  }
}

/// HealthKit's characteristic value objects.
open class HKBiologicalSexObject: NSObject, @unchecked Sendable {
  public let biologicalSex: HKBiologicalSex
  init(_ value: HKBiologicalSex) {
    biologicalSex = value
    super.init()
  }
}

open class HKBloodTypeObject: NSObject, @unchecked Sendable {
  public let bloodType: HKBloodType
  init(_ value: HKBloodType) {
    bloodType = value
    super.init()
  }
}

open class HKFitzpatrickSkinTypeObject: NSObject, @unchecked Sendable {
  public let skinType: HKFitzpatrickSkinType
  init(_ value: HKFitzpatrickSkinType) {
    skinType = value
    super.init()
  }
}

open class HKWheelchairUseObject: NSObject, @unchecked Sendable {
  public let wheelchairUse: HKWheelchairUse
  init(_ value: HKWheelchairUse) {
    wheelchairUse = value
    super.init()
  }
}

open class HKActivityMoveModeObject: NSObject, @unchecked Sendable {
  public let activityMoveMode: HKActivityMoveMode
  init(_ value: HKActivityMoveMode) {
    activityMoveMode = value
    super.init()
  }
}
