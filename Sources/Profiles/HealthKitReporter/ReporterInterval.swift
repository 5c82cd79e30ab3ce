import HealthKitModel
import PluginHost

/// The `intervalComponents` of a statistics collection as HealthKit steps them: calendar months
/// (`year` 12, `quarter` 3, `month` 1) and a fixed length (`day` and shorter, weeks), from the
/// anchor date in the device's calendar (Gregorian, UTC). A month step keeps the anchor's day
/// and time, the day clamped to the month's last (`Calendar.date(byAdding:)`).
///
/// Every product and sum is checked (protocol/profiles/health_kit_reporter.md): components whose
/// interval overflows, or is longer than ``maximumMonths`` months or ``maximumMilliseconds``,
/// make no interval, and a boundary beyond the calendar's reach (``maximumYear``) ends the
/// enumeration; nothing traps.
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
  /// The longest calendar part of an interval: 600,000 years, twice the span of the dates a
  /// host Date argument holds (`HostDate`).
  static let maximumMonths = 12 * 600_000
  /// The longest fixed part of an interval: twice that span in milliseconds.
  static let maximumMilliseconds = 18_000_000_000_000_000
  /// The years a boundary may fall in, either side of year 0.
  static let maximumYear = 1_000_000

  /// Nil when the components make no positive interval, or one past the limits above (no
  /// query is started).
  init?(_ components: CastArguments) {
    guard let months = Self.total(Self.calendar, components),
      let milliseconds = Self.total(Self.fixed, components),
      months >= 0, milliseconds >= 0, months > 0 || milliseconds > 0,
      months <= Self.maximumMonths, milliseconds <= Self.maximumMilliseconds
    else { return nil }
    self.months = months
    self.milliseconds = milliseconds
  }

  /// The sum of each component times its length, nil when it overflows.
  static func total(_ lengths: [(String, Int)], _ components: CastArguments) -> Int? {
    var sum = 0
    for (name, length) in lengths {
      guard let value = components.int(name) else { continue }
      let (product, productOverflow) = value.multipliedReportingOverflow(by: length)
      let (next, sumOverflow) = sum.addingReportingOverflow(product)
      guard !productOverflow, !sumOverflow else { return nil }
      sum = next
    }
    return sum
  }

  /// The start of interval `step` (0: the anchor), nil beyond the calendar's reach.
  func boundary(anchor: Int, step: Int) -> Int? {
    var result = anchor
    if months != 0 {
      let (days, time) = Self.floorDivide(anchor, Self.day)
      let date = CivilDate.date(daysFromEpoch: days)
      guard let shift = Self.product(step, months),
        let monthIndex = Self.sum(date.year * 12 + date.month - 1, shift)
      else { return nil }
      let (year, month) = Self.floorDivide(monthIndex, 12)
      guard abs(year) <= Self.maximumYear else { return nil }
      let first = CivilDate.daysFromEpoch(year, month + 1, 1)
      let next =
        month == 11
        ? CivilDate.daysFromEpoch(year + 1, 1, 1)
        : CivilDate.daysFromEpoch(year, month + 2, 1)
      result = (first + min(date.day, next - first) - 1) * Self.day + time
    }
    guard let offset = Self.product(step, milliseconds) else { return nil }
    return Self.sum(result, offset)
  }

  /// The step of the interval holding `time`, nil when the boundaries around it are beyond
  /// reach.
  func step(holding time: Int, anchor: Int) -> Int? {
    let approximate = months * 2_629_746_000 + milliseconds
    guard let distance = Self.difference(time, anchor) else { return nil }
    var step = Self.floorDivide(distance, approximate).0
    while true {
      guard let start = boundary(anchor: anchor, step: step) else { return nil }
      if start <= time { break }
      step -= 1
    }
    while true {
      guard let next = boundary(anchor: anchor, step: step + 1) else { return nil }
      if next > time { break }
      step += 1
    }
    return step
  }

  static func floorDivide(_ value: Int, _ divisor: Int) -> (Int, Int) {
    let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
  }

  static func product(_ a: Int, _ b: Int) -> Int? {
    let (value, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? nil : value
  }

  static func sum(_ a: Int, _ b: Int) -> Int? {
    let (value, overflow) = a.addingReportingOverflow(b)
    return overflow ? nil : value
  }

  static func difference(_ a: Int, _ b: Int) -> Int? {
    let (value, overflow) = a.subtractingReportingOverflow(b)
    return overflow ? nil : value
  }
}
