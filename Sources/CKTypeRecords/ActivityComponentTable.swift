import HealthKitModel

/// A workout record field whose HealthKit type depends on the workout's activity.
public enum WorkoutComponent: String, CaseIterable, Sendable {
  case distance
  case speed
  case power
  case elevation
}

/// Where an activity-dependent component goes.
public enum ComponentTarget: Hashable, Sendable {
  /// Quantity samples of this raw identifier.
  case quantity(String)
  /// The workout's `HKMetadataKeyElevationAscended` / `HKMetadataKeyElevationDescended`.
  case elevationMetadata(ascended: String, descended: String)
}

/// One row of seed `000_…`'s activity-dependent table.
struct ActivityComponentRow: Sendable {
  let component: WorkoutComponent
  /// The seed's activity context (`running`, `wheelchair`, `Skiing`).
  let context: String
  /// The `HKWorkoutActivityType` case names the context stands for.
  let activities: [String]
  /// The Swift name of the quantity type, or nil for elevation metadata.
  let typeName: String?
}

/// Seed `000_…`'s "Activity-Dependent Mappings (Workout Context Only)".
enum ActivityComponentTable {
  static let rows: [ActivityComponentRow] = [
    row(.speed, "running", "runningSpeed"),
    row(.speed, "walking", "walkingSpeed"),
    row(.speed, "crossCountrySkiing", "crossCountrySkiingSpeed"),
    row(.speed, "cycling", "cyclingSpeed"),
    row(.speed, "paddleSports", "paddleSportsSpeed"),
    row(.speed, "rowing", "rowingSpeed"),
    row(.distance, "walking", "distanceWalkingRunning"),
    row(.distance, "running", "distanceWalkingRunning"),
    row(.distance, "cycling", "distanceCycling"),
    // No HKWorkoutActivityType is called `wheelchair`: the two wheelchair paces are.
    row(
      .distance, "wheelchair", "distanceWheelchair",
      activities: ["wheelchairWalkPace", "wheelchairRunPace"]),
    row(.distance, "swimming", "distanceSwimming"),
    // No HKWorkoutActivityType is called `downhillSnowSports`: skiing and snowboarding are.
    row(
      .distance, "downhillSnowSports", "distanceDownhillSnowSports",
      activities: ["downhillSkiing", "snowboarding"]),
    row(.distance, "crossCountrySkiing", "distanceCrossCountrySkiing"),
    row(.distance, "paddleSports", "distancePaddleSports"),
    row(.distance, "rowing", "distanceRowing"),
    row(.distance, "skatingSports", "distanceSkatingSports"),
    row(.power, "running", "runningPower"),
    row(.power, "cycling", "cyclingPower"),
    ActivityComponentRow(
      component: .elevation, context: "Skiing",
      activities: ["downhillSkiing", "crossCountrySkiing"], typeName: nil),
    ActivityComponentRow(
      component: .elevation, context: "Snowboarding", activities: ["snowboarding"],
      typeName: nil),
  ]

  static func row(
    _ component: WorkoutComponent, _ context: String, _ typeName: String,
    activities: [String]? = nil
  ) -> ActivityComponentRow {
    ActivityComponentRow(
      component: component, context: context, activities: activities ?? [context],
      typeName: typeName)
  }

  /// The metadata keys of elevation and the iOS version that introduced them.
  static let elevationKeys = (
    ascended: "HKMetadataKeyElevationAscended", descended: "HKMetadataKeyElevationDescended"
  )
  static let elevationMinimumOS = OSVersion(11, 2)
}
