import Foundation

/// Messages as UTF-8 JSON (Dart: `JSONMessageCodec`), through `JSONSerialization`; a top-level
/// string, number, boolean or null travels as its JSON fragment.
open class FlutterJSONMessageCodec: NSObject, FlutterMessageCodec {
  public required override init() {
    super.init()
  }

  open class func sharedInstance() -> Self {
    FlutterSharedCodecs.instance(of: self) { self.init() }
  }

  /// The JSON text of `message`, or `nil` for `nil`; a value JSON cannot hold is reported (iOS
  /// asserts) and encodes to `nil`.
  open func encode(_ message: Any?) -> Data? {
    guard let message = FlutterValueShapes.unwrap(message) else { return nil }
    let object = FlutterJSONValues.foundationObject(message)
    let isContainer = object is [Any] || object is [String: Any]
    let wrapped: Any = isContainer ? object : [object]
    guard JSONSerialization.isValidJSONObject(wrapped),
      let encoded = try? JSONSerialization.data(withJSONObject: wrapped)
    else {
      FlutterDiagnostics.report("Invalid JSON message, encoding failed: \(message)")
      return nil
    }
    return isContainer ? encoded : encoded.subdata(in: 1..<(encoded.count - 1))
  }

  /// The value of a JSON text, or `nil` for an empty or invalid one (reported).
  open func decode(_ message: Data?) -> Any? {
    guard let message, let first = message.first else { return nil }
    let isSimple = first != UInt8(ascii: "{") && first != UInt8(ascii: "[")
    let text = isSimple ? Data("[".utf8) + message + Data("]".utf8) : message
    guard let decoded = try? JSONSerialization.jsonObject(with: text, options: [.mutableContainers])
    else {
      FlutterDiagnostics.report("Invalid JSON message, decoding failed")
      return nil
    }
    if isSimple { return (decoded as? NSArray)?.firstObject }
    return decoded
  }
}

/// Method calls as JSON (Dart: `JSONMethodCodec`): `{"method": …, "args": …}`, a success
/// envelope `[result]`, an error envelope `[code, message, details]`.
open class FlutterJSONMethodCodec: NSObject, FlutterMethodCodec {
  public required override init() {
    super.init()
  }

  open class func sharedInstance() -> Self {
    FlutterSharedCodecs.instance(of: self) { self.init() }
  }

  private var json: FlutterJSONMessageCodec { FlutterJSONMessageCodec.sharedInstance() }

  open func encode(_ methodCall: FlutterMethodCall) -> Data {
    let call: [String: Any] = [
      "method": methodCall.method, "args": methodCall.arguments ?? NSNull(),
    ]
    return json.encode(call) ?? Data()
  }

  open func decodeMethodCall(_ methodCall: Data) -> FlutterMethodCall {
    let dictionary = json.decode(methodCall) as? NSDictionary
    let method = dictionary?["method"] as? String
    if method == nil { FlutterDiagnostics.report("Invalid JSON method call") }
    return FlutterMethodCall(
      methodName: method ?? "", arguments: FlutterJSONValues.unwrapNull(dictionary?["args"]))
  }

  open func encodeSuccessEnvelope(_ result: Any?) -> Data {
    json.encode([result ?? NSNull()]) ?? Data()
  }

  open func encodeErrorEnvelope(_ error: FlutterError) -> Data {
    json.encode([error.code, error.message ?? NSNull(), error.details ?? NSNull()] as [Any])
      ?? Data()
  }

  open func decodeEnvelope(_ envelope: Data) -> Any? {
    guard let array = json.decode(envelope) as? NSArray else {
      FlutterDiagnostics.report("Invalid JSON envelope")
      return nil
    }
    if array.count == 1 { return FlutterJSONValues.unwrapNull(array[0]) }
    guard array.count == 3, let code = array[0] as? String else {
      FlutterDiagnostics.report("Invalid JSON envelope")
      return nil
    }
    return FlutterError(
      code: code, message: FlutterJSONValues.unwrapNull(array[1]) as? String,
      details: FlutterJSONValues.unwrapNull(array[2]))
  }
}

/// Swift values as `JSONSerialization` takes them.
enum FlutterJSONValues {
  static func unwrapNull(_ value: Any?) -> Any? {
    value is NSNull ? nil : value
  }

  /// `value` with optionals as `NSNull`, numbers as `NSNumber`, text as `String`, arrays and
  /// dictionaries rebuilt (keys as their text). Anything else is left as it is (and
  /// `JSONSerialization` refuses it).
  static func foundationObject(_ value: Any?) -> Any {
    guard let value = FlutterValueShapes.unwrap(value) else { return NSNull() }
    switch FlutterWrittenKind.of(value) {
    case .null: return NSNull()
    case .bool(let b): return NSNumber(value: b)
    case .int32(let n): return NSNumber(value: n)
    case .int64(let n): return NSNumber(value: n)
    case .float64(let d): return NSNumber(value: d)
    case .string(let s): return s
    case .list(let elements): return elements.map(foundationObject)
    case .map(let entries): return dictionary(entries)
    case .typedData, nil: break
    }
    if let list = value as? FlutterListValue { return list.flutterElements.map(foundationObject) }
    if let map = value as? FlutterMapValue { return dictionary(map.flutterEntries) }
    return value
  }

  private static func dictionary(_ entries: [(key: Any?, value: Any?)]) -> [String: Any] {
    var result: [String: Any] = [:]
    for entry in entries {
      result["\(entry.key.map { "\($0)" } ?? "null")"] = foundationObject(entry.value)
    }
    return result
  }
}
