import HealthKitModel

/// Workout records and workout sessions (protocol/record-shapes.md and protocol/healthkit-rules.md#workouts; seed `003_…`, GymTrack).
extension RecordBuilder {
  /// The numbers, units and times of a workout's series and elevation.
  func checkWorkoutNumbers(_ workout: WorkoutInput) throws(HealthError) {
    let start = input.start
    let end = input.end ?? input.start
    for (series, identifier) in zip(workout.series, seriesTargets) {
      for (index, entry) in series.values.enumerated() {
        let field = series.fieldName(index)
        try Self.checkAmount(entry.value, field: field + ".value", identifier: identifier)
        try Self.checkUnit(entry.unit, field: field + ".unit", identifier: identifier)
        guard entry.time >= start && entry.time <= end else {
          throw RecordErrors.invalid(
            field + ".time",
            "\(field).time \(entry.time) is outside the workout (\(start) to \(end)); each value "
              + "is recorded during the workout")
        }
      }
    }
    if let elevation = workout.elevation {
      guard elevation.ascended != nil || elevation.descended != nil else {
        throw RecordErrors.invalid(
          "elevation", "elevation has neither ascended nor descended; give at least one")
      }
      for (name, value) in [("ascended", elevation.ascended), ("descended", elevation.descended)] {
        guard let value else { continue }
        guard value.isFinite, value >= 0 else {
          throw RecordErrors.invalid(
            "elevation.\(name)", "elevation.\(name) must be a finite number, 0 or more")
        }
      }
      _ = try Self.meters(elevation, name: "ascended", 0)
    }
  }

  /// An elevation value in meters (HealthKit keeps a length quantity; the store keeps meters).
  static func meters(_ elevation: ElevationInput, name: String, _ value: Double) throws(HealthError)
    -> Double
  {
    do {
      let unit = try HealthUnit(elevation.unit)
      return try unit.convert(value, to: HealthUnit("m"))
    } catch {
      throw RecordErrors.badUnit("elevation.unit", error)
    }
  }

  /// The workout sample: activity, totals (energy and distance added up in the unit of their
  /// first value), series; `locationType` and elevation become metadata.
  func workoutSample(
    _ workout: WorkoutInput, type: ResolvedType, start: Int, end: Int,
    derived: inout [MetadataEntry]
  ) throws(HealthError) -> PlannedSample {
    if let location = workout.location {
      guard let parsed = WorkoutLocation(rawValue: location) else {
        throw RecordErrors.invalid(
          "locationType",
          "locationType \"\(location)\" is not one of \"indoor\", \"outdoor\", \"unknown\"")
      }
      if let indoor = parsed.indoorWorkoutValue {
        derived.append(MetadataEntry(RecordFieldTable.indoorWorkoutKey, .int(indoor)))
      }
    }
    if let elevation = workout.elevation, let keys = elevationKeys {
      if let ascended = elevation.ascended {
        derived.append(
          MetadataEntry(keys.ascended, .double(try Self.meters(elevation, name: "", ascended))))
      }
      if let descended = elevation.descended {
        derived.append(
          MetadataEntry(keys.descended, .double(try Self.meters(elevation, name: "", descended))))
      }
    }
    var summary = WorkoutSummary(activityType: workout.activityType)
    for (series, identifier) in zip(workout.series, seriesTargets) {
      let values = series.values.map {
        TimedQuantity(amount: MeasuredQuantity(value: $0.value, unit: $0.unit), time: $0.time)
      }
      summary.series.append(
        WorkoutSeries(component: series.component, identifier: identifier, values: values))
      switch series.component {
      case "energy": summary.energy = Self.total(values)
      case "distance": summary.distance = Self.total(values)
      default: break
      }
    }
    return PlannedSample(
      ckType: input.type, identifier: type.identifier, start: start, end: end,
      body: .workout(summary), metadata: [])
  }

  /// A workout record: the workout (with its derived metadata) and its builder's samples.
  func workoutSamples(_ workout: WorkoutInput, type: ResolvedType) throws(HealthError)
    -> BuiltSamples
  {
    var built = BuiltSamples()
    built.main = try workoutSample(
      workout, type: type, start: input.start, end: input.end ?? input.start,
      derived: &built.derived)
    built.associated = Self.builderSamples(workout, targets: seriesTargets, start: input.start)
    return built
  }

