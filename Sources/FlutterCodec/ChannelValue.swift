/// One value of Flutter's standard message format.
///
/// Every wire type keeps its own case, so that a value decoded from bytes encodes back to the same
/// bytes: int32 and int64 stay apart, maps keep their entries in order (any value may be a key),
/// typed lists keep their element type, and extension-tagged values (Pigeon's tags 128–255) keep
/// their tag.
public enum ChannelValue: Sendable {
  case null
  case bool(Bool)
  /// Tag 3.
  case int32(Int32)
  /// Tag 4. A small value here was marked as int64 by its writer (Swift `Int` on iOS).
  case int64(Int64)
  /// Tag 5: an arbitrary-size integer as its ASCII hex text.
  case largeInt(String)
  case float64(Double)
  case string(String)
  case uint8List([UInt8])
  case int32List([Int32])
  case int64List([Int64])
  case float32List([Float])
  case float64List([Double])
  case list([ChannelValue])
  /// Entries in the order they were written; keys may repeat only if the bytes repeated them.
  case map([ChannelMapEntry])
  /// An extension tag (128–255) followed by one encoded value.
  indirect case ext(tag: UInt8, value: ChannelValue)
}

/// One key/value pair of a ``ChannelValue/map(_:)``.
public struct ChannelMapEntry: Sendable, Hashable {
  public var key: ChannelValue
  public var value: ChannelValue

  public init(_ key: ChannelValue, _ value: ChannelValue) {
    self.key = key
    self.value = value
  }
}

extension ChannelValue {
  /// An integer written the way Dart writes one: int32 when it fits, else int64.
  public static func int(_ value: Int) -> ChannelValue {
    if let small = Int32(exactly: value) { return .int32(small) }
    return .int64(Int64(value))
  }

  /// A map with string keys, in the given order.
  public static func object(_ pairs: [(String, ChannelValue)]) -> ChannelValue {
    .map(pairs.map { ChannelMapEntry(.string($0.0), $0.1) })
  }

  /// The integer of an int32 or int64 value.
  public var intValue: Int? {
    switch self {
    case .int32(let v): return Int(v)
    case .int64(let v): return Int(v)
    default: return nil
    }
  }

  /// The number of an int32, int64 or float64 value, as a Double.
  public var doubleValue: Double? {
    switch self {
    case .int32(let v): return Double(v)
    case .int64(let v): return Double(v)
    case .float64(let v): return v
    default: return nil
    }
  }

  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  public var boolValue: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  public var listValue: [ChannelValue]? {
    if case .list(let l) = self { return l }
    return nil
  }

  public var mapEntries: [ChannelMapEntry]? {
    if case .map(let m) = self { return m }
    return nil
  }

  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The value of the last entry whose key is the string `key` (Dart's `Map` keeps the last).
  /// `nil` when this is not a map or has no such key.
  public subscript(key: String) -> ChannelValue? {
    guard case .map(let entries) = self else { return nil }
    for entry in entries.reversed() {
      if case .string(let k) = entry.key, k == key { return entry.value }
    }
    return nil
  }

  /// The name of the value's wire type, for error messages ("int32", "map", …).
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "bool"
    case .int32: return "int32"
    case .int64: return "int64"
    case .largeInt: return "largeInt"
    case .float64: return "float64"
    case .string: return "string"
    case .uint8List: return "Uint8List"
    case .int32List: return "Int32List"
    case .int64List: return "Int64List"
    case .float32List: return "Float32List"
    case .float64List: return "Float64List"
    case .list: return "list"
    case .map: return "map"
    case .ext(let tag, _): return "extension tag \(tag)"
    }
  }
}

// MARK: - Equality

/// Structural equality, as the bytes see it: same case, same contents, same order. Strings are
/// equal when their UTF-8 bytes are equal (as Dart compares code units; Swift's own `==` would
/// call canonically equivalent strings such as "\u{E9}" and "e\u{301}" equal). Floats are equal
/// when their bits are equal or both are NaN, so `-0.0 != 0.0` and `NaN == NaN`.
extension ChannelValue: Hashable {
  public static func == (lhs: ChannelValue, rhs: ChannelValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.int32(let a), .int32(let b)): return a == b
    case (.int64(let a), .int64(let b)): return a == b
    case (.largeInt(let a), .largeInt(let b)): return sameUTF8(a, b)
    case (.float64(let a), .float64(let b)): return sameFloat(a, b)
    case (.string(let a), .string(let b)): return sameUTF8(a, b)
    case (.uint8List(let a), .uint8List(let b)): return a == b
    case (.int32List(let a), .int32List(let b)): return a == b
    case (.int64List(let a), .int64List(let b)): return a == b
    case (.float32List(let a), .float32List(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { sameFloat32($0, $1) }
    case (.float64List(let a), .float64List(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { sameFloat($0, $1) }
    case (.list(let a), .list(let b)): return a == b
    case (.map(let a), .map(let b)): return a == b
    case (.ext(let ta, let va), .ext(let tb, let vb)): return ta == tb && va == vb
    default: return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let b): hasher.combine(b)
    case .int32(let v): hasher.combine(v)
    case .int64(let v): hasher.combine(v)
    case .largeInt(let s): hasher.combine(s)
    case .float64(let d): hasher.combine(d.isNaN ? Double.nan.bitPattern : d.bitPattern)
    case .string(let s): hasher.combine(s)
    case .uint8List(let l): hasher.combine(l)
    case .int32List(let l): hasher.combine(l)
    case .int64List(let l): hasher.combine(l)
    case .float32List(let l): hasher.combine(l.count)
    case .float64List(let l): hasher.combine(l.count)
    case .list(let l): hasher.combine(l)
    case .map(let m): hasher.combine(m)
    case .ext(let tag, let value):
      hasher.combine(tag)
      hasher.combine(value)
    }
  }
}

/// Byte-wise string equality (no Unicode canonical equivalence).
@inline(__always)
private func sameUTF8(_ a: String, _ b: String) -> Bool {
  a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
}

@inline(__always)
private func sameFloat(_ a: Double, _ b: Double) -> Bool {
  a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
}

@inline(__always)
private func sameFloat32(_ a: Float, _ b: Float) -> Bool {
  a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
}

// MARK: - Literals (for handlers and tests)

extension ChannelValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int) { self = .int(value) }
  public init(floatLiteral value: Double) { self = .float64(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: ChannelValue...) { self = .list(elements) }
  /// Keeps the literal's order.
  public init(dictionaryLiteral elements: (ChannelValue, ChannelValue)...) {
    self = .map(elements.map { ChannelMapEntry($0.0, $0.1) })
  }
}
