import FlutterCodec
import HealthKitModel
import HealthStore

/// Typed access to a method's arguments map (or to a map nested in it), with every failure an
/// `INVALID_ARGUMENTS` error that names the field in `details.field`.
///
/// Rules shared by every method:
/// - the arguments are a map with string keys; a key the method does not take is refused
///   (``rejectUnknownFields(allowed:)``); a method that takes no arguments accepts `null`;
/// - a required field that is missing or `null` is "missing"; an optional field that is `null`
///   counts as absent (Dart passes `null` for optional parameters left out);
/// - integers are int32 or int64 values; numbers (for values) are int32, int64 or float64;
/// - nested fields are named by their path: `records[2].unit`, `overrides.HKQuantity….read`.
public struct Arguments {
  /// The map (or `null`/other value, reported when a field is asked for).
  public let value: ChannelValue
  /// Path of this map inside the call's arguments; empty for the arguments themselves.
  public var path: String { nestedPath ?? "" }
  /// The path of a nested map; `nil` for the arguments themselves (an absent string costs
  /// nothing to copy or drop: a call's context holds one).
  private let nestedPath: String?

  public init(_ value: ChannelValue, path: String = "") {
    self.value = value
    self.nestedPath = path.isEmpty ? nil : path
  }

  /// The arguments of a call themselves (no path).
  @inline(__always)
  public init(_ value: ChannelValue) {
    self.value = value
    self.nestedPath = nil
  }

  /// The full name of `name` for `details.field`.
  public func fieldName(_ name: String) -> String {
    nestedPath.map { "\($0).\(name)" } ?? name
  }

  /// The name used for this map itself in errors.
  var ownName: String { nestedPath ?? "args" }

  /// The entries of this map; an error when it is not a map (a `null` map has no entries).
  public func entries() throws(ArgumentError) -> [ChannelMapEntry] {
    switch value {
    case .map(let entries): return entries
    case .null: return []
    default:
      throw ArgumentError(
        field: ownName, "\(ownName) must be a map of named fields, not \(value.typeName)")
    }
  }

  /// The value of field `name`, `nil` when absent or `null`.
  public func optionalValue(_ name: String) throws(ArgumentError) -> ChannelValue? {
    let all = try entries()
    for entry in all.reversed() {
      if case .string(let key) = entry.key, key == name {
        // Not a ternary: `nil` there would become the channel value `.null`.
        if entry.value.isNull { return Optional.none }
        return entry.value
      }
    }
    return nil
  }

  /// The value of field `name`; missing or `null` is an error.
  public func requiredValue(_ name: String, expected: String) throws(ArgumentError) -> ChannelValue
  {
    guard let found = try optionalValue(name) else {
      throw ArgumentError(
        field: fieldName(name), "missing required field '\(fieldName(name))' (\(expected))")
    }
    return found
  }

  package func wrongType(_ name: String, _ found: ChannelValue, expected: String) -> ArgumentError {
    ArgumentError(
      field: fieldName(name),
      "field '\(fieldName(name))' must be \(expected), not \(found.typeName)")
  }

  // MARK: Strings

  public func string(_ name: String) throws(ArgumentError) -> String {
    let found = try requiredValue(name, expected: "a string")
    guard let string = found.stringValue else { throw wrongType(name, found, expected: "a string") }
    return string
  }

  public func optionalString(_ name: String) throws(ArgumentError) -> String? {
    guard let found = try optionalValue(name) else { return nil }
    guard let string = found.stringValue else { throw wrongType(name, found, expected: "a string") }
    return string
  }

  // MARK: Bools

  public func bool(_ name: String) throws(ArgumentError) -> Bool {
    let found = try requiredValue(name, expected: "true or false")
    guard let bool = found.boolValue else { throw wrongType(name, found, expected: "a bool") }
    return bool
  }

  public func optionalBool(_ name: String) throws(ArgumentError) -> Bool? {
    guard let found = try optionalValue(name) else { return nil }
    guard let bool = found.boolValue else { throw wrongType(name, found, expected: "a bool") }
    return bool
  }

  // MARK: Integers

  public func int(_ name: String) throws(ArgumentError) -> Int {
    let found = try requiredValue(name, expected: "an integer")
    guard let int = found.intValue else { throw wrongType(name, found, expected: "an integer") }
    return int
  }

  public func optionalInt(_ name: String) throws(ArgumentError) -> Int? {
    guard let found = try optionalValue(name) else { return nil }
    guard let int = found.intValue else { throw wrongType(name, found, expected: "an integer") }
    return int
  }

  // MARK: Numbers

  /// An int or a float64, as a Double.
  public func number(_ name: String) throws(ArgumentError) -> Double {
    let found = try requiredValue(name, expected: "a number")
    guard let number = found.doubleValue else {
      throw wrongType(name, found, expected: "a number")
    }
    return number
  }

  public func optionalNumber(_ name: String) throws(ArgumentError) -> Double? {
    guard let found = try optionalValue(name) else { return nil }
    guard let number = found.doubleValue else {
      throw wrongType(name, found, expected: "a number")
    }
    return number
  }

  // MARK: Lists

  public func list(_ name: String) throws(ArgumentError) -> [ChannelValue] {
    let found = try requiredValue(name, expected: "a list")
    guard let list = found.listValue else { throw wrongType(name, found, expected: "a list") }
    return list
  }