  /// The quantity samples a workout's builder collects: one per value of each series given as
  /// a list (a total is not a sample), of the type the series resolved to, in record order.
  /// A value's sample covers `[start, time]` when the caller gave its start; otherwise a
  /// cumulative value (energy, distance) covers the time since the series' previous value (the
  /// workout's start for the first), and a discrete one (heart rate, speed, power) is an
  /// instant at `time` (protocol/healthkit-rules.md#workouts).
  static func builderSamples(_ workout: WorkoutInput, targets: [String], start: Int)
    -> [PlannedSample]
  {
    var planned: [PlannedSample] = []
    for (series, identifier) in zip(workout.series, targets) where !series.isTotal {
      let cumulative = Catalogue.info(identifier)?.quantity?.aggregation == .cumulative
      let times = series.values.map(\.time).sorted()
      for value in series.values where value.isSample {
        let previous = times.last { $0 < value.time } ?? start
        let begin = value.start ?? (cumulative ? min(previous, value.time) : value.time)
        let body = SampleBody.quantity(MeasuredQuantity(value: value.value, unit: value.unit))
        planned.append(
          PlannedSample(
            ckType: HealthStore.ckType(identifier, body: body), identifier: identifier,
            start: begin, end: value.time, body: body, metadata: []))
      }
    }
    return planned
  }

  /// The sum of a series in the unit of its first value.
  static func total(_ values: [TimedQuantity]) -> MeasuredQuantity? {
    guard let unit = values.first?.amount.unit else { return nil }
    var sum = 0.0
    for value in values {
      sum += (try? Units.convert(value.amount.value, from: value.amount.unit, to: unit)) ?? 0
    }
    return MeasuredQuantity(value: sum, unit: unit)
  }
}

extension PreparedRecord {
  /// Adds samples a workout's builder collected beside its series (`HKWorkoutBuilder.add` of
  /// any quantity sample): each record's sample becomes one of the workout's associated
  /// samples, minted after the series' ones, in the order given (protocol/healthkit-rules.md#workouts).
  public mutating func addBuilderSamples(_ records: [PreparedRecord]) {
    associated += records.compactMap { $0.members.isEmpty ? $0.main : nil }
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

extension HealthStore {
  /// The iOS version that brought `HKWorkoutSession` to iPhone.
  public static let liveWorkoutMinimumOS = OSVersion(17, 0)

  /// Checks `startWorkout` (protocol/healthkit-rules.md#workouts): the activity is a case name (else `INVALID_ARGUMENTS`)
  /// available on this iOS, `live` needs iOS 17, `locationType` is a known location, the app
  /// may share workouts, and no other live session runs. Returns the session without its id.
  public func prepareWorkoutStart(
    activityType: String, location: String?, start: Int?, live: Bool
  ) throws(HealthError) -> WorkoutSession {
    guard let activity = WorkoutActivities.activity(named: activityType) else {
      throw RecordBuilder.unknownActivity(activityType)
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

  /// Checks `endWorkout`: the session exists (`NOT_FOUND`) and is in progress, its end is not
  /// before its start (`WORKOUT_STATE_ERROR`), then the workout as a record (distance mapped
  /// for the activity, units, authorization).
  public func prepareWorkoutEnd(_ request: WorkoutEnd) throws(HealthError) -> PreparedWorkoutEnd {
    let session = try sessionInProgress(request.sessionId, action: "end")
    let end = request.end ?? now
    guard end >= session.start else {
      throw HealthError(
        .workoutStateError,
        "The workout cannot end at \(end), before it started (\(session.start)).",
        field: "end")
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
      record.main?.metadata.append(MetadataEntry(RecordFieldTable.abortedKey, .int(1)))
    }
    return PreparedWorkoutEnd(session: session, record: record)
  }

  /// Saves the workout and finishes the session.
  public func endWorkout(_ prepared: PreparedWorkoutEnd) -> WrittenRecord {
    samples.finishSession(id: prepared.session.id)
    return commitRecord(prepared.record, source: appSource)
  }

  /// Checks `discardWorkout`: the session exists and is in progress.
  public func prepareWorkoutDiscard(_ sessionId: String) throws(HealthError) -> WorkoutSession {
    try sessionInProgress(sessionId, action: "discard")
  }

  /// Discards a session: nothing is saved.
  public func discardWorkout(_ session: WorkoutSession) {
    samples.finishSession(id: session.id)
  }

  func sessionInProgress(_ id: String, action: String) throws(HealthError) -> WorkoutSession {
    if let session = samples.session(id: id) { return session }
    if samples.finishedSessions.contains(id) {
      throw HealthError(
        .workoutStateError,
        "The workout session \(id) has already been ended or discarded; cannot \(action) it "
          + "again. Start a new workout.",
        field: "sessionId")
    }
    throw HealthError(
      .notFound,
      "There is no workout session \(id); use the sessionId that startWorkout returned.",
      field: "sessionId")
  }

  /// Starting or saving a workout needs share authorization for `HKWorkoutTypeIdentifier`.
  func requireWorkoutSharing(action: String) throws(HealthError) {
    let identifier = Self.workoutIdentifier
    let status = authorization[identifier]?.share ?? .notDetermined
    guard status == .sharingAuthorized else {
      throw RecordErrors.notAuthorized(
        status, name: "workout", identifier: identifier, action: action)
    }
  }

  /// `HKWorkoutTypeIdentifier`.
  public static let workoutIdentifier = "HKWorkoutTypeIdentifier"
}
