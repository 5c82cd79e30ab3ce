import Foundation

/// What the standard writer writes for one Swift value, decided the way iOS's writer decides
/// after Swift bridged the value to Objective-C.
enum FlutterWrittenKind {
  case null
  case bool(Bool)
  case int32(Int32)
  case int64(Int64)
  case float64(Double)
  case string(String)
  case typedData(FlutterStandardTypedData)
  case list([Any?])
  case map([(key: Any?, value: Any?)])
}

extension FlutterWrittenKind {
  /// The kind of `value`, or `nil` when it is a Swift array or dictionary (enumerated by the
  /// writer in its own order) or a value the codec cannot write.
  ///
  /// Swift's own scalar types are matched by their exact type first: on Linux a small integer
  /// bridged to `NSNumber` forgets its width, and an `NSNumber` of 0 or 1 casts to `Bool`.
  static func of(_ value: Any) -> FlutterWrittenKind? {
    if let convert = swiftScalars[ObjectIdentifier(type(of: value))] {
      return convert(value)
    }
    return objectKind(value)
  }

  /// Swift scalar types, by exact type, as iOS writes them once bridged to `NSNumber`: 8-byte
  /// integers (and `UInt32`, which `NSNumber` holds in 8 bytes) → int64, smaller ones → int32,
  /// floating point → float64, `Bool` → true/false.
  private static let swiftScalars: [ObjectIdentifier: @Sendable (Any) -> FlutterWrittenKind?] = [
    ObjectIdentifier(Bool.self): { .bool($0 as! Bool) },
    ObjectIdentifier(Int.self): { .int64(Int64($0 as! Int)) },
    ObjectIdentifier(Int64.self): { .int64($0 as! Int64) },
    ObjectIdentifier(UInt.self): { unsignedWide(UInt64($0 as! UInt)) },
    ObjectIdentifier(UInt64.self): { unsignedWide($0 as! UInt64) },
    ObjectIdentifier(UInt32.self): { .int64(Int64($0 as! UInt32)) },
    ObjectIdentifier(Int32.self): { .int32($0 as! Int32) },
    ObjectIdentifier(Int16.self): { .int32(Int32($0 as! Int16)) },
    ObjectIdentifier(Int8.self): { .int32(Int32($0 as! Int8)) },
    ObjectIdentifier(UInt16.self): { .int32(Int32($0 as! UInt16)) },
    ObjectIdentifier(UInt8.self): { .int32(Int32($0 as! UInt8)) },
    ObjectIdentifier(Double.self): { .float64($0 as! Double) },
    ObjectIdentifier(Float.self): { .float64(Double($0 as! Float)) },
    ObjectIdentifier(CGFloat.self): { .float64(Double($0 as! CGFloat)) },
    // iOS bridges a Decimal to an NSDecimalNumber, a floating-point NSNumber.
    ObjectIdentifier(Decimal.self): {
      .float64(NSDecimalNumber(decimal: $0 as! Decimal).doubleValue)
    },
    ObjectIdentifier(String.self): { .string($0 as! String) },
    ObjectIdentifier(Substring.self): { .string(String($0 as! Substring)) },
    ObjectIdentifier(Data.self): { .typedData(FlutterStandardTypedData(bytes: $0 as! Data)) },
  ]

  /// An unsigned 64-bit value: int64 when it fits; iOS keeps a larger one in a 16-byte number the
  /// writer refuses.
  private static func unsignedWide(_ value: UInt64) -> FlutterWrittenKind? {
    guard let signed = Int64(exactly: value) else { return nil }
    return .int64(signed)
  }

  /// Objective-C objects (and values only Foundation knows): `NSNull`, `NSNumber`, `NSString`,
  /// `FlutterStandardTypedData`, `NSData`, `NSArray`, `NSDictionary`.
  private static func objectKind(_ value: Any) -> FlutterWrittenKind? {
    guard let object = value as? NSObject, type(of: value) is AnyClass else { return nil }
    switch object {
    case is NSNull: return .null
    case let number as NSNumber: return numberKind(number)
    case let string as NSString: return .string(string as String)
    case let typed as FlutterStandardTypedData: return .typedData(typed)
    case let data as NSData: return .typedData(FlutterStandardTypedData(bytes: data as Data))
    case let array as NSArray: return .list(array.map { FlutterValueShapes.unwrap($0) })
    case let dictionary as NSDictionary:
      var entries: [(key: Any?, value: Any?)] = []
      dictionary.enumerateKeysAndObjects { key, value, _ in entries.append((key, value)) }
      return .map(entries)
    default: return nil
    }
  }

  /// An `NSNumber` by what it holds: a boolean → true/false, a floating-point number → float64, an
  /// integer → int32 when Foundation holds it in 4 bytes or fewer, else int64.
  ///
  /// On Linux Foundation holds every integer that fits in 32 bits in 4 bytes, so an `NSNumber`
  /// made from a small Swift `Int` is written as int32 (iOS: int64).
  private static func numberKind(_ number: NSNumber) -> FlutterWrittenKind? {
    if type(of: number) == booleanClass { return .bool(number.boolValue) }
    let code = String(cString: number.objCType)
    if code == "f" || code == "d" { return .float64(number.doubleValue) }
    if narrowIntegerCodes.contains(code) { return .int32(number.int32Value) }
    if code == "Q" || code == "L" {
      return unsignedWide(number.uint64Value)
    }
    return .int64(number.int64Value)
  }

  private static let narrowIntegerCodes: Set<String> = ["c", "C", "s", "S", "i"]
  private static let booleanClass: AnyClass = type(of: NSNumber(value: true))
}
