import HealthKitModel
import StoreFixtures
import Testing

@testable import HealthStore

extension HealthStore {
  /// Saves planned objects, as the app after HealthKit's share check of every type saved (or
  /// as `source`, unchecked), failing the test when the check refuses them.
  @discardableResult
  func write(
    _ objects: PlannedObjects, source: SampleSource? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> SavedObjects? {
    if source == nil {
      let all = objects.members + (objects.main.map { [$0] } ?? [])
      let shared = objects.members.isEmpty ? all : objects.members
      do {
        try checkSharing(
          shared.map { SharedType(name: $0.identifier, identifier: $0.identifier) },
          action: "saving")
      } catch {
        Issue.record("refused: \(error)", sourceLocation: sourceLocation)
        return nil
      }
    }
    return save(objects, source: source ?? appSource)
  }

  /// Writes one quantity sample.
  @discardableResult
  func quantity(
    _ identifier: String, _ value: Double, _ unit: String, _ start: Int, _ end: Int,
    source: SampleSource? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) -> String {
    let sample = PlannedSample(
      identifier: identifier, start: start, end: end,
      body: .quantity(MeasuredQuantity(value: value, unit: unit)), metadata: [])
    return write(PlannedObjects(main: sample), source: source, sourceLocation: sourceLocation)?
      .main ?? ""
  }

  /// Writes a step-count sample.
  @discardableResult
  func steps(
    _ value: Double, _ start: Int, _ end: Int, source: SampleSource? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> String {
    quantity(ID.steps, value, "count", start, end, source: source, sourceLocation: sourceLocation)
  }

  /// Writes a blood-pressure correlation; its uuid and its members'.
  @discardableResult
  func bloodPressure(_ systolic: Double, _ diastolic: Double, at time: Int) -> SavedObjects? {
    func member(_ identifier: String, _ value: Double) -> PlannedSample {
      PlannedSample(
        identifier: identifier, start: time, end: time,
        body: .quantity(MeasuredQuantity(value: value, unit: "mmHg")), metadata: [])
    }
    let correlation = PlannedSample(
      identifier: ID.bloodPressure, start: time, end: time,
      body: .bloodPressure(systolic: systolic, diastolic: diastolic, unit: "mmHg"), metadata: [])
    return write(
      PlannedObjects(
        members: [member(ID.systolic, systolic), member(ID.diastolic, diastolic)],
        main: correlation))
  }

  /// The delete check, naming each sample by its identifier.
  func prepareDelete(_ uuids: [String]) throws(HealthError) -> [String] {
    try prepareDelete(uuids, field: "uuids", naming: { $0.identifier })
  }
}
