import FlutterCodec

/// A call's arguments read the way an iOS plugin host reads them: `call.arguments as?
/// NSDictionary`, then `as?` casts per key. A cast that fails gives nil (never an error here): the
/// profile decides what a missing value means. `null` values arrive as `NSNull`, which no cast
/// accepts. (``Arguments`` is the strict reader, whose every failure is an error.)
package struct CastArguments {
  package let entries: [ChannelMapEntry]?

  @inlinable
  package init(_ value: ChannelValue) {
    if case .map(let entries) = value { self.entries = entries } else { self.entries = nil }
  }

  /// Whether the arguments are a map at all (`as? NSDictionary`).
  @inlinable
  package var isMap: Bool { entries != nil }

  /// The value of a key (the first entry with that string key).
  @inlinable
  package func value(_ key: String) -> ChannelValue? {
    entries?.first { $0.key == .string(key) }?.value
  }

  /// `as? String`.
  @inlinable
  package func string(_ key: String) -> String? {
    if case .string(let text)? = value(key) { return text }
    return nil
  }

  /// `as? NSNumber` / `as? Double`: any number or bool.
  @inlinable
  package func number(_ key: String) -> Double? {
    value(key).flatMap(Self.number)
  }

  /// `as? Int`: an integer, a bool (0 or 1), or a float64 that is a whole number.
  @inlinable
  package func int(_ key: String) -> Int? {
    value(key).flatMap(Self.int)
  }

  /// `as? [String]` (a list; a typed list never casts).
  package func strings(_ key: String) -> [String]? {
    list(key) { if case .string(let text) = $0 { text } else { nil } }
  }

  /// `as? [Int]`.
  package func ints(_ key: String) -> [Int]? { list(key, Self.int) }

  /// `as? [Double]`.
  package func doubles(_ key: String) -> [Double]? { list(key, Self.number) }

  /// `as? [T]`: a list whose every item casts, else nil.
  func list<Item>(_ key: String, _ cast: (ChannelValue) -> Item?) -> [Item]? {
    guard case .list(let items)? = value(key) else { return nil }
    var result: [Item] = []
    for item in items {
      guard let element = cast(item) else { return nil }
      result.append(element)
    }
    return result
  }

  /// A time argument as the host reads it: `(x as? NSNumber) ?? 0`, in milliseconds.
  @inlinable
  package func milliseconds(_ key: String) -> Double {
    number(key) ?? 0
  }

  /// `as? NSNumber` of one value: any number or bool.
  @inlinable
  package static func number(_ value: ChannelValue) -> Double? {
    switch value {
    case .int32(let v): return Double(v)
    case .int64(let v): return Double(v)
    case .float64(let v): return v
    case .bool(let v): return v ? 1 : 0
    default: return nil
    }
  }

  /// `as? Int` of one value.
  @inlinable
  package static func int(_ value: ChannelValue) -> Int? {
    switch value {
    case .int32(let v): return Int(v)
    case .int64(let v): return Int(v)
    case .bool(let v): return v ? 1 : 0
    case .float64(let v): return v.rounded() == v ? Int(exactly: v) : nil
    default: return nil
    }
  }
}
