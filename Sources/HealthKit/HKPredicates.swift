// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (Apple's names, spelled as on iOS.)
import Foundation

/// A predicate made by one of `HKQuery`'s factories. Linux Foundation's `NSPredicate` has no
/// key-value coding, so a factory's predicate carries its meaning: a block that evaluates it on
/// a HealthKit object (so `NSCompoundPredicate`s of them evaluate as on iOS), the time window a
/// query can ask the store for, and HealthKit's predicate format as its description.
public final class HKObjectPredicate: NSPredicate, @unchecked Sendable {
  /// The `[start, end)` window of a sample predicate (nil bounds are open).
  let window: (start: Date?, end: Date?)?
  /// The days (since 1970-01-01) of an activity summary predicate, first through last.
  let days: (first: Int?, last: Int?)?
  private let format: String

  init(
    _ format: String, window: (start: Date?, end: Date?)? = nil,
    days: (first: Int?, last: Int?)? = nil, _ test: @escaping (AnyObject) -> Bool
  ) {
    self.format = format
    self.window = window
    self.days = days
    super.init(block: { object, _ in
      guard let object = object as AnyObject? else { return false }
      return test(object)
    })
  }

  public required init?(coder: NSCoder) { nil }

  public override var predicateFormat: String { format }
  public override var description: String { format }

  /// The time window a predicate (or an AND of predicates) limits samples to, for the store's
  /// range read; the predicate itself is still evaluated on every sample.
  static func window(of predicate: NSPredicate?) -> (start: Date?, end: Date?) {
    first(in: predicate) { made in
      made.window.flatMap { $0.start != nil || $0.end != nil ? $0 : nil }
    } ?? (nil, nil)
  }

  /// The first value `extract` finds in a factory's predicate, or in the parts of an AND of
  /// predicates, in order.
  static func first<T>(in predicate: NSPredicate?, _ extract: (HKObjectPredicate) -> T?) -> T? {
    if let made = predicate as? HKObjectPredicate { return extract(made) }
    if let compound = predicate as? NSCompoundPredicate, compound.compoundPredicateType == .and {
      for case let part as NSPredicate in compound.subpredicates {
        if let found = first(in: part, extract) { return found }
      }
    }
    return nil
  }
}

extension HKQuery {
  /// Samples in `[startDate, endDate)`: overlapping it, or with `.strictStartDate` starting in
  /// it, with `.strictEndDate` ending in it (protocol/healthkit-rules.md#time).
  public class func predicateForSamples(
    withStart startDate: Date?, end endDate: Date?, options: HKQueryOptions = []
  ) -> NSPredicate {
    let format =
      "startDate >= \(startDate.map { "\($0)" } ?? "nil") AND endDate < \(endDate.map { "\($0)" } ?? "nil")"
    return HKObjectPredicate(format, window: (startDate, endDate)) { object in
      guard let sample = object as? HKSample else { return false }
      let start = sample.startDate
      let end = sample.endDate
      if let startDate {
        if options.contains(.strictStartDate) {
          if start < startDate { return false }
        } else if start == end ? start < startDate : end <= startDate {
          return false
        }
      }
      if let endDate {
        if options.contains(.strictEndDate) {
          if end > endDate { return false }
        }
        if start >= endDate { return false }
      }
      return true
    }
  }

  public class func predicateForObjects(with UUIDs: Set<UUID>) -> NSPredicate {
    HKObjectPredicate("UUID IN \(UUIDs.map(\.uuidString).sorted())") { object in
      (object as? HKObject).map { UUIDs.contains($0.uuid) } ?? false
    }
  }

  public class func predicateForObject(with UUID: UUID) -> NSPredicate {
    predicateForObjects(with: [UUID])
  }

  public class func predicateForObjects(from source: HKSource) -> NSPredicate {
    predicateForObjects(from: [source])
  }

  public class func predicateForObjects(from sources: Set<HKSource>) -> NSPredicate {
    let bundles = Set(sources.map(\.bundleIdentifier))
    return HKObjectPredicate("source IN \(bundles.sorted())") { object in
      (object as? HKObject).map { bundles.contains($0.sourceRevision.source.bundleIdentifier) }
        ?? false
    }
  }

  public class func predicateForObjects(from sourceRevisions: Set<HKSourceRevision>)
    -> NSPredicate
  {
    predicateForObjects(from: Set(sourceRevisions.map(\.source)))
  }

  public class func predicateForObjects(from devices: Set<HKDevice>) -> NSPredicate {
    HKObjectPredicate("device IN \(devices.count) devices") { object in
      guard let device = (object as? HKObject)?.device else { return false }
      return devices.contains(device)
    }
  }

  public class func predicateForObjects(withMetadataKey key: String) -> NSPredicate {
    HKObjectPredicate("metadata.\(key) != nil") { object in
      (object as? HKObject)?.metadata?[key] != nil
    }
  }

  public class func predicateForObjects(withMetadataKey key: String, allowedValues: [Any])
    -> NSPredicate
  {
    let allowed = allowedValues.map { "\($0)" }
    return HKObjectPredicate("metadata.\(key) IN \(allowed)") { object in
      guard let value = (object as? HKObject)?.metadata?[key] else { return false }
      return allowed.contains("\(value)")
    }
  }

  public class func predicateForObjectsWithNoCorrelation() -> NSPredicate {
    HKObjectPredicate("correlation == nil") { object in
      guard let sample = object as? HKSample, let uuid = sample.storeUUID else { return true }
      return HealthKitBinding.withStore { $0.storedSample(uuid: uuid)?.container == nil }
    }
  }

