import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// How the plugin's host reads a call: `call.arguments as? [String: Any]` (a map, else
/// "Error call arguments."), then `as?` casts per key (a failed cast is "Error in parsing
/// arguments." naming the arguments as Swift prints them).
struct ReporterArguments {
  let value: ChannelValue
  let map: CastArguments

  /// The arguments when they are a map; else the host's `throwNoArgumentsError`.
  init(_ value: ChannelValue) throws {
    guard case .map = value else { throw ReporterError.noArguments }
    self.value = value
    self.map = CastArguments(value)
  }

  /// `as? String`, or the parsing error.
  func string(_ key: String) throws -> String {
    guard let text = map.string(key) else { throw parsingError }
    return text
  }

  /// `as? Double` (an `NSNumber`: any number), or the parsing error.
  func number(_ key: String) throws -> Double {
    guard let number = map.number(key) else { throw parsingError }
    return number
  }

  var parsingError: ReporterError { .parsingArguments(Self.swiftDescription(value)) }

  /// The predicate `startTimestamp`/`endTimestamp` (Dart's milliseconds), as whole
  /// milliseconds of the store.
  func range() throws -> ClosedRange<Int> {
    let start = HostDate.milliseconds(try number("startTimestamp"))
    let end = HostDate.milliseconds(try number("endTimestamp"))
    return min(start, end)...max(start, end)
  }

  /// `String(describing:)` of the bridged value, as the error details print it: a Swift
  /// dictionary `["key": value]`, an array `[a, b]`, strings quoted, `NSNull` as `<null>`.
  static func swiftDescription(_ value: ChannelValue) -> String {
    switch value {
    case .null: return "<null>"
    case .bool(let flag): return flag ? "1" : "0"
    case .string(let text): return "\"\(text)\""
    case .float64(let number): return number.description
    case .list(let items): return "[" + items.map(swiftDescription).joined(separator: ", ") + "]"
    case .map(let entries):
      guard !entries.isEmpty else { return "[:]" }
      return "["
        + entries.map { swiftDescription($0.key) + ": " + swiftDescription($0.value) }
        .joined(separator: ", ") + "]"
    default:
      if let number = value.intValue { return String(number) }
      return value.typeName
    }
  }
}

/// The HealthKit object types the plugin resolves identifiers to (`ObjectType.make`): only
/// identifiers of types the emulated iOS version has.
enum ReporterTypes {
  static func info(_ identifier: String, store: HealthStore) -> TypeInfo? {
    guard let info = Catalogue.info(identifier), info.isAvailable(on: store.deviceOSVersion)
    else { return nil }
    return info
  }

  /// `identifier.objectType as? SampleType`.
  static func sampleType(_ identifier: String, store: HealthStore) -> TypeInfo? {
    info(identifier, store: store).flatMap { $0.typeClass.isSampleType ? $0 : nil }
  }

  static func ofClass(_ typeClass: TypeClass, _ identifier: String, store: HealthStore)
    -> TypeInfo?
  {
    info(identifier, store: store).flatMap { $0.typeClass == typeClass ? $0 : nil }
  }
}
