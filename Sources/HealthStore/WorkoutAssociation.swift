extension HealthStore {
  /// Associates saved quantity and category samples with a saved workout
  /// (`HKHealthStore.add(_:to:)`): each sample's workout becomes `workoutUUID` and the workout
  /// lists them after the samples it already had. Nothing changes the samples' values, so no
  /// change is logged and no query is told; a sample that was with another workout moves. All or nothing: a uuid that is not a stored
  /// workout, or a sample that is not a stored quantity or category sample, refuses the whole
  /// call (HealthKit's `errorInvalidArgument`).
  public func associate(_ sampleUUIDs: [String], withWorkout workoutUUID: String)
    throws(HealthError)
  {
    guard let workout = samples.sample(uuid: workoutUUID), case .workout = workout.body else {
      throw HealthError.invalidArgument(
        field: "workout",
        "The workout is not in HealthKit: save it before adding samples to it.")
    }
    for (index, uuid) in sampleUUIDs.enumerated() {
      switch samples.sample(uuid: uuid)?.body {
      case .quantity?, .category?: continue
      case nil:
        throw HealthError.invalidArgument(
          field: "samples[\(index)]", "The sample is not in HealthKit and could not be added.")
      default:
        throw HealthError.invalidArgument(
          field: "samples[\(index)]",
          "Only quantity and category samples can be added to a workout.")
      }
    }
    for uuid in sampleUUIDs {
      // A sample belongs to one workout: one it was with before no longer lists it.
      if let previous = samples.sample(uuid: uuid)?.workout, previous != workoutUUID {
        samples.relink(uuid: previous) { workout in
          guard case .workout(var summary) = workout.body else { return }
          summary.associated.removeAll { $0 == uuid }
          workout.body = .workout(summary)
        }
      }
      samples.relink(uuid: uuid) { $0.workout = workoutUUID }
    }
    samples.relink(uuid: workoutUUID) { workout in
      guard case .workout(var summary) = workout.body else { return }
      for uuid in sampleUUIDs where !summary.associated.contains(uuid) {
        summary.associated.append(uuid)
      }
      workout.body = .workout(summary)
    }
  }
}
