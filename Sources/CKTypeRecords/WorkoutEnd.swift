import HealthStore

extension PreparedRecord {
  /// Adds samples a workout's builder collected beside its series (`HKWorkoutBuilder.add` of
  /// any quantity sample): each record's sample becomes one of the workout's associated
  /// samples, minted after the series' ones, in the order given (protocol/healthkit-rules.md#workouts).
  public mutating func addBuilderSamples(_ records: [PreparedRecord]) {
    objects.associated += records.compactMap { $0.members.isEmpty ? $0.main : nil }
  }
}

/// The arguments of `endWorkout` after their shapes were checked.
public struct WorkoutEnd: Sendable {
  public var sessionId: String
  public var end: Int?
  /// A total (recorded at the end) or a list of samples.
  public var energy: WorkoutAmount?
  public var distance: WorkoutAmount?
  public var aborted: Bool

  public init(
    sessionId: String, end: Int? = nil, energy: WorkoutAmount? = nil,
    distance: WorkoutAmount? = nil, aborted: Bool = false
  ) {
    self.sessionId = sessionId
    self.end = end
    self.energy = energy
    self.distance = distance
    self.aborted = aborted
  }
}

/// A checked `endWorkout`: the session to finish and the workout to save.
public struct PreparedWorkoutEnd: Sendable {
  public var session: WorkoutSession
  public var record: PreparedRecord
}

extension RecordStore {
  /// Checks `endWorkout`: the session exists (`.notFound`) and is in progress, its end is not
  /// before its start (`.workoutStateError`), then the workout as a record (distance mapped
  /// for the activity, units, authorization).
  public func prepareWorkoutEnd(_ request: WorkoutEnd) throws(HealthError) -> PreparedWorkoutEnd {
    let session = try store.sessionInProgress(request.sessionId, field: "sessionId", action: "end")
    let end = request.end ?? store.now
    guard end >= session.start else {
      throw HealthError(
        .workoutStateError,
        "The workout cannot end at \(end), before it started (\(session.start))."
      ).named(field: "end")
    }
    var series: [WorkoutSeriesInput] = []
    if let energy = request.energy { series.append(energy.series("energy", time: end)) }
    if let distance = request.distance { series.append(distance.series("distance", time: end)) }
    let input = RecordInput(
      type: "workout", start: session.start, end: end,
      fields: .workout(
        WorkoutInput(activityType: session.activityType, location: session.location, series: series)
      ))
    var record = try prepareRecord(input, mode: .app)
    if request.aborted {
      record.objects.main?.metadata.append(MetadataEntry(RecordFieldTable.abortedKey, .int(1)))
    }
    return PreparedWorkoutEnd(session: session, record: record)
  }

  /// Saves the workout and finishes the session.
  public func endWorkout(_ prepared: PreparedWorkoutEnd) -> WrittenRecord {
    let record = prepared.record
    return Self.written(record, store.finishWorkout(prepared.session, saving: record.objects))
  }
}
