import Foundation
import HealthKitModel
import HealthStore

/// The HealthKit objects of what only the system writes: ECGs, clinical records and activity
/// summaries, made from the store's records.
enum SystemRecordObjects {
  static func electrocardiogram(
    _ reading: ElectrocardiogramReading, start: Date, end: Date, device: HKDevice?,
    metadata: [String: Any]?
  ) -> HKElectrocardiogram {
    HKElectrocardiogram(
      start: start, end: end, measurements: reading.numberOfVoltageMeasurements,
      frequency: reading.samplingFrequency.map { HKQuantity(unit: .hertz(), doubleValue: $0) },
      classification: HKElectrocardiogram.Classification(rawValue: reading.classification)
        ?? .notSet,
      averageHeartRate: reading.averageHeartRate.map {
        HKQuantity(unit: HKUnit.count().unitDivided(by: .minute()), doubleValue: $0)
      },
      symptoms: HKElectrocardiogram.SymptomsStatus(rawValue: reading.symptomsStatus) ?? .notSet,
      device: device, metadata: metadata)
  }

  static func clinicalRecord(
    _ content: ClinicalRecordContent, identifier: String, start: Date, end: Date
  ) -> HKClinicalRecord {
    let resource = content.fhirResource.map { resource in
      HKFHIRResource(
        resourceType: HKFHIRResourceType(rawValue: resource.resourceType),
        identifier: resource.identifier, data: Data(resource.data),
        sourceURL: resource.sourceURL.flatMap(URL.init(string:)),
        fhirVersion: resource.fhirVersion == "1.0.2" ? .primaryDSTU2() : .primaryR4())
    }
    return HKClinicalRecord(
      type: HKClinicalType(identifier: identifier), start: start, end: end,
      displayName: content.displayName, fhirResource: resource)
  }

  static func activitySummary(_ stored: ActivitySummary) -> HKActivitySummary {
    let summary = HKActivitySummary()
    summary.activityMoveMode = HKActivityMoveMode(rawValue: stored.moveMode) ?? .activeEnergy
    summary.activeEnergyBurned = HKQuantity(
      unit: .kilocalorie(), doubleValue: stored.activeEnergyBurned)
    summary.activeEnergyBurnedGoal = HKQuantity(
      unit: .kilocalorie(), doubleValue: stored.activeEnergyBurnedGoal)
    summary.appleMoveTime = HKQuantity(unit: .minute(), doubleValue: stored.moveTime)
    summary.appleMoveTimeGoal = HKQuantity(unit: .minute(), doubleValue: stored.moveTimeGoal)
    summary.appleExerciseTime = HKQuantity(unit: .minute(), doubleValue: stored.exerciseTime)
    summary.appleExerciseTimeGoal = HKQuantity(
      unit: .minute(), doubleValue: stored.exerciseTimeGoal)
    summary.exerciseTimeGoal = summary.appleExerciseTimeGoal
    summary.appleStandHours = HKQuantity(unit: .count(), doubleValue: stored.standHours)
    summary.appleStandHoursGoal = HKQuantity(unit: .count(), doubleValue: stored.standHoursGoal)
    summary.standHoursGoal = summary.appleStandHoursGoal
    summary.isPaused = stored.isPaused
    summary.components = DateComponents(
      era: 1, year: stored.year, month: stored.month, day: stored.day)
    return summary
  }
}

/// Days since 1970-01-01 of date components (`year`, `month`, `day`), as the store orders
/// activity summaries; nil when one is missing.
enum SummaryDays {
  static func number(_ components: DateComponents) -> Int? {
    guard let year = components.year, let month = components.month, let day = components.day
    else { return nil }
    return CivilDate.daysFromEpoch(year, month, day)
  }

  /// The days an activity summary predicate (or an AND of predicates) asks for.
  static func range(of predicate: NSPredicate?) -> (first: Int?, last: Int?) {
    HKObjectPredicate.first(in: predicate) { made in
      made.days.flatMap { $0.first != nil || $0.last != nil ? $0 : nil }
    } ?? (nil, nil)
  }
}

extension HKActivitySummary {
  /// Days since 1970-01-01 of the summary's date (its place in the store's order).
  var dayNumber: Int { SummaryDays.number(components) ?? 0 }
}
