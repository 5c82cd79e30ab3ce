import HealthKitModel
import StoreFixtures
import Testing

@testable import CKTypeRecords
@testable import HealthStore

extension HealthStore {
  /// Prepares and commits a record as the app, failing the test when a check refuses it.
  @discardableResult
  func write(
    _ input: RecordInput, mode: WriteMode = .app, source: SampleSource? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> WrittenRecord? {
    do {
      let prepared = try RecordStore(self).prepareRecord(input, mode: mode)
      return RecordStore(self).commitRecord(prepared, source: source ?? appSource)
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
}
