import Testing

@testable import HealthKitModel

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
  }
}
