import Foundation

/// Swift containers seen through `Any`: an optional, an array, a dictionary, each enumerated in
/// its own order, so that values written from Swift keep the order Swift holds them in.
protocol FlutterOptionalValue {
  /// The wrapped value, `nil` for `.none`, unwrapping nested optionals.
  var flutterUnwrapped: Any? { get }
}

extension Optional: FlutterOptionalValue {
  var flutterUnwrapped: Any? {
    switch self {
    case .none: return nil
    case .some(let wrapped):
      return FlutterValueShapes.unwrap(wrapped)
    }
  }
}

protocol FlutterListValue {
  var flutterElements: [Any?] { get }
}

extension Array: FlutterListValue {
  var flutterElements: [Any?] { map { FlutterValueShapes.unwrap($0) } }
}

extension ArraySlice: FlutterListValue {
  var flutterElements: [Any?] { map { FlutterValueShapes.unwrap($0) } }
}

protocol FlutterMapValue {
  var flutterEntries: [(key: Any?, value: Any?)] { get }
}

extension Dictionary: FlutterMapValue {
  var flutterEntries: [(key: Any?, value: Any?)] {
    map { (key: FlutterValueShapes.unwrap($0.key), value: FlutterValueShapes.unwrap($0.value)) }
  }
}

enum FlutterValueShapes {
  /// `value` without any `Optional` or `AnyHashable` around it; `nil` for a boxed `.none`.
  static func unwrap(_ value: Any?) -> Any? {
    guard let value else { return nil }
    if let optional = value as? FlutterOptionalValue { return unwrap(optional.flutterUnwrapped) }
    if let hashable = value as? AnyHashable, type(of: value) == AnyHashable.self {
      return unwrap(hashable.base)
    }
    return value
  }

  /// Whether `value` is an `Optional` or an `AnyHashable` around another value.
  static func isWrapper(_ value: Any) -> Bool {
    value is FlutterOptionalValue || type(of: value) == AnyHashable.self
  }
}

/// Deep equality of two values as `isEqual:` sees them on iOS (used by `FlutterError` and
/// `FlutterMethodCall` equality).
enum FlutterValueEquality {
  static func equal(_ lhs: Any?, _ rhs: Any?) -> Bool {
    let left = FlutterValueShapes.unwrap(lhs)
    let right = FlutterValueShapes.unwrap(rhs)
    switch (left, right) {
    case (nil, nil): return true
    case (nil, _), (_, nil): return false
    case (let l?, let r?):
      if let l = l as? NSObject, let r = r as? NSObject { return l.isEqual(r) }
      return false
    }
  }
}
