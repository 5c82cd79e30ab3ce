import ChannelJSON
import FlutterCodec

/// Prints replay results: one block per mismatch and the `N passed, M failed` line, or the same
/// as one JSON object (`--json`).
public enum ReplayReport {
  /// Bytes shown either side of the first difference when a reply is long.
  static let hexWindow = 24

  /// The text report; its last line is `N passed, M failed`. With `updated`, the lines rewritten
  /// take the place of the mismatch blocks.
  public static func text(_ results: [FileReplayResult], updated: Bool = false) -> String {
    var out = ""
    for result in results {
      if updated {
        for update in result.updates { out += updateLine(result.path, update) + "\n" }
      } else {
        for mismatch in result.mismatches { out += block(mismatch) + "\n" }
      }
    }
    let passed = results.reduce(0) { $0 + $1.passed }
    let failed = results.reduce(0) { $0 + $1.failed }
    out += "\(passed) passed, \(failed) failed\n"
    return out
  }

  /// The report of `--update`: each line rewritten, one `rewrote FILE: N line(s)` line a file
  /// changed (or `FILE: nothing to rewrite`), the mismatches that remain after replaying the
  /// rewritten files (`remaining`), and their `N passed, M failed`.
  public static func updateText(_ after: [FileReplayResult], remaining: String) -> String {
    var out = ""
    for result in after {
      for update in result.updates { out += updateLine(result.path, update) + "\n" }
      out +=
        result.updates.isEmpty
        ? "\(result.path): nothing to rewrite\n"
        : "rewrote \(result.path): \(result.updates.count) line(s)\n"
    }
    out += remaining
    let passed = after.reduce(0) { $0 + $1.passed }
    let failed = after.reduce(0) { $0 + $1.failed }
    out += "\(passed) passed, \(failed) failed\n"
    return out
  }

  /// One mismatch block.
  public static func block(_ m: ReplayMismatch) -> String {
    var lines = [
      "FAIL \(m.file):\(m.line)",
      "  channel:  \(m.channel)",
      "  method:   \(m.method)",
      "  match:    \(m.mode.rawValue)",
      "  expected: \(clip(m.expected.map { ChannelJSON.print($0.channelValue) } ?? noExpected(m)))",
      "  actual:   \(m.actual == .noEvent ? "(no event was sent)" : clip(ChannelJSON.print(m.actual.channelValue)))",
    ]
    for d in m.differences { lines.append("  at " + clip(d.text, to: 400)) }
    if m.differenceCount > m.differences.count {
      lines.append("  … and \(m.differenceCount - m.differences.count) more differing values")
    }
    if m.mode == .bytes, let expectedBytes = m.expectedBytes {
      let offset = m.firstDifference ?? 0
      lines.append(
        "  first differing byte: offset \(offset) (\(describe(expectedBytes, at: offset)) expected, \(describe(m.actualBytes, at: offset)) actual)"
      )
      lines.append("  expected bytes: \(window(expectedBytes, around: offset))")
      lines.append("  actual bytes:   \(window(m.actualBytes, around: offset))")
    }
    return lines.joined(separator: "\n")
  }

  /// What a mismatch without an expected value says: an extra event, or a line without a reply.
  static func noExpected(_ m: ReplayMismatch) -> String {
    m.method == Replayer.eventLabel
      ? "(no event line: the call at this line sent this event and no line expects it)"
      : "(no reply given)"
  }

  /// Whole replies are cut to this many characters: the `at` lines say what differs.
  static let replyTextLimit = 300

  static func clip(_ text: String, to limit: Int = replyTextLimit) -> String {
    text.count <= limit ? text : text.prefix(limit) + "… (\(text.count) characters)"
  }

  static func describe(_ bytes: RecordedBytes, at offset: Int) -> String {
    switch bytes {
    case .nullPayload: return "a null reply"
    case .bytes(let b):
      return offset < b.count ? "0x\(hexByte(b[offset]))" : "the end (\(b.count) bytes)"
    }
  }

  /// The hex of `bytes`, cut to a window around `offset` when long.
  static func window(_ bytes: RecordedBytes, around offset: Int) -> String {
    guard case .bytes(let b) = bytes else { return "null (a null reply)" }
    if b.count <= hexWindow * 2 { return b.isEmpty ? "(empty)" : Hex.encode(b) }
    let from = max(0, min(offset, b.count) - hexWindow)
    let to = min(b.count, offset + hexWindow)
    return (from > 0 ? "…" : "") + Hex.encode(Array(b[from..<to])) + (to < b.count ? "…" : "")
      + " (bytes \(from)..<\(to) of \(b.count))"
  }

