import ChannelJSON
import FlutterCodec

/// One value that differs: its path, the expected and the actual value (`nil`: absent), and the
/// matcher it failed, if a matcher applied.
public struct ValueDifference: Sendable, Hashable {
  public var path: String
  public var expected: ChannelValue?
  public var actual: ChannelValue?
  public var matcher: String?

  /// `path: expected X, got Y` (or `… got Y, not uuid`).
  public var text: String {
    let e = expected.map { ChannelJSON.print($0) } ?? "(absent)"
    let a = actual.map { ChannelJSON.print($0) } ?? "(absent)"
    if let matcher { return "\(path): expected \(matcher), got \(a)" }
    return "\(path): expected \(e), got \(a)"
  }
}

/// Walks two values side by side and lists where they differ, as Dart's `equals` sees them
/// (``DartEquality``), honouring matchers; `exact` also tells an int from a double (used to check
/// that a transcript's value and hex agree).
public struct ValueDiff {
  public var matchers: ValueMatchers?
  public var exact: Bool
  /// Differences kept; ``count`` counts all of them.
  public var limit: Int
  public private(set) var differences: [ValueDifference] = []
  public private(set) var count = 0
  /// With bindings (protocol/matchers.md, "Binding"): `uuid` paths bind recorded ids (at
  /// ``bindingLine``), and a bound recorded id compares equal to its bound value.
  public var bindings: IdentityBindings?
  public var bindingLine = 0

  public init(matchers: ValueMatchers? = nil, exact: Bool = false, limit: Int = 10) {
    self.matchers = matchers
    self.exact = exact
    self.limit = limit
  }

  /// The differences between two values under a root path.
  public static func compare(
    _ expected: ChannelValue, _ actual: ChannelValue, root: [ValuePathStep],
    matchers: ValueMatchers? = nil, exact: Bool = false, limit: Int = 10
  ) -> ValueDiff {
    var diff = ValueDiff(matchers: matchers, exact: exact, limit: limit)
    diff.walk(expected, actual, path: root)
    return diff
  }

  /// The same, binding as it walks (protocol/matchers.md, "Binding"): `uuid` paths bind recorded
  /// ids at `line`, bound ids compare as their bound values; the result's ``bindings`` are the
  /// bindings after the walk.
  static func compare(
    _ expected: ChannelValue, _ actual: ChannelValue, root: [ValuePathStep],
    matchers: ValueMatchers?, limit: Int, bindings: IdentityBindings, line: Int
  ) -> ValueDiff {
    var diff = ValueDiff(matchers: matchers, limit: limit)
    diff.bindings = bindings
    diff.bindingLine = line
    diff.walk(expected, actual, path: root)
    return diff
  }

  mutating func record(
    _ e: ChannelValue?, _ a: ChannelValue?, _ path: [ValuePathStep], _ m: String?
  ) {
    count += 1
    if differences.count < limit {
      differences.append(
        ValueDifference(path: ValuePathText.text(path), expected: e, actual: a, matcher: m))
    }
  }

