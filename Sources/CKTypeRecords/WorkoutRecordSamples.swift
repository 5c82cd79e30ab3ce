import HealthKitModel
import HealthStore

/// Workout records: the workout and its builder's samples (protocol/record-shapes.md and protocol/healthkit-rules.md#workouts; seed `003_…`, GymTrack).
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
        WorkoutSeries(identifier: identifier, values: values))
      switch series.component {
      case "energy": summary.energy = Self.total(values)
      case "distance": summary.distance = Self.total(values)
      default: break
      }
    }
    return PlannedSample(
      identifier: type.identifier, start: start, end: end, body: .workout(summary), metadata: [])
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
            identifier: identifier, start: begin, end: value.time, body: body,
            metadata: value.metadata))
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
