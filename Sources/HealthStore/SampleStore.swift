/// The samples and workouts of the store. Filled by the record methods (writeRecord, readRecords,
/// deleteRecords, workouts, addSamples); empty until they exist.
public struct SampleStore: Sendable {
  public init() {}
}
