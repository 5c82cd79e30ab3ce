import HealthKitModel

/// Samples only the system and health institutions write (ECGs, clinical records), which a test
/// adds through the control channel as another source: checked here, saved with ``save(_:source:)``
/// so that queries, deletes and the change log treat them as every other sample.
extension HealthStore {
  /// An ECG to save from another source, checked: the type is on the device's iOS (14), the
  /// times are in the clock's range with `end >= start` (`end` defaults to `start`), and the
  /// recording fits (``ElectrocardiogramReading/check(duration:field:)``). `field` names the
  /// record in errors (`records[0]`).
  public func plannedElectrocardiogram(
    start: Int, end: Int?, reading: ElectrocardiogramReading, field: String
  ) throws(HealthError) -> PlannedSample {
    _ = try located(field) { () throws(HealthError) in
      try objectType(Self.electrocardiogramIdentifier)
    }
    let end = try checkedTimes(start: start, end: end, field: field)
    try reading.check(duration: end - start, field: field)
    return PlannedSample(
      identifier: Self.electrocardiogramIdentifier, start: start, end: end,
      body: .electrocardiogram(reading), metadata: [])
  }

  /// A clinical record to save from another source, checked: `identifier` is a clinical type
  /// (`HKClinicalTypeIdentifierAllergyRecord`, …) on the device's iOS, the times are in the
  /// clock's range with `end >= start`, and the content fits
  /// (``ClinicalRecordContent/check(field:)``).
  public func plannedClinicalRecord(
    identifier: String, start: Int, end: Int?, content: ClinicalRecordContent, field: String
  ) throws(HealthError) -> PlannedSample {
    let info = try located("\(field).type") { () throws(HealthError) in
      try objectType(identifier)
    }
    guard info.typeClass == .clinical else {
      throw .invalidArgument(
        field: "\(field).type",
        "\(field).type: \(identifier) is not a clinical record type; expected one of "
          + Catalogue.identifiers(of: .clinical).joined(separator: ", "))
    }
    let end = try checkedTimes(start: start, end: end, field: field)
    try content.check(field: field)
    return PlannedSample(
      identifier: identifier, start: start, end: end, body: .clinicalRecord(content), metadata: [])
  }

  /// `end` (default `start`) after checking both lie in the clock's range, in order.
  private func checkedTimes(start: Int, end: Int?, field: String) throws(HealthError) -> Int {
    guard Self.clockRange.contains(start) else {
      throw RecordErrors.dateOutOfRange("\(field).start", start)
    }
    let end = end ?? start
    guard Self.clockRange.contains(end) else {
      throw RecordErrors.dateOutOfRange("\(field).end", end)
    }
    guard end >= start else {
      throw .invalidArgument(
        field: "\(field).end", "\(field).end: \(end) is before the start \(start)")
    }
    return end
  }

  /// `body`'s type error with `field` as its field.
  private func located<T>(_ field: String, _ body: () throws(HealthError) -> T)
    throws(HealthError) -> T
  {
    do {
      return try body()
    } catch {
      throw error.named(field: field)
    }
  }
}