  public func optionalList(_ name: String) throws(ArgumentError) -> [ChannelValue]? {
    guard let found = try optionalValue(name) else { return nil }
    guard let list = found.listValue else { throw wrongType(name, found, expected: "a list") }
    return list
  }

  /// A list whose every element is a string; a wrong element names its index
  /// (`identifiers[2]`).
  public func stringList(_ name: String) throws(ArgumentError) -> [String] {
    try strings(in: list(name), name: name)
  }

  private func strings(in list: [ChannelValue], name: String) throws(ArgumentError) -> [String] {
    try elements(of: list, name: name, each: "a string") { $0.stringValue }
  }

  /// The elements of the list argument `name`, each converted by `convert`; an element it
  /// refuses is an error naming it (`name[2]`) and what it must be (`kind`: "a number").
  public func elements<T>(
    of list: [ChannelValue], name: String, each kind: String, _ convert: (ChannelValue) -> T?
  ) throws(ArgumentError) -> [T] {
    var result: [T] = []
    result.reserveCapacity(list.count)
    for (index, element) in list.enumerated() {
      guard let converted = convert(element) else {
        throw ArgumentError(
          field: "\(fieldName(name))[\(index)]",
          "element \(index) of '\(fieldName(name))' must be \(kind), not \(element.typeName)")
      }
      result.append(converted)
    }
    return result
  }

  // MARK: Maps

  /// A nested map, as `Arguments` whose fields are named under this one.
  public func map(_ name: String) throws(ArgumentError) -> Arguments {
    let found = try requiredValue(name, expected: "a map")
    guard case .map = found else { throw wrongType(name, found, expected: "a map") }
    return Arguments(found, path: fieldName(name))
  }

  public func optionalMap(_ name: String) throws(ArgumentError) -> Arguments? {
    guard let found = try optionalValue(name) else { return nil }
    guard case .map = found else { throw wrongType(name, found, expected: "a map") }
    return Arguments(found, path: fieldName(name))
  }

  /// Element `index` of a list field as nested `Arguments` (`records[2]`), which must be a map.
  public func element(_ value: ChannelValue, of name: String, at index: Int) throws(ArgumentError)
    -> Arguments
  {
    let path = "\(fieldName(name))[\(index)]"
    guard case .map = value else {
      throw ArgumentError(
        field: path, "element \(index) of '\(fieldName(name))' must be a map, not \(value.typeName)"
      )
    }
    return Arguments(value, path: path)
  }

  /// The string keys of this map in order; a key that is not a string is an error.
  public func keys() throws(ArgumentError) -> [String] {
    var keys: [String] = []
    for entry in try entries() {
      guard let key = entry.key.stringValue else {
        throw ArgumentError(
          field: ownName, "the keys of \(ownName) must be strings, not \(entry.key.typeName)")
      }
      keys.append(key)
    }
    return keys
  }

  // MARK: Choices

  /// A string field that must be one of `choices`.
  public func choice(_ name: String, of choices: [String]) throws(ArgumentError) -> String {
    let string = try string(name)
    try check(name, string, in: choices)
    return string
  }

  public func optionalChoice(_ name: String, of choices: [String]) throws(ArgumentError) -> String?
  {
    guard let string = try optionalString(name) else { return nil }
    try check(name, string, in: choices)
    return string
  }

  private func check(_ name: String, _ string: String, in choices: [String]) throws(ArgumentError) {
    guard choices.contains(string) else {
      let quoted = choices.map { "\"\($0)\"" }.joined(separator: ", ")
      throw ArgumentError(
        field: fieldName(name),
        "field '\(fieldName(name))' is \"\(string)\"; expected one of \(quoted)")
    }
  }
}

extension Arguments {
  /// The one check of unknown keys, used by every method (its table row's `takes:` list) and
  /// every nested map with a fixed set of keys: a key not in `allowed` is `INVALID_ARGUMENTS`
  /// with `details.field` (its path) and, when a known key is near, `details.didYouMean`. A key
  /// whose value is `null` counts as left out (Dart sends `null` for optional parameters), so it
  /// is not refused. A method that takes nothing accepts `null` or an empty map.
  public func rejectUnknownFields(allowed: [String]) throws(ArgumentError) {
    if value.isNull { return }
    var isMap = false
    if case .map = value { isMap = true }
    if allowed.isEmpty, !value.isNull, !isMap {
      throw ArgumentError(
        field: ownName, "this method takes no arguments; send null, not \(value.typeName)")
    }
    let all = try entries()
    for (key, entry) in zip(try keys(), all) where !allowed.contains(key) && !entry.value.isNull {
      throw unknownField(key, allowed: allowed)
    }
  }

  /// The error for the unknown key `key`.
  func unknownField(_ key: String, allowed: [String]) -> ArgumentError {
    let path = fieldName(key)
    guard let meant = NearestName.find(key, among: allowed) else {
      let list = allowed.isEmpty ? "no arguments" : allowed.joined(separator: ", ")
      let taker = path == key ? "this method" : "'\(ownName)'"
      return ArgumentError(field: path, "unknown argument '\(path)'; \(taker) takes \(list)")
    }
    var error = ArgumentError(
      field: path, "unknown argument '\(path)' (did you mean '\(meant)'?)")
    error.didYouMean = meant
    return error
  }
}
