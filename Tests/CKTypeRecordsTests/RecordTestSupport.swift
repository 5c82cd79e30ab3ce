import HealthKitModel
import Testing

@testable import CKTypeRecords
@testable import HealthStore

/// Raw identifiers the store tests use.
enum ID {
  static let steps = "HKQuantityTypeIdentifierStepCount"
  static let energy = "HKQuantityTypeIdentifierActiveEnergyBurned"
  static let distance = "HKQuantityTypeIdentifierDistanceWalkingRunning"
  static let heartRate = "HKQuantityTypeIdentifierHeartRate"
  static let systolic = "HKQuantityTypeIdentifierBloodPressureSystolic"
  static let diastolic = "HKQuantityTypeIdentifierBloodPressureDiastolic"
  static let bloodPressure = "HKCorrelationTypeIdentifierBloodPressure"
  static let workout = "HKWorkoutTypeIdentifier"
}

/// 2024-01-01T00:00:00Z, the store's default clock, and a minute, in milliseconds.
let t0 = HealthStore.defaultNow
let minute = 60_000

extension HealthStore {
  /// A store where the app may share and read every identifier given.
  static func granting(_ identifiers: [String]) -> HealthStore {
    let store = HealthStore()
    for identifier in identifiers {
      store.setAuthorization(identifier, share: .sharingAuthorized, read: .granted)
    }
    return store
  }

  /// Prepares and commits a record as the app, failing the test when a check refuses it.
  @discardableResult
  func write(
    _ input: RecordInput, mode: WriteMode = .app, source: SampleSource? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> WrittenRecord? {
    do {
      let prepared = try prepareRecord(input, mode: mode)
      return commitRecord(prepared, source: source ?? appSource)
    } catch {
      Issue.record("refused: \(error)", sourceLocation: sourceLocation)
      return nil
    }
  }

  /// Writes a step-count sample.
  @discardableResult
  func steps(
    _ value: Double, _ start: Int, _ end: Int, source: SampleSource? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> String {
    write(
      RecordInput(
        type: "steps", start: start, end: end,
        fields: .quantity(QuantityInput(value: value, unit: "count"), special: [:])),
      mode: source == nil ? .app : .external, source: source, sourceLocation: sourceLocation)?
      .uuid ?? ""
  }

  /// Writes a blood-pressure correlation; its uuid and its members'.
  func bloodPressure(_ systolic: Double, _ diastolic: Double, at time: Int) -> WrittenRecord? {
    write(
      RecordInput(
        type: "bloodPressure", start: time,
        fields: .bloodPressure(systolic: systolic, diastolic: diastolic, unit: "mmHg")))
  }

  /// Every stored uuid in write order.
  var uuids: [String] { samples.allInWriteOrder.map(\.uuid) }
}

/// A uuid of the store's counter.
func uuid(_ counter: UInt64) -> String { HealthStore.uuid(counter: counter) }
