import HealthKitModel

/// Workout sessions: `HKWorkoutBuilder` and, on iOS 17, `HKWorkoutSession`
/// (protocol/healthkit-rules.md#workouts).
extension HealthStore {
  /// The iOS version that brought `HKWorkoutSession` to iPhone.
  public static let liveWorkoutMinimumOS = OSVersion(17, 0)

  /// Checks the start of a workout (protocol/healthkit-rules.md#workouts): the activity is a
  /// case name (else `.invalidArguments`) available on this iOS, `live` needs iOS 17,
  /// `locationType` is a known location, the app may share workouts, and no other live session
  /// runs. Returns the session without its id.
  public func prepareWorkoutStart(
    activityType: String, location: String?, start: Int?, live: Bool
  ) throws(HealthError) -> WorkoutSession {
    guard let activity = WorkoutActivities.activity(named: activityType) else {
      throw RecordErrors.unknownActivity(activityType)
    }
    let os = deviceOSVersion
    guard os >= activity.minimumOS else {
      throw RecordErrors.tooNew(
        "the workout activity '\(activity.name)'", type: "workout",
        minimumOS: activity.minimumOS, deviceOS: os)
    }
    if live && os < Self.liveWorkoutMinimumOS {
      throw RecordErrors.tooNew(
        "A live workout session (HKWorkoutSession on iPhone)", type: "HKWorkoutSession",
        minimumOS: Self.liveWorkoutMinimumOS, deviceOS: os)
    }
    if let location, WorkoutLocation(rawValue: location) == nil {
      throw RecordErrors.invalid(
        "locationType",
        "locationType \"\(location)\" is not one of \"indoor\", \"outdoor\", \"unknown\"")
    }
    let begin = start ?? now
    guard Self.clockRange.contains(begin) else {
      throw RecordErrors.dateOutOfRange("start", begin)
    }
    try requireWorkoutSharing(action: "starting the workout")
    if live, let running = samples.liveSession {
      throw HealthError(
        .workoutStateError,
        "A live workout session (\(running.id), \(running.activityType)) is already running; "
          + "end or discard it before starting another (HealthKit runs one at a time).",
        hkErrorCode: HKErrorCode.workoutActive, type: "HKWorkoutSession")
    }
    return WorkoutSession(
      id: "", activityType: activity.name, location: location, start: begin, live: live)
  }

  /// Starts a checked session; returns its id (a uuid from the store's counter).
  public func startWorkout(_ session: WorkoutSession) -> String {
    var started = session
    started.id = mintUUID()
    samples.startSession(started)
    return started.id
  }

  /// Finishes a session and saves its checked workout (`HKWorkoutBuilder.finishWorkout`).
  public func finishWorkout(_ session: WorkoutSession, saving objects: PlannedObjects)
    -> SavedObjects
  {
    samples.finishSession(id: session.id)
    return save(objects, source: appSource)
  }

  /// Checks a discard: the session exists and is in progress (`field`: the caller's name of
  /// the id, for errors).
  public func prepareWorkoutDiscard(_ id: String, field: String) throws(HealthError)
    -> WorkoutSession
  {
    try sessionInProgress(id, field: field, action: "discard")
  }

  /// Discards a session: nothing is saved.
  public func discardWorkout(_ session: WorkoutSession) {
    samples.finishSession(id: session.id)
  }

  /// The session in progress with this id: `.notFound` for an unknown id,
  /// `.workoutStateError` for one already ended or discarded (`action` says what was tried,
  /// `field` is the caller's name of the id).
  public func sessionInProgress(_ id: String, field: String, action: String)
    throws(HealthError) -> WorkoutSession
  {
    if let session = samples.session(id: id) { return session }
    if samples.finishedSessions.contains(id) {
      throw HealthError(
        .workoutStateError,
        "The workout session \(id) has already been ended or discarded; cannot \(action) it "
          + "again. Start a new workout."
      ).named(field: field)
    }
    throw HealthError(
      .notFound,
      "There is no workout session \(id)", hint: .useStartedSession
    ).named(field: field)
  }

  /// Starting or saving a workout needs share authorization for `HKWorkoutTypeIdentifier`.
  public func requireWorkoutSharing(action: String) throws(HealthError) {
    try checkSharing(
      [SharedType(name: "workout", identifier: Self.workoutIdentifier)], action: action)
  }

  /// `HKWorkoutTypeIdentifier`.
  public static let workoutIdentifier = "HKWorkoutTypeIdentifier"
}
