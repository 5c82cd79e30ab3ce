import CoreLocation
import Foundation
import HealthKitModel
import HealthStore

/// What `HealthKit` keeps about saved objects beyond the store's sample model, by uuid: the
/// metadata as the app wrote it (quantities and dates too), a route's locations, a workout's
/// events. The store drops it on reset; a deleted sample's entry is never asked for again.
final class HealthKitDetails: StoreAttachment {
  var metadata: [String: [String: Any]] = [:]
  var routes: [String: [CLLocation]] = [:]
  var events: [String: [HKWorkoutEvent]] = [:]
  var heartbeats: [String: [(TimeInterval, Bool)]] = [:]

  init() {}
}

/// Milliseconds since the Unix epoch, as the store keeps time.
func milliseconds(_ date: Date) -> Int {
  let value = (date.timeIntervalSince1970 * 1000).rounded()
  return Int(max(min(value, Double(HealthStore.clockRange.upperBound)), -9e15))
}

func date(_ milliseconds: Int) -> Date {
  Date(timeIntervalSince1970: Double(milliseconds) / 1000)
}

enum StoreObjects {
  // MARK: Metadata

  /// The app's metadata as the store keeps it: strings, numbers (a bool as 0 or 1), and other
  /// values as their text.
  static func entries(_ metadata: [String: Any]?) -> [MetadataEntry] {
    guard let metadata else { return [] }
    return metadata.keys.sorted().map { key in
      MetadataEntry(key, value(metadata[key] as Any))
    }
  }

  static func value(_ value: Any) -> MetadataValue {
    switch value {
    case let text as String: return .string(text)
    case let flag as Bool: return .int(flag ? 1 : 0)
    case let number as Int: return .int(number)
    case let number as Double: return .double(number)
    case let number as NSNumber:
      let double = number.doubleValue
      return double == double.rounded() && abs(double) < 9e15
        ? .int(number.intValue) : .double(double)
    case let date as Date: return .string(ISO8601DateFormatter().string(from: date))
    default: return .string("\(value)")
    }
  }

  /// Stored metadata as HealthKit gives it back (`NSString`, `NSNumber`): every number as a
  /// double `NSNumber`, as HealthKit's database keeps it (a bool or an int the app wrote reads
  /// back as 1.0, 2.0, …; the health package's Dart side casts `HKInsulinDeliveryReason` with
  /// `as double`).
  static func metadata(_ entries: [MetadataEntry]) -> [String: Any]? {
    guard !entries.isEmpty else { return nil }
    var result: [String: Any] = [:]
    for entry in entries {
      switch entry.value {
      case .string(let text): result[entry.key] = text
      case .int(let number): result[entry.key] = NSNumber(value: Double(number))
      case .double(let number): result[entry.key] = NSNumber(value: number)
      }
    }
    return result
  }

  /// The app's metadata as HealthKit gives it back: numbers (bools included) as double
  /// `NSNumber`s, everything else (strings, quantities, dates) as written.
  static func readBack(_ metadata: [String: Any]) -> [String: Any] {
    metadata.mapValues { value in
      switch value {
      case let flag as Bool: return NSNumber(value: flag ? 1.0 : 0.0)
      case let number as Int: return NSNumber(value: Double(number))
      case let number as Double: return NSNumber(value: number)
      case let number as NSNumber: return NSNumber(value: number.doubleValue)
      default: return value
      }
    }
  }

  // MARK: Objects to the store

  /// What saving `object` stores, or nil when the store keeps no such object.
  static func planned(_ object: HKObject) -> PlannedObjects? {
    guard let sample = object as? HKSample else { return nil }
    if let correlation = sample as? HKCorrelation {
      let members = correlation.objects.sorted { $0.creationOrder < $1.creationOrder }
        .compactMap { plannedSample($0) }
      return PlannedObjects(members: members, main: correlationMain(correlation, members))
    }
    return plannedSample(sample).map { PlannedObjects(main: $0) }
  }

  static func plannedSample(_ sample: HKSample) -> PlannedSample? {
    let body: SampleBody
    switch sample {
    case let quantity as HKQuantitySample:
      body = .quantity(
        MeasuredQuantity(value: quantity.quantity.value, unit: quantity.quantity.unit.unitString))
    case let category as HKCategorySample:
      body = .category(rawValue: category.value)
    case let workout as HKWorkout:
      let name =
        WorkoutActivities.activity(rawValue: Int(workout.workoutActivityType.rawValue))?.name
        ?? "other"
      body = .workout(
        WorkoutSummary(
          activityType: name, energy: workout.totalEnergyBurned.map(measured),
          distance: workout.totalDistance.map(measured)))
    case let audiogram as HKAudiogramSample:
      body = .audiogram(
        audiogram.sensitivityPoints.map { point in
          AudiogramPoint(
            frequencyHz: point.frequency.doubleValue(for: .hertz()),
            leftDb: point.leftEarSensitivity?.doubleValue(for: .decibelHearingLevel()),
            rightDb: point.rightEarSensitivity?.doubleValue(for: .decibelHearingLevel()))
        })
    default:
      body = .empty
    }
    return PlannedSample(
      identifier: sample.sampleType.identifier, start: milliseconds(sample.startDate),
      end: milliseconds(sample.endDate), body: body, metadata: entries(sample.metadata),
      device: sample.device?.stored)
  }

  static func measured(_ quantity: HKQuantity) -> MeasuredQuantity {
    MeasuredQuantity(value: quantity.value, unit: quantity.unit.unitString)
  }