  public class func predicateForObjects(from workout: HKWorkout) -> NSPredicate {
    let workoutUUID = workout.storeUUID
    return HKObjectPredicate("workout == \(workout.uuid.uuidString)") { object in
      guard let uuid = (object as? HKSample)?.storeUUID, let workoutUUID else { return false }
      return HealthKitBinding.withStore { $0.storedSample(uuid: uuid)?.workout == workoutUUID }
    }
  }

  public class func predicateForWorkouts(with workoutActivityType: HKWorkoutActivityType)
    -> NSPredicate
  {
    HKObjectPredicate("workoutActivityType == \(workoutActivityType.rawValue)") { object in
      (object as? HKWorkout)?.workoutActivityType == workoutActivityType
    }
  }

  public class func predicateForWorkouts(
    with operatorType: NSComparisonPredicate.Operator, duration: TimeInterval
  ) -> NSPredicate {
    HKObjectPredicate("duration \(operatorType) \(duration)") { object in
      guard let workout = object as? HKWorkout else { return false }
      return compare(workout.duration, operatorType, duration)
    }
  }

  public class func predicateForWorkouts(
    with operatorType: NSComparisonPredicate.Operator, totalEnergyBurned: HKQuantity
  ) -> NSPredicate {
    HKObjectPredicate("totalEnergyBurned \(operatorType) \(totalEnergyBurned)") { object in
      guard let energy = (object as? HKWorkout)?.totalEnergyBurned else { return false }
      return compare(
        energy.doubleValue(for: totalEnergyBurned.unit), operatorType, totalEnergyBurned.value)
    }
  }

  public class func predicateForWorkouts(
    with operatorType: NSComparisonPredicate.Operator, totalDistance: HKQuantity
  ) -> NSPredicate {
    HKObjectPredicate("totalDistance \(operatorType) \(totalDistance)") { object in
      guard let distance = (object as? HKWorkout)?.totalDistance else { return false }
      return compare(
        distance.doubleValue(for: totalDistance.unit), operatorType, totalDistance.value)
    }
  }

  public class func predicateForCategorySamples(
    with operatorType: NSComparisonPredicate.Operator, value: Int
  ) -> NSPredicate {
    HKObjectPredicate("value \(operatorType) \(value)") { object in
      guard let sample = object as? HKCategorySample else { return false }
      return compare(Double(sample.value), operatorType, Double(value))
    }
  }

  public class func predicateForCategorySamples(equalTo values: Set<Int>) -> NSPredicate {
    HKObjectPredicate("value IN \(values.sorted())") { object in
      (object as? HKCategorySample).map { values.contains($0.value) } ?? false
    }
  }

  public class func predicateForQuantitySamples(
    with operatorType: NSComparisonPredicate.Operator, quantity: HKQuantity
  ) -> NSPredicate {
    HKObjectPredicate("quantity \(operatorType) \(quantity)") { object in
      guard let sample = object as? HKQuantitySample,
        sample.quantity.is(compatibleWith: quantity.unit)
      else { return false }
      return compare(sample.quantity.doubleValue(for: quantity.unit), operatorType, quantity.value)
    }
  }

  public class func predicateForElectrocardiograms(
    with classification: HKElectrocardiogram.Classification
  ) -> NSPredicate {
    HKObjectPredicate("classification == \(classification.rawValue)") { object in
      (object as? HKElectrocardiogram)?.classification == classification
    }
  }

  public class func predicateForElectrocardiograms(
    with symptomsStatus: HKElectrocardiogram.SymptomsStatus
  ) -> NSPredicate {
    HKObjectPredicate("symptomsStatus == \(symptomsStatus.rawValue)") { object in
      (object as? HKElectrocardiogram)?.symptomsStatus == symptomsStatus
    }
  }

  /// The activity summary of one day (`era`, `year`, `month`, `day` of the components).
  public class func predicateForActivitySummary(with dateComponents: DateComponents)
    -> NSPredicate
  {
    let day = SummaryDays.number(dateComponents)
    return HKObjectPredicate("dateComponents == \(dateComponents)", days: (day, day)) { object in
      guard let summary = object as? HKActivitySummary, let day else { return false }
      return summary.dayNumber == day
    }
  }

  /// The activity summaries from the start day through the end day (both included).
  public class func predicate(
    forActivitySummariesBetweenStart startDateComponents: DateComponents,
    end endDateComponents: DateComponents
  ) -> NSPredicate {
    let first = SummaryDays.number(startDateComponents)
    let last = SummaryDays.number(endDateComponents)
    return HKObjectPredicate(
      "dateComponents BETWEEN {\(startDateComponents), \(endDateComponents)}",
      days: (first, last)
    ) { object in
      guard let summary = object as? HKActivitySummary, let first, let last else { return false }
      return (first...max(first, last)).contains(summary.dayNumber) && first <= last
    }
  }

  static func compare(
    _ left: Double, _ operatorType: NSComparisonPredicate.Operator, _ right: Double
  ) -> Bool {
    switch operatorType {
    case .lessThan: return left < right
    case .lessThanOrEqualTo: return left <= right
    case .greaterThan: return left > right
    case .greaterThanOrEqualTo: return left >= right
    case .equalTo: return left == right
    case .notEqualTo: return left != right
    default: return false
    }
  }
}

extension NSSortDescriptor {
  /// `NSSortDescriptor(key:ascending:)` for HealthKit's sort identifiers (Linux Foundation has
  /// no key-value coding: this initializer maps HealthKit's keys to key paths; an unknown key
  /// sorts by start date).
  public convenience init(key: String?, ascending: Bool) {
    switch key {
    case HKSampleSortIdentifierEndDate:
      self.init(keyPath: \HKSample.endDate, ascending: ascending)
    case HKWorkoutSortIdentifierDuration:
      self.init(keyPath: \HKWorkout.duration, ascending: ascending)
    default:
      self.init(keyPath: \HKSample.startDate, ascending: ascending)
    }
  }
}
