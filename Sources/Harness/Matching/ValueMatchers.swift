import ChannelJSON
import FlutterCodec

/// A matcher or path that cannot be used, saying why.
public struct MatcherError: Error, Hashable, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
}

/// What a value at a matched path must be instead of equal (protocol/matchers.md).
public enum ValueMatcher: Sendable, Hashable {
  /// Anything, and the path may be absent on either side.
  case ignore
  /// Present, any value.
  case any
  /// An integer (int32, int64 or a large int).
  case int
  /// Any number.
  case number
  case string
  /// A string in the 8-4-4-4-12 hex form (either case).
  case uuid
  /// A string the regular expression matches whole.
  case regex(String)
  /// A number within ± this of the expected number.
  case within(Double)

  /// The names, for messages.
  static let names = "ignore, any, int, number, string, uuid, regex:PATTERN, within:N"

  public static func parse(_ text: String) -> Result<ValueMatcher, MatcherError> {
    switch text {
    case "ignore": return .success(.ignore)
    case "any": return .success(.any)
    case "int": return .success(.int)
    case "number": return .success(.number)
    case "string": return .success(.string)
    case "uuid": return .success(.uuid)
    default: break
    }
    if text.hasPrefix("regex:") {
      let pattern = String(text.dropFirst("regex:".count))
      guard (try? Regex(pattern)) != nil else {
        return .failure(MatcherError("\"\(text)\": not a regular expression"))
      }
      return .success(.regex(pattern))
    }
    if text.hasPrefix("within:") {
      guard let tolerance = Double(text.dropFirst("within:".count)), tolerance >= 0,
        tolerance.isFinite
      else {
        return .failure(MatcherError("\"\(text)\": within: takes a number ≥ 0, e.g. within:1000"))
      }
      return .success(.within(tolerance))
    }
    return .failure(MatcherError("unknown matcher \"\(text)\": expected \(names)"))
  }

  /// Whether `actual` passes (`nil`: absent), given the `expected` value (`nil`: absent).
  public func accepts(expected: ChannelValue?, actual: ChannelValue?) -> Bool {
    if case .ignore = self { return true }
    guard let actual else { return false }
    switch self {
    case .ignore, .any: return true
    case .int:
      switch actual {
      case .int32, .int64, .largeInt: return true
      default: return false
      }
    case .number: return DartEquality.number(actual) != nil
    case .string:
      if case .string = actual { return true }
      return false
    case .uuid:
      guard case .string(let s) = actual else { return false }
      return Self.isUUID(s)
    case .regex(let pattern):
      guard case .string(let s) = actual, let regex = try? Regex(pattern) else { return false }
      return (try? regex.wholeMatch(in: s)) != nil
    case .within(let tolerance):
      guard let expected, let e = Self.double(expected), let a = Self.double(actual) else {
        return false
      }
      return abs(e - a) <= tolerance
    }
  }

  static func double(_ value: ChannelValue) -> Double? {
    switch DartEquality.number(value) {
    case .integer(let i)?: return Double(i)
    case .double(let d)?: return d
    default: return nil
    }
  }

  static func isUUID(_ s: String) -> Bool {
    let utf8 = Array(s.utf8)
    guard utf8.count == 36 else { return false }
    for (i, c) in utf8.enumerated() {
      if [8, 13, 18, 23].contains(i) {
        if c != UInt8(ascii: "-") { return false }
      } else if !(c >= 48 && c <= 57) && !(c >= 97 && c <= 102) && !(c >= 65 && c <= 70) {
        return false
      }
    }
    return true
  }
}

/// The `"match"` object of an exchange or of the header: path pattern → matcher, in order.
public struct ValueMatchers: Sendable, Hashable {
  private(set) var patterns: [ValuePathPattern] = []
  private var matchers: [ValueMatcher] = []
  /// The matchers as written (kept for `--update`).
  private var texts: [String] = []

  public init() {}

  /// Reads `{"path": "matcher", …}`.
  public static func parse(_ value: ChannelValue) -> Result<ValueMatchers, MatcherError> {
    guard case .map(let entries) = value else {
      return .failure(
        MatcherError("\"match\" must be an object of path → matcher, not \(value.typeName)"))
    }
    var result = ValueMatchers()
    for entry in entries {
      guard case .string(let path) = entry.key, case .string(let text) = entry.value else {
        return .failure(MatcherError("\"match\" maps path strings to matcher strings"))
      }
      let pattern: ValuePathPattern
      switch ValuePathPattern.parse(path) {
      case .success(let p): pattern = p
      case .failure(let e): return .failure(e)
      }
      guard case .key(let root)? = pattern.steps.first,
        ["call", "message", "reply", "event"].contains(root)
      else {
        return .failure(
          MatcherError("path \"\(path)\": starts with call, message, reply or event"))
      }
      switch ValueMatcher.parse(text) {
      case .success(let m):
        result.patterns.append(pattern)
        result.matchers.append(m)
        result.texts.append(text)
      case .failure(let e): return .failure(MatcherError("path \"\(path)\": \(e.message)"))
      }
    }
    return .success(result)
  }

  /// The matcher for a concrete path (the exchange's own rules win over the header's: they are
  /// appended later and the last rule that fits wins).
  public func matcher(for path: [ValuePathStep]) -> ValueMatcher? {
    var found: ValueMatcher?
    for (pattern, matcher) in zip(patterns, matchers) where pattern.matches(path) {
      found = matcher
    }
    return found
  }

  public var isEmpty: Bool { patterns.isEmpty }

  /// Whether a rule applies to the request (a path under `call` or `message`).
  public var touchesRequest: Bool {
    patterns.contains { pattern in
      guard case .key(let root)? = pattern.steps.first else { return false }
      return root != "reply"
    }
  }

  /// These rules, then `other`'s (which win where both fit).
  public func merged(with other: ValueMatchers?) -> ValueMatchers {
    guard let other else { return self }
    var result = self
    result.patterns += other.patterns
    result.matchers += other.matchers
    result.texts += other.texts
    return result
  }

  public var channelValue: ChannelValue {
    .object(zip(patterns, texts).map { ($0.text, .string($1)) })
  }
}
