import HealthKitModel
import PluginHost

/// The `intervalComponents` of a statistics collection as HealthKit steps them: calendar months
/// (`year` 12, `quarter` 3, `month` 1) and a fixed length (`day` and shorter, weeks), from the
/// anchor date in the device's calendar (Gregorian, UTC). A month step keeps the anchor's day
/// and time, the day clamped to the month's last (`Calendar.date(byAdding:)`).
struct ReporterInterval: Equatable {
  var months: Int
  var milliseconds: Int

  static let day = 86_400_000
  /// Milliseconds per component of a fixed length.
  static let fixed: [(String, Int)] = [
    ("second", 1000), ("minute", 60_000), ("hour", 3_600_000), ("day", day),
    ("weekOfYear", 7 * day), ("weekOfMonth", 7 * day),
  ]
  static let calendar: [(String, Int)] = [("year", 12), ("quarter", 3), ("month", 1)]

  /// Nil when the components make no positive interval (no query is started).
  init?(_ components: CastArguments) {
    milliseconds = Self.fixed.reduce(0) { $0 + (components.int($1.0) ?? 0) * $1.1 }
    months = Self.calendar.reduce(0) { $0 + (components.int($1.0) ?? 0) * $1.1 }
    guard months >= 0, milliseconds >= 0, months + milliseconds > 0 else { return nil }
  }

  /// The start of interval `step` (0: the anchor).
  func boundary(anchor: Int, step: Int) -> Int {
    var result = anchor
    if months != 0 {
      let (days, time) = Self.floorDivide(anchor, Self.day)
      let date = CivilDate.date(daysFromEpoch: days)
      let (year, month) = Self.floorDivide(date.year * 12 + date.month - 1 + step * months, 12)
      let first = CivilDate.daysFromEpoch(year, month + 1, 1)
      let next =
        month == 11
        ? CivilDate.daysFromEpoch(year + 1, 1, 1)
        : CivilDate.daysFromEpoch(year, month + 2, 1)
      result = (first + min(date.day, next - first) - 1) * Self.day + time
    }
    return result + step * milliseconds
  }

  /// The step of the interval holding `time`.
  func step(holding time: Int, anchor: Int) -> Int {
    let approximate = months * 2_629_746_000 + milliseconds
    var step = Self.floorDivide(time - anchor, approximate).0
    while boundary(anchor: anchor, step: step) > time { step -= 1 }
    while boundary(anchor: anchor, step: step + 1) <= time { step += 1 }
    return step
  }

  static func floorDivide(_ value: Int, _ divisor: Int) -> (Int, Int) {
    let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
  }
}
