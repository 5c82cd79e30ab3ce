import FlutterCodec
import PluginHost

/// A call's arguments read the way the iOS host reads them: `call.arguments as? NSDictionary`,
/// then `as?` casts per key. A cast that fails gives nil (never an error here): the host decides
/// what a missing value means. `null` values arrive as `NSNull`, which no cast accepts.
package struct HealthArguments {
  package let entries: [ChannelMapEntry]?

  package init(_ value: ChannelValue) {
    if case .map(let entries) = value { self.entries = entries } else { self.entries = nil }
  }

  /// Whether the arguments are a map at all (`as? NSDictionary`).
  var isMap: Bool { entries != nil }

  /// The value of a key (the first entry with that string key).
  package func value(_ key: String) -> ChannelValue? {
    entries?.first { $0.key == .string(key) }?.value
  }

  /// `as? String`.
  package func string(_ key: String) -> String? {
    if case .string(let text)? = value(key) { return text }
    return nil
  }

  /// `as? NSNumber` / `as? Double`: any number or bool.
  package func number(_ key: String) -> Double? {
    value(key).flatMap(Self.number)
  }

  /// `as? Int`: an integer, a bool (0 or 1), or a float64 that is a whole number.
  package func int(_ key: String) -> Int? {
    value(key).flatMap(Self.int)
  }

  /// `as? [String]` (a list; a typed list never casts).
  package func strings(_ key: String) -> [String]? {
    guard case .list(let items)? = value(key) else { return nil }
    var result: [String] = []
    for item in items {
      guard case .string(let text) = item else { return nil }
      result.append(text)
    }
    return result
  }

  /// `as? [Int]`.
  func ints(_ key: String) -> [Int]? {
    guard case .list(let items)? = value(key) else { return nil }
    var result: [Int] = []
    for item in items {
      guard let number = Self.int(item) else { return nil }
      result.append(number)
    }
    return result
  }

  /// `as? [Double]`.
  func doubles(_ key: String) -> [Double]? {
    guard case .list(let items)? = value(key) else { return nil }
    var result: [Double] = []
    for item in items {
      guard let number = Self.number(item) else { return nil }
      result.append(number)
    }
    return result
  }

  /// A time argument as the host reads it: `(x as? NSNumber) ?? 0`, in milliseconds.
  func milliseconds(_ key: String) -> Double {
    number(key) ?? 0
  }

  package static func number(_ value: ChannelValue) -> Double? {
    switch value {
    case .int32(let v): return Double(v)
    case .int64(let v): return Double(v)
    case .float64(let v): return v
    case .bool(let v): return v ? 1 : 0
    default: return nil
    }
  }

  static func int(_ value: ChannelValue) -> Int? {
    switch value {
    case .int32(let v): return Int(v)
    case .int64(let v): return Int(v)
    case .bool(let v): return v ? 1 : 0
    case .float64(let v): return v.rounded() == v ? Int(exactly: v) : nil
    default: return nil
    }
  }
}

/// Times the way the host converts them: `Date(timeIntervalSince1970: ms / 1000)` (a Date keeps
/// seconds since 2001-01-01), and back with `Int(date.timeIntervalSince1970 * 1000)`.
package enum HealthTime {
  /// Seconds from 1970 to 2001, the offset a Date stores its time from.
  static let referenceOffset = 978_307_200.0
  /// The largest magnitude kept (about 285,000 years); beyond, a time is clamped.
  static let limit = 9e15

  /// A time argument in milliseconds as the host's Date gives it back, in whole milliseconds.
  package static func milliseconds(_ argument: Double) -> Int {
    let back = ((argument / 1000 - referenceOffset) + referenceOffset) * 1000
    guard back.isFinite else { return back > 0 ? Int(limit) : -Int(limit) }
    return Int(max(-limit, min(limit, back)))
  }
}
