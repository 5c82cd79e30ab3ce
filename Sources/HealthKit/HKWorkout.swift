// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (Apple's names, spelled as on iOS.)
import Foundation

/// HealthKit's `HKWorkoutEvent`.
open class HKWorkoutEvent: NSObject, @unchecked Sendable {
  public let type: HKWorkoutEventType
  public let dateInterval: DateInterval
  public let metadata: [String: Any]?

  public init(type: HKWorkoutEventType, dateInterval: DateInterval, metadata: [String: Any]?) {
    self.type = type
    self.dateInterval = dateInterval
    self.metadata = metadata
    super.init()
  }

  @available(*, deprecated, message: "Use init(type:dateInterval:metadata:)")
  public convenience init(type: HKWorkoutEventType, date: Date) {
    self.init(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
  }

  @available(*, deprecated, message: "Use dateInterval")
  public var date: Date { dateInterval.start }
}

/// HealthKit's `HKWorkoutConfiguration`.
open class HKWorkoutConfiguration: NSObject, @unchecked Sendable {
  public var activityType: HKWorkoutActivityType = .other
  public var locationType: HKWorkoutSessionLocationType = .unknown
  public var swimmingLocationType: HKWorkoutSwimmingLocationType = .unknown
  public var lapLength: HKQuantity?

  public override init() { super.init() }
}

/// HealthKit's `HKWorkoutActivity`: one activity of a workout.
open class HKWorkoutActivity: NSObject, @unchecked Sendable {
  public let uuid = UUID()
  public let workoutConfiguration: HKWorkoutConfiguration
  public let startDate: Date
  public let endDate: Date?
  public let metadata: [String: Any]?
  public let workoutEvents: [HKWorkoutEvent] = []
  public var duration: TimeInterval { (endDate ?? startDate).timeIntervalSince(startDate) }
  public var allStatistics: [HKQuantityType: HKStatistics] { [:] }

  public init(
    workoutConfiguration: HKWorkoutConfiguration, start startDate: Date, end endDate: Date?,
    metadata: [String: Any]?
  ) {
    self.workoutConfiguration = workoutConfiguration
    self.startDate = startDate
    self.endDate = endDate
    self.metadata = metadata
    super.init()
  }

  public func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
    allStatistics[quantityType]
  }
}

/// HealthKit's `HKWorkout`.
open class HKWorkout: HKSample, @unchecked Sendable {
  public let workoutActivityType: HKWorkoutActivityType
  public let duration: TimeInterval
  public let totalEnergyBurned: HKQuantity?
  public let totalDistance: HKQuantity?
  public let totalSwimmingStrokeCount: HKQuantity?
  public let totalFlightsClimbed: HKQuantity?
  public let workoutEvents: [HKWorkoutEvent]?
  public let workoutActivities: [HKWorkoutActivity]
  var statisticsByType: [HKQuantityType: HKStatistics] = [:]

  init(
    activityType: HKWorkoutActivityType, start: Date, end: Date, duration: TimeInterval?,
    events: [HKWorkoutEvent]?, activities: [HKWorkoutActivity] = [], energy: HKQuantity?,
    distance: HKQuantity?, strokes: HKQuantity?, flights: HKQuantity?, device: HKDevice?,
    metadata: [String: Any]?
  ) {
    workoutActivityType = activityType
    self.duration = duration ?? end.timeIntervalSince(start)
    workoutEvents = events
    workoutActivities = activities
    totalEnergyBurned = energy
    totalDistance = distance
    totalSwimmingStrokeCount = strokes
    totalFlightsClimbed = flights
    super.init(
      type: HKObjectType.workoutType(), start: start, end: end, device: device,
      metadata: metadata)
  }

  public convenience init(
    activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date,
    end endDate: Date
  ) {
    self.init(
      activityType: workoutActivityType, start: startDate, end: endDate, duration: nil,
      events: nil, energy: nil, distance: nil, strokes: nil, flights: nil, device: nil,
      metadata: nil)
  }

  public convenience init(
    activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date,
    end endDate: Date, workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?,
    totalDistance: HKQuantity?, metadata: [String: Any]?
  ) {
    self.init(
      activityType: workoutActivityType, start: startDate, end: endDate, duration: nil,
      events: workoutEvents, energy: totalEnergyBurned, distance: totalDistance, strokes: nil,
      flights: nil, device: nil, metadata: metadata)
  }

  public convenience init(
    activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date,
    end endDate: Date, workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?,
    totalDistance: HKQuantity?, device: HKDevice?, metadata: [String: Any]?
  ) {
    self.init(
      activityType: workoutActivityType, start: startDate, end: endDate, duration: nil,
      events: workoutEvents, energy: totalEnergyBurned, distance: totalDistance, strokes: nil,
      flights: nil, device: device, metadata: metadata)
  }

  public convenience init(
    activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date,
    end endDate: Date, duration: TimeInterval, totalEnergyBurned: HKQuantity?,
    totalDistance: HKQuantity?, metadata: [String: Any]?
  ) {
    self.init(
      activityType: workoutActivityType, start: startDate, end: endDate, duration: duration,
      events: nil, energy: totalEnergyBurned, distance: totalDistance, strokes: nil,
      flights: nil, device: nil, metadata: metadata)
  }

  public convenience init(
    activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date,
    end endDate: Date, duration: TimeInterval, totalEnergyBurned: HKQuantity?,
    totalDistance: HKQuantity?, device: HKDevice?, metadata: [String: Any]?
  ) {
    self.init(
      activityType: workoutActivityType, start: startDate, end: endDate, duration: duration,
      events: nil, energy: totalEnergyBurned, distance: totalDistance, strokes: nil,
      flights: nil, device: device, metadata: metadata)
  }

  public convenience init(
    activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date,
    end endDate: Date, workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?,
    totalDistance: HKQuantity?, totalSwimmingStrokeCount: HKQuantity?, device: HKDevice?,
    metadata: [String: Any]?
  ) {
    self.init(
      activityType: workoutActivityType, start: startDate, end: endDate, duration: nil,
      events: workoutEvents, energy: totalEnergyBurned, distance: totalDistance,
      strokes: totalSwimmingStrokeCount, flights: nil, device: device, metadata: metadata)
  }

  public convenience init(
    activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date,
    end endDate: Date, workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?,
    totalDistance: HKQuantity?, totalFlightsClimbed: HKQuantity?, device: HKDevice?,
    metadata: [String: Any]?
  ) {
    self.init(
      activityType: workoutActivityType, start: startDate, end: endDate, duration: nil,
      events: workoutEvents, energy: totalEnergyBurned, distance: totalDistance, strokes: nil,
      flights: totalFlightsClimbed, device: device, metadata: metadata)
  }

  public var allStatistics: [HKQuantityType: HKStatistics] { statisticsByType }

  public func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
    statisticsByType[quantityType]
  }
}

/// The predicate keys and sort identifiers of workouts.
public let HKPredicateKeyPathWorkoutType = "workoutType"
public let HKPredicateKeyPathWorkoutDuration = "duration"
