import HealthKitModel

/// One day's rings (HealthKit's `HKActivitySummary`, iOS 9.3): what the Apple Watch recorded
/// and the goals the user set, for one calendar day (protocol/healthkit-rules.md#activity-summaries).
/// Energy in kilocalories, move and exercise time in minutes, stand hours as a count.
public struct ActivitySummary: Hashable, Sendable {
  public var year: Int
  public var month: Int
  public var day: Int
  public var activeEnergyBurned: Double
  public var activeEnergyBurnedGoal: Double
  public var moveTime: Double
  public var moveTimeGoal: Double
  public var exerciseTime: Double
  public var exerciseTimeGoal: Double
  public var standHours: Double
  public var standHoursGoal: Double
  /// The raw value of `HKActivityMoveMode`: 1 active energy, 2 move time.
  public var moveMode: Int
  /// Whether the user paused their rings that day (`isPaused`, iOS 16).
  public var isPaused: Bool

  public init(
    year: Int, month: Int, day: Int, activeEnergyBurned: Double = 0,
    activeEnergyBurnedGoal: Double = 0, moveTime: Double = 0, moveTimeGoal: Double = 0,
    exerciseTime: Double = 0, exerciseTimeGoal: Double = 0, standHours: Double = 0,
    standHoursGoal: Double = 0, moveMode: Int = 1, isPaused: Bool = false
  ) {
    self.year = year
    self.month = month
    self.day = day
    self.activeEnergyBurned = activeEnergyBurned
    self.activeEnergyBurnedGoal = activeEnergyBurnedGoal
    self.moveTime = moveTime
    self.moveTimeGoal = moveTimeGoal
    self.exerciseTime = exerciseTime
    self.exerciseTimeGoal = exerciseTimeGoal
    self.standHours = standHours
    self.standHoursGoal = standHoursGoal
    self.moveMode = moveMode
    self.isPaused = isPaused
  }

  /// Days from 1970-01-01 to the summary's date: its place in the store's order.
  public var dayNumber: Int { CivilDate.daysFromEpoch(year, month, day) }

  /// The amounts by field name, in the order of the control channel's fields.
  public var amounts: [(field: String, value: Double)] {
    [
      ("activeEnergyBurned", activeEnergyBurned),
      ("activeEnergyBurnedGoal", activeEnergyBurnedGoal),
      ("moveTime", moveTime), ("moveTimeGoal", moveTimeGoal), ("exerciseTime", exerciseTime),
      ("exerciseTimeGoal", exerciseTimeGoal), ("standHours", standHours),
      ("standHoursGoal", standHoursGoal),
    ]
  }

  /// Checks the summary; `field` names it in errors (`summaries[0]`): a real calendar date of
  /// the years 1 to 9999, amounts finite and not negative, a move mode HealthKit has.
  public func check(field: String) throws(HealthError) {
    guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
      CivilDate.date(daysFromEpoch: dayNumber) == (year, month, day)
    else {
      throw .invalidArgument(
        field: "\(field).day",
        "\(field): \(year)-\(month)-\(day) is not a calendar date; give year (1...9999), "
          + "month (1...12) and a day that month has")
    }
    for (name, value) in amounts where !(value.isFinite && value >= 0) {
      throw .invalidArgument(
        field: "\(field).\(name)", "\(field).\(name): \(value) must be a finite number >= 0")
    }
    guard CharacteristicCases.activityMoveMode.contains(where: { $0.rawValue == moveMode }) else {
      throw .invalidArgument(
        field: "\(field).moveMode",
        "\(field).moveMode: \(moveMode) is no HKActivityMoveMode; expected activeEnergy (1) or "
          + "appleMoveTime (2)")
    }
  }
}

/// The store's activity summaries: one per calendar day, in day order.
struct ActivitySummaryStore: Sendable {
  var byDay: [Int: ActivitySummary] = [:]
  /// Counts the calls that added summaries (long-running queries compare it).
  var generation = 0
  /// Whether summaries changed since the change journal was last taken (while journaling).
  var changedSinceTaken = false

  /// The summaries of the days in `days`, oldest first, at most `limit`.
  func summaries(in days: ClosedRange<Int>, limit: Int?) -> [ActivitySummary] {
    let found = byDay.lazy.filter { days.contains($0.key) }.map(\.value)
      .sorted { $0.dayNumber < $1.dayNumber }
    guard let limit else { return found }
    return Array(found.prefix(max(0, limit)))
  }
}

extension HealthStore {
  /// The raw identifier of activity summaries.
  public static let activitySummaryIdentifier = "HKActivitySummaryTypeIdentifier"

  /// Adds checked summaries, as the Apple Watch and the Fitness app write them: one per
  /// calendar day, so a summary for a day that has one replaces it. Long-running activity
  /// summary queries hear of it.
  public func addActivitySummaries(_ added: [ActivitySummary]) {
    guard !added.isEmpty else { return }
    for summary in added { summaries.byDay[summary.dayNumber] = summary }
    summaries.generation += 1
    if samples.journaling { summaries.changedSinceTaken = true }
  }

  /// Counts the calls that added activity summaries (0 after a reset).
  public var activitySummaryGeneration: Int { summaries.generation }

  /// Every stored summary, oldest day first (the control channel's snapshot).
  public var storedActivitySummaries: [ActivitySummary] {
    summaries.summaries(in: Int.min...Int.max, limit: nil)
  }

  /// The summaries an app sees from day `first` through day `last` (days since 1970-01-01, nil
  /// bounds open), oldest first, at most `limit`: every summary when reading them was granted,
  /// none when denied (the system writes them, never the app, so a denial looks like no data).
  public func activitySummaries(
    from first: Int?, through last: Int?, visibility: ReadVisibility, limit: Int? = nil
  ) -> [ActivitySummary] {
    guard case .all = visibility else { return [] }
    let low = first ?? Int.min
    let high = last ?? Int.max
    guard low <= high else { return [] }
    return summaries.summaries(in: low...high, limit: limit)
  }

  /// ``activitySummaries(from:through:visibility:limit:)`` with the app's own authorization:
  /// HealthKit's failures first (no HealthKit on the device; reading never asked for).
  public func readActivitySummaries(from first: Int?, through last: Int?, limit: Int? = nil)
    throws(HealthError) -> [ActivitySummary]
  {
    try requireAvailable()
    guard let visibility = readVisibility(of: Self.activitySummaryIdentifier) else {
      throw RecordErrors.readNotDetermined(
        name: "activitySummaryType", identifier: Self.activitySummaryIdentifier)
    }
    return activitySummaries(from: first, through: last, visibility: visibility, limit: limit)
  }
}
