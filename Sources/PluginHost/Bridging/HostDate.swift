/// Times the way an iOS plugin host converts them: `Date(timeIntervalSince1970: ms / 1000)` (a
/// Date keeps seconds since 2001-01-01), and back with `Int(date.timeIntervalSince1970 * 1000)`.
package enum HostDate {
  /// Seconds from 1970 to 2001, the offset a Date stores its time from.
  @usableFromInline static let referenceOffset = 978_307_200.0
  /// The largest magnitude kept (about 285,000 years); beyond, a time is clamped.
  @usableFromInline static let limit = 9e15

  /// A time argument in milliseconds as the host's Date gives it back, in whole milliseconds.
  @inlinable
  package static func milliseconds(_ argument: Double) -> Int {
    let back = ((argument / 1000 - referenceOffset) + referenceOffset) * 1000
    guard back.isFinite else { return back > 0 ? Int(limit) : -Int(limit) }
    return Int(max(-limit, min(limit, back)))
  }
}