  static func updateLine(_ file: String, _ u: ReplayUpdate) -> String {
    let old = u.oldReply.map { ChannelJSON.print($0.channelValue) } ?? "(none)"
    let new = u.newReply == .noEvent ? "(none)" : ChannelJSON.print(u.newReply.channelValue)
    var what: [String] = u.requestChange.map { [$0] } ?? []
    let valueKey = u.method == Replayer.eventLabel ? "event" : "reply"
    if u.oldReply != u.newReply { what.append("\(valueKey) \(old) -> \(new)") }
    let hex = u.method == Replayer.eventLabel ? "eventHex" : "replyHex"
    if u.oldBytes != u.newBytes && u.newReply != .noEvent {
      what.append(u.oldBytes == nil ? "\(hex) added" : "\(hex) changed")
    }
    if what.isEmpty { what.append("rewritten in the canonical form") }
    return "updated \(file):\(u.line) \(u.method): " + what.joined(separator: ", ")
  }

  /// Transcript and file errors as the machine-readable report: `{"passed": 0, "failed": 0,
  /// "errors": [{"file", "line", "message"}], "files": []}`.
  public static func json(errors: [TranscriptError]) -> String {
    let items: [ChannelValue] = errors.map {
      .object([
        ("file", .string($0.file)), ("line", .int($0.line)), ("message", .string($0.message)),
      ])
    }
    return ChannelJSON.print(
      .object([
        ("passed", .int(0)), ("failed", .int(0)), ("errors", .list(items)), ("files", .list([])),
      ]))
  }

  /// The machine-readable report (one JSON object, typed JSON for replies).
  /// `mismatchTexts`: per file, mismatches already printed as JSON (streamed by ``ReplayRun``),
  /// which take the place of the result's own.
  public static func json(_ results: [FileReplayResult], mismatchTexts: [String: [String]] = [:])
    -> String
  {
    let passed = results.reduce(0) { $0 + $1.passed }
    let failed = results.reduce(0) { $0 + $1.failed }
    // The printed mismatches are spliced in where a placeholder string stands.
    let placeholder = "\u{1}mismatches\u{1}"
    var texts: [String] = []
    let files: [ChannelValue] = results.map { result in
      let printed = mismatchTexts[result.path] ?? []
      texts.append(printed.joined(separator: ", "))
      return .object([
        ("file", .string(result.path)),
        ("passed", .int(result.passed)),
        ("failed", .int(result.failed)),
        (
          "mismatches",
          printed.isEmpty ? .list(result.mismatches.map(jsonValue)) : .string(placeholder)
        ),
        ("updated", .list(result.updates.map { jsonValue($0) })),
      ])
    }
    var text = ChannelJSON.print(
      .object([("passed", .int(passed)), ("failed", .int(failed)), ("files", .list(files))]))
    let quoted = ChannelJSON.print(.string(placeholder))
    for printed in texts where !printed.isEmpty {
      guard let range = text.firstRange(of: quoted) else { break }
      text.replaceSubrange(range, with: "[" + printed + "]")
    }
    return text
  }

  static func jsonValue(_ m: ReplayMismatch) -> ChannelValue {
    .object([
      ("file", .string(m.file)),
      ("line", .int(m.line)),
      ("channel", .string(m.channel)),
      ("method", .string(m.method)),
      ("match", .string(m.mode.rawValue)),
      ("expected", m.expected?.channelValue ?? .null),
      ("actual", m.actual.channelValue),
      ("expectedHex", m.expectedBytes?.channelValue ?? .null),
      ("actualHex", m.actualBytes.channelValue),
      ("firstDifferingByte", m.firstDifference.map { .int($0) } ?? .null),
      ("differences", .list(m.differences.map(jsonValue))),
      ("differenceCount", .int(m.differenceCount)),
    ])
  }

  static func jsonValue(_ d: ValueDifference) -> ChannelValue {
    var fields: [(String, ChannelValue)] = [("path", .string(d.path))]
    fields.append(("expected", d.expected ?? .null))
    fields.append(("actual", d.actual ?? .null))
    fields.append(("expectedAbsent", .bool(d.expected == nil)))
    fields.append(("actualAbsent", .bool(d.actual == nil)))
    fields.append(("matcher", d.matcher.map(ChannelValue.string) ?? .null))
    return .object(fields)
  }

  static func jsonValue(_ u: ReplayUpdate) -> ChannelValue {
    var fields: [(String, ChannelValue)] = [
      ("line", .int(u.line)),
      ("method", .string(u.method)),
      ("oldReply", u.oldReply?.channelValue ?? .null),
      ("newReply", u.newReply.channelValue),
      ("oldHex", u.oldBytes?.channelValue ?? .null),
      ("newHex", u.newBytes.channelValue),
    ]
    if let change = u.requestChange { fields.append(("requestChange", .string(change))) }
    return .object(fields)
  }
}
