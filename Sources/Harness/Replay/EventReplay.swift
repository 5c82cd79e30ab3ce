import ChannelJSON
import PluginHost

/// The events one exchange caused, matched in order by the event lines after it
/// (protocol/events.md#replay).
struct EventQueue {
  /// The line of the exchange that caused them (where an extra event is reported).
  var line = 0
  var messages: [HostMessage] = []
  private var taken = 0

  init() {}

  init(line: Int, messages: [HostMessage]) {
    self.line = line
    self.messages = messages
  }

  /// The next event not yet matched.
  mutating func next() -> HostMessage? {
    guard taken < messages.count else { return nil }
    defer { taken += 1 }
    return messages[taken]
  }

  /// The events no line matched; the queue is emptied.
  mutating func remaining() -> [HostMessage] {
    defer {
      messages = []
      taken = 0
    }
    return Array(messages[taken...])
  }
}

extension Replayer {
  /// The label event mismatches and updates use for the method.
  static let eventLabel = "(event)"

  /// The mismatch for one event line, or `nil` when it passes: `bytes` compares `eventHex`
  /// exactly, the other modes compare the channel and the event's value.
  /// `mapOrderFree`: the event channel is a native plugin's, whose map order is the hash
  /// seed's: bytes that differ pass when the values are equal with their wire types, as for its
  /// replies (``compare(_:line:file:actual:actualBytes:matchers:bindings:mapOrderFree:)``).
  func compare(
    _ expected: TranscriptEvent, actual: TranscriptEvent, line: Int, file: String,
    matchers: ValueMatchers?, bindings: inout IdentityBindings, mapOrderFree: Bool = false
  ) -> ReplayMismatch? {
    let hasMatchers = !(matchers?.isEmpty ?? true) || bindings.changesValues
    var lineMode = mode ?? (expected.eventBytes != nil && !hasMatchers ? .bytes : .value)
    if lineMode == .bytes && expected.eventBytes == nil { lineMode = .value }
    let actualBytes = actual.eventBytes ?? .nullPayload
    var diff = TranscriptReply.differences(
      expected: expected.event, actual: actual.event, mode: lineMode == .bytes ? .value : lineMode,
      matchers: matchers, limit: Self.differenceLimit, bindings: &bindings, line: line,
      root: "event")
    var firstDifference: Int?
    var passes = diff.count == 0 && expected.channel == actual.channel
    if lineMode == .bytes, let expectedBytes = expected.eventBytes {
      firstDifference = ReplyMatcher.firstDifference(
        expected: expectedBytes.bytes, actual: actualBytes.bytes)
      passes = firstDifference == nil && expected.channel == actual.channel
      if !passes && mapOrderFree && expected.channel == actual.channel
        && MapOrderFreeValues.same(expectedBytes, actualBytes)
      {
        passes = true
      }
    }
    if passes { return nil }
    if expected.channel != actual.channel {
      diff = ValueDiff.compare(
        .string(expected.channel), .string(actual.channel), root: [.key("channel")],
        limit: Self.differenceLimit)
    }
    var mismatch = ReplayMismatch(
      file: file, line: line, channel: expected.channel, method: Self.eventLabel,
      mode: lineMode, expected: expected.event, actual: actual.event,
      expectedBytes: expected.eventBytes, actualBytes: actualBytes,
      firstDifference: firstDifference)
    mismatch.differences = diff.differences
    mismatch.differenceCount = diff.count
    return mismatch
  }

  /// A missing event (`actual == nil`: the line expects one that was not sent) or an extra one
  /// (`expected == nil`: sent after the exchange at `line`, and no line expects it).
  static func eventMismatch(
    file: String, line: Int, expected: TranscriptEvent?, actual: TranscriptEvent?,
    mode: MatchMode
  ) -> ReplayMismatch {
    ReplayMismatch(
      file: file, line: line, channel: expected?.channel ?? actual?.channel ?? "",
      method: eventLabel, mode: mode, expected: expected?.event, actual: actual?.event ?? .noEvent,
      expectedBytes: expected?.eventBytes, actualBytes: actual?.eventBytes ?? .nullPayload)
  }

  /// What `--update` did to one event line (`old == nil`: added; `new == nil`: removed).
  static func eventUpdate(line: Int, old: TranscriptEvent?, new: TranscriptEvent?) -> ReplayUpdate {
    var update = ReplayUpdate(
      line: line, method: eventLabel, oldReply: old?.event, newReply: new?.event ?? .noEvent,
      oldBytes: old?.eventBytes, newBytes: new?.eventBytes ?? .nullPayload)
    if old == nil { update.requestChange = "event line added" }
    if new == nil { update.requestChange = "event line removed" }
    return update
  }
}
