import FlutterCodec

/// Equality of channel values as a Dart test's `equals` sees the decoded values (protocol/transcripts.md,
/// `--match value`):
/// - numbers are equal by value whatever their width or kind: int32, int64, a large int that fits,
///   and float64 (`100 == 100.0`, `0 == -0.0`); NaN equals NaN;
/// - maps are equal when they hold the same keys (compared the same way) with equal values,
///   whatever the order;
/// - lists are equal element by element, in order;
/// - typed lists are equal when they are the same kind with equal elements (a `Uint8List` never
///   equals a plain list or another typed list kind);
/// - everything else (null, bools, strings, extension values) by kind and contents.
public enum DartEquality {
  public static func equal(_ a: ChannelValue, _ b: ChannelValue) -> Bool {
    if let x = number(a), let y = number(b) { return x.equals(y) }
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.string(let x), .string(let y)): return x == y
    case (.uint8List(let x), .uint8List(let y)): return x == y
    case (.int32List(let x), .int32List(let y)): return x == y
    case (.int64List(let x), .int64List(let y)): return x == y
    case (.float32List(let x), .float32List(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
    case (.float64List(let x), .float64List(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
    case (.list(let x), .list(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
    case (.map(let x), .map(let y)):
      // Dart's map keeps the last value written for a key: the same keys (as many distinct ones
      // on each side, each of `x`'s found in `y`), each with an equal last value.
      let (mine, theirs) = (MapKeyIndex(x), MapKeyIndex(y))
      return mine.distinctCount == theirs.distinctCount
        && x.indices.allSatisfy { index in
          guard mine.isLast(index) else { return true }
          guard let other = theirs.value(for: x[index].key) else { return false }
          return equal(x[index].value, other)
        }
    case (.ext(let tx, let vx), .ext(let ty, let vy)): return tx == ty && equal(vx, vy)
    default: return false
    }
  }

  /// A number as Dart compares it: an exact integer or a double.
  enum Number {
    case integer(Int64)
    /// An integer beyond Int64 (from a large int), as lowercase hex without leading zeros.
    case bigInteger(String)
    case double(Double)

    func equals(_ other: Number) -> Bool {
      switch (self, other) {
      case (.integer(let x), .integer(let y)): return x == y
      case (.bigInteger(let x), .bigInteger(let y)): return x == y
      case (.double(let x), .double(let y)): return x == y || (x.isNaN && y.isNaN)
      case (.integer(let i), .double(let d)), (.double(let d), .integer(let i)):
        // Exact: only a double with an integral value in Int64's range can equal an int.
        guard let exact = Int64(exactly: d) else { return false }
        return exact == i
      default: return false
      }
    }
  }

  static func number(_ value: ChannelValue) -> Number? {
    switch value {
    case .int32(let v): return .integer(Int64(v))
    case .int64(let v): return .integer(v)
    case .float64(let v): return .double(v)
    case .largeInt(let hex): return largeInteger(hex)
    default: return nil
    }
  }

  /// A large int's hex text (optionally signed) as an Int64 when it fits, else normalized text.
  static func largeInteger(_ hex: String) -> Number {
    var digits = Substring(hex.lowercased())
    var negative = false
    if digits.first == "-" {
      negative = true
      digits = digits.dropFirst()
    }
    while digits.count > 1 && digits.first == "0" { digits = digits.dropFirst() }
    if let magnitude = UInt64(digits, radix: 16) {
      if !negative, let v = Int64(exactly: magnitude) { return .integer(v) }
      if negative && magnitude <= UInt64(Int64.max) + 1 {
        return .integer(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
      }
    }
    if digits == "0" { return .integer(0) }
    return .bigInteger((negative ? "-" : "") + digits)
  }
}
