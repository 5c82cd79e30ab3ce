import HealthKitModel
import Testing

@Suite struct WorkoutActivityTests {
  /// Raw values and versions of `HKWorkoutActivityType` (Apple's documentation).
  @Test(arguments: [
    ("americanFootball", 1, "8.0"), ("cycling", 13, "8.0"), ("dance", 14, "8.0"),
    ("functionalStrengthTraining", 20, "8.0"), ("hiking", 24, "8.0"),
    ("mindAndBody", 29, "8.0"), ("paddleSports", 31, "8.0"), ("rowing", 35, "8.0"),
    ("running", 37, "8.0"), ("skatingSports", 39, "8.0"), ("swimming", 46, "8.0"),
    ("traditionalStrengthTraining", 50, "8.0"), ("walking", 52, "8.0"), ("yoga", 57, "8.0"),
    ("barre", 58, "10.0"), ("coreTraining", 59, "10.0"), ("crossCountrySkiing", 60, "10.0"),
    ("downhillSkiing", 61, "10.0"), ("highIntensityIntervalTraining", 63, "10.0"),
    ("snowboarding", 67, "10.0"), ("wheelchairWalkPace", 70, "10.0"),
    ("wheelchairRunPace", 71, "10.0"), ("taiChi", 72, "11.0"), ("mixedCardio", 73, "11.0"),
    ("handCycling", 74, "11.0"), ("discSports", 75, "13.0"), ("fitnessGaming", 76, "13.0"),
    ("cardioDance", 77, "14.0"), ("socialDance", 78, "14.0"), ("pickleball", 79, "14.0"),
    ("cooldown", 80, "14.0"), ("swimBikeRun", 82, "16.0"), ("transition", 83, "16.0"),
    ("underwaterDiving", 84, "17.0"), ("other", 3_000, "8.0"),
  ])
  func activities(name: String, rawValue: Int, os: String) throws {
    let activity = try #require(WorkoutActivities.activity(named: name))
    #expect(activity.rawValue == rawValue)
    #expect(activity.minimumOS.description == os)
    #expect(WorkoutActivities.activity(rawValue: rawValue)?.name == name)
  }

  @Test func tableIsComplete() {
    let all = WorkoutActivities.all
    #expect(all.count == 84)
    #expect(Set(all.map(\.name)).count == all.count)
    #expect(Set(all.map(\.rawValue)).count == all.count)
    // 1...80, 82...84 and 3000: 81 was never assigned.
    let expected = Set(Array(1...80) + [82, 83, 84, 3_000])
    #expect(Set(all.map(\.rawValue)) == expected)
    #expect(
      all.filter(\.deprecated).map(\.name) == [
        "dance", "danceInspiredTraining", "mixedMetabolicCardioTraining",
      ])
  }

  @Test func unknownActivities() {
    #expect(WorkoutActivities.activity(named: "Running") == nil)
    #expect(WorkoutActivities.activity(named: "strength") == nil)
    #expect(WorkoutActivities.activity(rawValue: 81) == nil)
  }

  @Test func locationTypes() {
    #expect(WorkoutLocation(rawValue: "indoor")?.indoorWorkoutValue == 1)
    #expect(WorkoutLocation(rawValue: "outdoor")?.indoorWorkoutValue == 0)
    #expect(WorkoutLocation(rawValue: "unknown")?.indoorWorkoutValue == nil)
    #expect(WorkoutLocation(rawValue: "Indoor") == nil)
    #expect(WorkoutLocation.allCases.map(\.sessionLocationRawValue) == [2, 3, 1])
  }
}

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
    for row in RecordTypeMapper.activityComponentRows {
      for activity in row.activities {
        #expect(WorkoutActivities.activity(named: activity) != nil, "\(activity)")
      }
      if let name = row.typeName {
        #expect(Catalogue.info(named: name)?.typeClass == .quantity, "\(name)")
      }
    }
  }
}