  mutating func walk(_ e: ChannelValue?, _ a: ChannelValue?, path: [ValuePathStep]) {
    if let matcher = matchers?.matcher(for: path) {
      if case .uuid = matcher, bindings != nil, case .string(let recorded)? = e,
        ValueMatcher.isUUID(recorded), case .string(let got)? = a, ValueMatcher.isUUID(got)
      {
        if let expected = bindings?.bind(recorded, to: got, line: bindingLine) {
          record(e, a, path, expected)
        }
        return
      }
      if !matcher.accepts(expected: e, actual: a) { record(e, a, path, matcherText(matcher)) }
      return
    }
    if case .string(let recorded)? = e, let bound = bindings?.binding(of: recorded) {
      if !IdentityBindings.matches(a, bound) {
        record(
          e, a, path,
          "\(IdentityBindings.quoted(bound.value)) (bound to \(IdentityBindings.quoted(recorded)) "
            + "at line \(bound.line))")
      }
      return
    }
    guard let e, let a else {
      if e != nil || a != nil { record(e, a, path, nil) }
      return
    }
    if let x = DartEquality.number(e), let y = DartEquality.number(a) {
      if !x.equals(y) || (exact && Self.isDouble(x) != Self.isDouble(y)) {
        record(e, a, path, nil)
      }
      return
    }
    switch (e, a) {
    case (.list(let x), .list(let y)):
      // Optional(...): ChannelValue is nil-literal convertible, so a bare `nil` here would be
      // .null instead of "absent".
      for i in 0..<max(x.count, y.count) {
        let expected: ChannelValue? = i < x.count ? Optional(x[i]) : Optional.none
        let actual: ChannelValue? = i < y.count ? Optional(y[i]) : Optional.none
        walk(expected, actual, path: path + [.index(i)])
      }
    case (.map(let x), .map(let y)):
      // A key given twice (a `$map`) is one key to Dart, the last value winning: only the last
      // entry of each key is compared, on either side.
      let (mine, theirs) = (MapKeyIndex(x), MapKeyIndex(y))
      for (index, entry) in x.enumerated() where mine.isLast(index) {
        walk(entry.value, theirs.value(for: entry.key), path: path + [Self.step(entry.key)])
      }
      for (index, entry) in y.enumerated()
      where theirs.isLast(index) && mine.lastIndex(of: entry.key) == nil {
        walk(nil, entry.value, path: path + [Self.step(entry.key)])
      }
    default:
      if !DartEquality.equal(e, a) { record(e, a, path, nil) }
    }
  }

  func matcherText(_ matcher: ValueMatcher) -> String {
    switch matcher {
    case .ignore: return "ignore"
    case .any: return "any value"
    case .int: return "an int"
    case .number: return "a number"
    case .string: return "a string"
    case .uuid: return "a uuid"
    case .regex(let p): return "a string matching /\(p)/"
    case .within(let t): return "a number within \(t) of the recorded one"
    }
  }

  static func isDouble(_ n: DartEquality.Number) -> Bool {
    if case .double = n { return true }
    return false
  }

  static func step(_ key: ChannelValue) -> ValuePathStep {
    if case .string(let s) = key { return .key(s) }
    return .otherKey(ChannelJSON.print(key))
  }
}

extension TranscriptReply {
  /// The reply as compared: an error without its stacktrace (never compared), and with only its
  /// code when `codeOnly`.
  func comparedValue(codeOnly: Bool) -> ChannelValue {
    guard case .error(let error) = self else { return channelValue }
    var fields: [(String, ChannelValue)] = [("code", .string(error.code))]
    if !codeOnly {
      fields.append(("message", error.message.map(ChannelValue.string) ?? .null))
      fields.append(("details", error.details))
    }
    return .object([("error", .object(fields))])
  }

  /// The differences between an expected and an actual reply, under the root `reply`.
  static func differences(
    expected: TranscriptReply, actual: TranscriptReply, mode: MatchMode,
    matchers: ValueMatchers?, limit: Int = 10
  ) -> ValueDiff {
    var bindings = IdentityBindings()
    return differences(
      expected: expected, actual: actual, mode: mode, matchers: matchers, limit: limit,
      bindings: &bindings, line: 0)
  }

  /// The same with bindings: `uuid` paths bind (at `line`), bound ids compare as their values.
  static func differences(
    expected: TranscriptReply, actual: TranscriptReply, mode: MatchMode,
    matchers: ValueMatchers?, limit: Int, bindings: inout IdentityBindings, line: Int,
    root: String = "reply"
  ) -> ValueDiff {
    // A plain message's null reply reads as {"message": null} (Dart sees null).
    switch (expected, actual) {
    case (.notImplemented, .message(.null)), (.message(.null), .notImplemented):
      return ValueDiff()
    default: break
    }
    var codeOnly = false
    if mode == .code, case .error = expected, case .error = actual { codeOnly = true }
    let diff = ValueDiff.compare(
      expected.comparedValue(codeOnly: codeOnly), actual.comparedValue(codeOnly: codeOnly),
      root: [.key(root)], matchers: matchers, limit: limit, bindings: bindings, line: line)
    bindings = diff.bindings ?? bindings
    return diff
  }
}
