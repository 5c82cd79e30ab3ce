import FlutterCodec

/// The ids a replay (or playback) has bound (protocol/matchers.md, "Binding"): a recorded uuid
/// at a `uuid` matcher's path → the value the other side answered. Ids compare case-insensitively.
public struct IdentityBindings: Sendable {
  /// One binding: the value a recorded id stands for, and the line that bound it.
  public struct Binding: Sendable, Hashable {
    public var recorded: String
    public var value: String
    public var line: Int
  }

  /// By the recorded id, upper-cased.
  private var byRecorded: [String: Binding] = [:]
  /// The recorded id (upper-cased) each bound value (upper-cased) stands for.
  private var recordedByValue: [String: String] = [:]
  /// Whether some id is bound to a value other than itself (bytes can then no longer be
  /// compared: they carry the recorded ids).
  public private(set) var changesValues = false

  public init() {}

  public var isEmpty: Bool { byRecorded.isEmpty }

  /// The binding of a recorded string, if it is a bound id.
  public func binding(of recorded: String) -> Binding? {
    byRecorded.isEmpty ? nil : byRecorded[recorded.uppercased()]
  }

  /// Binds `recorded` to `actual` (both uuids) at `line`; `nil` when the path passes, else what
  /// the path expected instead (rule 1: a bound id must come back as its bound value; a value
  /// already bound to another recorded id binds nothing).
  mutating func bind(_ recorded: String, to actual: String, line: Int) -> String? {
    let key = recorded.uppercased()
    let actualKey = actual.uppercased()
    if let existing = byRecorded[key] {
      if existing.value.uppercased() == actualKey { return nil }
      return "\(Self.quoted(existing.value)) (bound to \(Self.quoted(recorded)) at line "
        + "\(existing.line))"
    }
    if let other = recordedByValue[actualKey], let otherBinding = byRecorded[other] {
      return "a uuid not bound to another recorded id (\(Self.quoted(actual)) is bound to "
        + "\(Self.quoted(otherBinding.recorded)) at line \(otherBinding.line))"
    }
    byRecorded[key] = Binding(recorded: recorded, value: actual, line: line)
    recordedByValue[actualKey] = key
    if actualKey != key { changesValues = true }
    return nil
  }

  /// `value` with every bound id (a whole string: map values and list elements at any depth,
  /// not map keys) replaced by its bound value, lower-cased when the recorded string has lower-case
  /// letters only; `nil` when nothing was replaced.
  public func substituted(_ value: ChannelValue) -> ChannelValue? {
    guard changesValues else { return nil }
    switch value {
    case .string(let text):
      guard let bound = binding(of: text), bound.value != text else { return nil }
      let lower = text.contains(where: \.isLowercase) && !text.contains(where: \.isUppercase)
      let sent = lower ? bound.value.lowercased() : bound.value
      return sent == text ? nil : .string(sent)
    case .list(let items):
      var changed = false
      let new = items.map { item -> ChannelValue in
        guard let s = substituted(item) else { return item }
        changed = true
        return s
      }
      return changed ? .list(new) : nil
    case .map(let entries):
      var changed = false
      let new = entries.map { entry -> ChannelMapEntry in
        guard let s = substituted(entry.value) else { return entry }
        changed = true
        return ChannelMapEntry(entry.key, s)
      }
      return changed ? .map(new) : nil
    case .ext(let tag, let inner):
      return substituted(inner).map { .ext(tag: tag, value: $0) }
    default:
      return nil
    }
  }

  /// Whether `actual` is the bound value of `binding` (either case).
  static func matches(_ actual: ChannelValue?, _ binding: Binding) -> Bool {
    guard case .string(let text)? = actual else { return false }
    return text.uppercased() == binding.value.uppercased()
  }

  static func quoted(_ text: String) -> String { "\"\(text)\"" }
}
