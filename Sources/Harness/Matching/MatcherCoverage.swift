import FlutterCodec
import HealthKitModel

/// Every matcher path must match something in the recorded lines it applies to
/// (protocol/matchers.md#paths-that-match-nothing): an exchange's or event's own `match` in its
/// own call and reply; the header's, when a path of the file is near it, in at least one line.
/// A path that matches nothing (a typo such as `reply.ok[*].uid`) would otherwise be ignored
/// without a word.
enum MatcherCoverage {
  /// The first path of `transcript` that matches nothing, as an error naming its line and the
  /// nearest path the recorded values have; `nil` when every path matches something.
  static func problem(in transcript: Transcript) -> TranscriptError? {
    // The recorded paths are gathered only where a matcher needs them: every line's when the
    // header has matchers, else only the lines that have their own (most transcripts have none).
    let headerHasMatchers = transcript.lines.contains {
      if case .header(let header)? = $0.entry { return header.matchers != nil }
      return false
    }
    var everyPath: [[ValuePathStep]] = []
    for line in transcript.lines where headerHasMatchers || hasOwnMatchers(line.entry) {
      let (paths, matchers) = recorded(line.entry)
      if headerHasMatchers { everyPath += paths }
      if let matchers, let error = unmatched(matchers, in: paths) {
        return TranscriptError(file: transcript.path, line: line.number, message: error)
      }
    }
    // The header's rules are often a general set (`reply.ok.uuid`, `reply.ok[*].uuid`, …) of
    // which a file uses some: one that matches nothing is an error only when a path of the file
    // is near it (a typo).
    for line in transcript.lines {
      guard case .header(let header)? = line.entry, let matchers = header.matchers else { continue }
      if let error = unmatched(
        matchers, in: everyPath, what: "any line of the file", onlyNear: true)
      {
        return TranscriptError(file: transcript.path, line: line.number, message: error)
      }
    }
    return nil
  }

  /// Whether an exchange or event line has a `match` of its own.
  static func hasOwnMatchers(_ entry: TranscriptEntry?) -> Bool {
    switch entry {
    case .exchange(let exchange)?: return exchange.matchers != nil
    case .event(let event)?: return event.matchers != nil
    default: return false
    }
  }

  /// The concrete paths of a line's recorded values (its call or message, its reply or event),
  /// and the line's own matchers.
  static func recorded(_ entry: TranscriptEntry?) -> ([[ValuePathStep]], ValueMatchers?) {
    switch entry {
    case .exchange(let exchange)?:
      var paths: [[ValuePathStep]] = []
      switch exchange.request {
      case .call(let call?):
        paths += [[.key("call")], [.key("call"), .key("method")]]
        paths += Self.paths(call.arguments, under: [.key("call"), .key("args")])
      case .call(nil): paths.append([.key("call")])
      case .message(let value): paths += Self.paths(value, under: [.key("message")])
      }
      if let reply = exchange.reply {
        paths += Self.paths(reply.comparedValue(codeOnly: false), under: [.key("reply")])
      }
      return (paths, exchange.matchers)
    case .event(let event)?:
      return (
        Self.paths(event.event.comparedValue(codeOnly: false), under: [.key("event")]),
        event.matchers
      )
    default:
      return ([], nil)
    }
  }

  /// Every path in `value` under `root`, the root and every inner node included.
  static func paths(_ value: ChannelValue, under root: [ValuePathStep]) -> [[ValuePathStep]] {
    var out: [[ValuePathStep]] = [root]
    switch value {
    case .list(let items):
      for (index, item) in items.enumerated() { out += paths(item, under: root + [.index(index)]) }
    case .map(let entries):
      for entry in entries {
        let step: ValuePathStep
        if case .string(let key) = entry.key { step = .key(key) } else { continue }
        out += paths(entry.value, under: root + [step])
      }
    default: break
    }
    return out
  }

  /// What is wrong with the first of `matchers`' paths that matches none of `paths`, or `nil`.
  /// With `onlyNear`, a path is reported only when a path of `paths` is near it.
  static func unmatched(
    _ matchers: ValueMatchers, in paths: [[ValuePathStep]], what: String = "the recorded line",
    onlyNear: Bool = false
  ) -> String? {
    for pattern in matchers.patterns where !paths.contains(where: pattern.matches) {
      // Only the paths under the pattern's root are candidates (`reply…` for `reply…`).
      let root = pattern.steps.first
      let candidates = Set(paths.filter { step($0.first) == root }.map(generalizedText))
      var message = "match path \"\(pattern.text)\" matches nothing in \(what)"
      let near = NearestName.find(pattern.text, among: candidates.sorted())
      if onlyNear && near == nil { continue }
      if let near {
        message += "; the nearest path is \"\(near)\""
      } else if let near = nearestByPrefix(pattern, candidates: candidates) {
        message += "; the paths there: " + near
      }
      return message + " (protocol/matchers.md)"
    }
    return nil
  }

  static func step(_ step: ValuePathStep?) -> ValuePathPattern.Step? {
    if case .key(let name)? = step { return .key(name) }
    return nil
  }

  /// A concrete path's text with every list index as `[*]`, as matchers are usually written.
  static func generalizedText(_ path: [ValuePathStep]) -> String {
    ValuePathText.text(path).replacing(/\[[0-9]+\]/, with: "[*]")
  }

  /// The candidates one step below the longest prefix of `pattern` that some candidate has
  /// (at most five, sorted), or `nil` when there are none.
  static func nearestByPrefix(_ pattern: ValuePathPattern, candidates: Set<String>) -> String? {
    var prefix = pattern.text
    while let cut = prefix.lastIndex(where: { $0 == "." || $0 == "[" }) {
      prefix = String(prefix[..<cut])
      let below = candidates.filter { text in
        text.hasPrefix(prefix) && text.count > prefix.count
          && !text.dropFirst(prefix.count).dropFirst().contains(where: { $0 == "." || $0 == "[" })
      }.sorted()
      if !below.isEmpty {
        return below.prefix(5).joined(separator: ", ") + (below.count > 5 ? ", …" : "")
      }
    }
    return nil
  }
}