  static func correlationMain(_ correlation: HKCorrelation, _ members: [PlannedSample])
    -> PlannedSample
  {
    var body = SampleBody.empty
    let quantities = members.compactMap { member -> (String, MeasuredQuantity)? in
      guard case .quantity(let amount) = member.body else { return nil }
      return (member.identifier, amount)
    }
    if correlation.sampleType.identifier == HKCorrelationTypeIdentifier.bloodPressure.rawValue,
      let systolic = quantities.first(where: {
        $0.0 == HKQuantityTypeIdentifier.bloodPressureSystolic.rawValue
      })?.1,
      let diastolic = quantities.first(where: {
        $0.0 == HKQuantityTypeIdentifier.bloodPressureDiastolic.rawValue
      })?.1
    {
      let lower = (try? Units.convert(diastolic.value, from: diastolic.unit, to: systolic.unit))
      body = .bloodPressure(
        systolic: systolic.value, diastolic: lower ?? diastolic.value, unit: systolic.unit)
    } else if correlation.sampleType.identifier == HKCorrelationTypeIdentifier.food.rawValue {
      body = .food(quantities.map { NutrientAmount(identifier: $0.0, amount: $0.1) })
    }
    return PlannedSample(
      identifier: correlation.sampleType.identifier, start: milliseconds(correlation.startDate),
      end: milliseconds(correlation.endDate), body: body,
      metadata: entries(correlation.metadata), device: correlation.device?.stored)
  }

  // MARK: The store to objects

  /// The HealthKit object of a stored sample (a correlation with its members).
  static func object(_ sample: StoredSample, in store: HealthStore) -> HKSample {
    let details = store.attachment(HealthKitDetails.self)
    let start = date(sample.start)
    let end = date(sample.end)
    let metadata = details.metadata[sample.uuid].map(readBack) ?? metadata(sample.metadata)
    let device = sample.device.map(HKDevice.init)
    let made: HKSample
    switch sample.body {
    case .quantity(let amount):
      let type = HKQuantityType(identifier: sample.identifier)
      let quantity = HKQuantity(unit: HKUnit(checked: amount.unit), doubleValue: amount.value)
      made =
        type.aggregationStyle == .cumulative
        ? HKCumulativeQuantitySample(
          type: type, quantity: quantity, start: start, end: end, device: device,
          metadata: metadata)
        : HKDiscreteQuantitySample(
          type: type, quantity: quantity, start: start, end: end, device: device,
          metadata: metadata)
    case .category(let rawValue):
      made = HKCategorySample(
        type: HKCategoryType(identifier: sample.identifier), value: rawValue, start: start,
        end: end, device: device, metadata: metadata)
    case .bloodPressure, .food:
      let members = sample.members.compactMap { store.storedSample(uuid: $0) }
      made = HKCorrelation(
        type: HKCorrelationType(identifier: sample.identifier), start: start, end: end,
        objects: Set(members.map { object($0, in: store) }), device: device, metadata: metadata)
    case .workout(let summary):
      let activity =
        WorkoutActivities.activity(named: summary.activityType).flatMap {
          HKWorkoutActivityType(rawValue: UInt($0.rawValue))
        } ?? .other
      made = HKWorkout(
        activityType: activity, start: start, end: end, duration: nil,
        events: details.events[sample.uuid], energy: summary.energy.map(quantity),
        distance: summary.distance.map(quantity), strokes: nil, flights: nil, device: device,
        metadata: metadata)
    case .audiogram(let points):
      made = HKAudiogramSample(
        sensitivityPoints: points.compactMap { point in
          try? HKAudiogramSensitivityPoint(
            frequency: HKQuantity(unit: .hertz(), doubleValue: point.frequencyHz),
            leftEarSensitivity: point.leftDb.map {
              HKQuantity(unit: .decibelHearingLevel(), doubleValue: $0)
            },
            rightEarSensitivity: point.rightDb.map {
              HKQuantity(unit: .decibelHearingLevel(), doubleValue: $0)
            })
        }, start: start, end: end, device: device, metadata: metadata)
    case .electrocardiogram(let reading):
      made = SystemRecordObjects.electrocardiogram(
        reading, start: start, end: end, device: device, metadata: metadata)
    case .clinicalRecord(let content):
      made = SystemRecordObjects.clinicalRecord(
        content, identifier: sample.identifier, start: start, end: end)
    case .empty:
      made = emptyBodied(
        sample, start: start, end: end, device: device, metadata: metadata,
        details: details)
    }
    made.storeUUID = sample.uuid
    made.savedSource = sample.source
    return made
  }

  static func quantity(_ amount: MeasuredQuantity) -> HKQuantity {
    HKQuantity(unit: HKUnit(checked: amount.unit), doubleValue: amount.value)
  }

  private static func emptyBodied(
    _ sample: StoredSample, start: Date, end: Date, device: HKDevice?, metadata: [String: Any]?,
    details: HealthKitDetails
  ) -> HKSample {
    switch sample.identifier {
    case HKDataTypeIdentifierElectrocardiogram:
      return HKElectrocardiogram(
        start: start, end: end, measurements: 0, frequency: nil, classification: .notSet,
        averageHeartRate: nil, symptoms: .notSet, metadata: metadata)
    case HKWorkoutRouteTypeIdentifier:
      return HKWorkoutRoute(
        type: .workoutRoute(), count: details.routes[sample.uuid]?.count ?? 0, start: start,
        end: end, device: device, metadata: metadata)
    case HKDataTypeIdentifierHeartbeatSeries:
      return HKHeartbeatSeriesSample(
        type: .heartbeat(), count: details.heartbeats[sample.uuid]?.count ?? 0, start: start,
        end: end, device: device, metadata: metadata)
    default:
      let type = HKObjectType.ofIdentifier(sample.identifier) as? HKSampleType
      return HKSample(
        type: type ?? HKSampleType(identifier: sample.identifier), start: start, end: end,
        device: device, metadata: metadata)
    }
  }
}
