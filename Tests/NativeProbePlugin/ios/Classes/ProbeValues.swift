import Flutter
import Foundation

/// Which casts the arguments' values pass, as iOS hands them to Swift.
enum ProbeCasts {
  /// For each key of the argument map (sorted): the casts that succeed, in the order
  /// Int, Double, Bool, NSNumber, Int64, String, [Any], [String: Any], NSNull.
  static func describe(_ arguments: Any?) -> [Any] {
    guard let map = arguments as? [String: Any] else { return ["not a map"] }
    return map.keys.sorted().map { key -> Any in
      let value = map[key]!
      let casts: [(String, Bool)] = [
        ("Int", value is Int), ("Double", value is Double), ("Bool", value is Bool),
        ("NSNumber", value is NSNumber), ("Int64", value is Int64), ("String", value is String),
        ("Array", value is [Any]), ("Dictionary", value is [String: Any]),
        ("NSNull", value is NSNull),
      ]
      return [key, casts.filter(\.1).map(\.0).joined(separator: ",")]
    }
  }
}

/// Swift values as a plugin passes them to `result`: each encodes as iOS's writer encodes it.
enum ProbeEncodings {
  static var values: [Any] {
    [
      Int(1), Int32(2), Int64(1 << 40), Double(1.5), Float(2.5), true, "é",
      [1, 2] as [Int], ["k": "v"] as [String: String], NSNull(),
      FlutterStandardTypedData(bytes: Data([1, 2, 3])), NSNumber(value: 7),
      NSNumber(value: false), UInt8(3),
    ]
  }
}
