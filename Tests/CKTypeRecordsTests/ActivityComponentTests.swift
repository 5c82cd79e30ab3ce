import HealthKitModel
import Testing

@testable import CKTypeRecords

@Suite struct ActivityComponentTests {
  static let q = "HKQuantityTypeIdentifier"

  /// Seed 000's activity table as HKWorkoutActivityType case names: (component, activity,
  /// identifier, minimum iOS).
  static let mappings: [(WorkoutComponent, String, String, String)] = [
    (.speed, "running", q + "RunningSpeed", "16.0"),
    (.speed, "walking", q + "WalkingSpeed", "14.0"),
    (.speed, "crossCountrySkiing", q + "CrossCountrySkiingSpeed", "18.0"),
    (.speed, "cycling", q + "CyclingSpeed", "17.0"),
    (.speed, "paddleSports", q + "PaddleSportsSpeed", "18.0"),
    (.speed, "rowing", q + "RowingSpeed", "18.0"),
    (.distance, "walking", q + "DistanceWalkingRunning", "8.0"),
    (.distance, "running", q + "DistanceWalkingRunning", "8.0"),
    (.distance, "cycling", q + "DistanceCycling", "8.0"),
    (.distance, "wheelchairWalkPace", q + "DistanceWheelchair", "10.0"),
    (.distance, "wheelchairRunPace", q + "DistanceWheelchair", "10.0"),
    (.distance, "swimming", q + "DistanceSwimming", "10.0"),
    (.distance, "downhillSkiing", q + "DistanceDownhillSnowSports", "11.2"),
    (.distance, "snowboarding", q + "DistanceDownhillSnowSports", "11.2"),
    (.distance, "crossCountrySkiing", q + "DistanceCrossCountrySkiing", "18.0"),
    (.distance, "paddleSports", q + "DistancePaddleSports", "18.0"),
    (.distance, "rowing", q + "DistanceRowing", "18.0"),
    (.distance, "skatingSports", q + "DistanceSkatingSports", "18.0"),
    (.power, "running", q + "RunningPower", "16.0"),
    (.power, "cycling", q + "CyclingPower", "17.0"),
  ]

  @Test(arguments: mappings)
  func mapsOnBothSidesOfTheGate(
    component: WorkoutComponent, activity: String, identifier: String, os: String
  ) throws {
    let minimum = try OSVersion.parse(os)
    #expect(WorkoutActivities.activity(named: activity) != nil)
    let target = try RecordTypeMapper.resolveComponent(component, activity: activity, os: minimum)
    #expect(target == .quantity(identifier))
    do {
      _ = try RecordTypeMapper.resolveComponent(
        component, activity: activity, os: justBelow(minimum))
      Issue.record("needs iOS \(os)")
    } catch {
      #expect(error.reason == .requiresNewerOS)
      #expect(error.minimumOS == minimum)
      #expect(error.type == "workout.\(component.rawValue)")
    }
  }

  @Test(arguments: ["downhillSkiing", "crossCountrySkiing", "snowboarding"])
  func elevationGoesToMetadata(activity: String) throws {
    let target = try RecordTypeMapper.resolveComponent(
      .elevation, activity: activity, os: OSVersion(11, 2))
    #expect(
      target
        == .elevationMetadata(
          ascended: "HKMetadataKeyElevationAscended", descended: "HKMetadataKeyElevationDescended"))
    #expect(MetadataKeys.isHealthKitKey("HKMetadataKeyElevationAscended"))
    do {
      _ = try RecordTypeMapper.resolveComponent(
        .elevation, activity: activity, os: OSVersion(11, 1))
      Issue.record("needs iOS 11.2")
    } catch {
      #expect(error.reason == .requiresNewerOS)
    }
  }

  /// Activities without a mapping are refused with the allowed list (no fallback).
  @Test(arguments: [
    (
      WorkoutComponent.distance, "hiking",
      [
        "crossCountrySkiing", "cycling", "downhillSkiing", "paddleSports", "rowing", "running",
        "skatingSports", "snowboarding", "swimming", "walking", "wheelchairRunPace",
        "wheelchairWalkPace",
      ]
    ),
    (
      .speed, "traditionalStrengthTraining",
      ["crossCountrySkiing", "cycling", "paddleSports", "rowing", "running", "walking"]
    ),
    (.power, "rowing", ["cycling", "running"]),
    (.power, "walking", ["cycling", "running"]),
    (.elevation, "hiking", ["crossCountrySkiing", "downhillSkiing", "snowboarding"]),
    (
      .distance, "notAnActivity",
      [
        "crossCountrySkiing", "cycling", "downhillSkiing", "paddleSports", "rowing", "running",
        "skatingSports", "snowboarding", "swimming", "walking", "wheelchairRunPace",
        "wheelchairWalkPace",
      ]
    ),
  ])
  func refusals(component: WorkoutComponent, activity: String, allowed: [String]) {
    do {
      _ = try RecordTypeMapper.resolveComponent(component, activity: activity, os: OSVersion(99))
      Issue.record("\(component) of \(activity) must be refused")
    } catch {
      #expect(error.reason == .activityNotSupported)
      #expect(error.allowedActivities == allowed)
      #expect(RecordTypeMapper.allowedActivities(for: component) == allowed)
      #expect(error.message.contains(activity))
    }
  }

  @Test func everyTableActivityIsARealActivityType() {
    for row in ActivityComponentTable.rows {
      for activity in row.activities {
        #expect(WorkoutActivities.activity(named: activity) != nil, "\(activity)")
      }
      if let name = row.typeName {
        #expect(Catalogue.info(named: name)?.typeClass == .quantity, "\(name)")
      }
    }
  }
}
