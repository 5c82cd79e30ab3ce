import HealthStore

/// Raw identifiers the store tests use.
public enum ID {
  public static let steps = "HKQuantityTypeIdentifierStepCount"
  public static let energy = "HKQuantityTypeIdentifierActiveEnergyBurned"
  public static let distance = "HKQuantityTypeIdentifierDistanceWalkingRunning"
  public static let heartRate = "HKQuantityTypeIdentifierHeartRate"
  public static let systolic = "HKQuantityTypeIdentifierBloodPressureSystolic"
  public static let diastolic = "HKQuantityTypeIdentifierBloodPressureDiastolic"
  public static let bloodPressure = "HKCorrelationTypeIdentifierBloodPressure"
  public static let workout = "HKWorkoutTypeIdentifier"
}

/// 2024-01-01T00:00:00Z, the store's default clock, and a minute, in milliseconds.
public let t0 = HealthStore.defaultNow
public let minute = 60_000

extension HealthStore {
  /// A store where the app may share and read every identifier given.
  public static func granting(_ identifiers: [String]) -> HealthStore {
    let store = HealthStore()
    for identifier in identifiers {
      store.setAuthorization(identifier, share: .sharingAuthorized, read: .granted)
    }
    return store
  }

  /// Every stored uuid in write order.
  public var uuids: [String] { samplesInWriteOrder.map(\.uuid) }
}

/// A uuid of the store's counter.
public func uuid(_ counter: UInt64) -> String { HealthStore.uuid(counter: counter) }
