import CJansson
import FlutterCodec

/// The elements of typed lists and the numbers in them: integers, and floats that may be
/// `"NaN"`, `"Infinity"` or `"-Infinity"`.
extension JSONReader {
  /// The elements of a typed list, each read by `read` with its index on the path.
  mutating func elements<T>(
    of json: UnsafeMutablePointer<json_t>, _ tag: TypedTag,
    _ read: (JSONReader, UnsafeMutablePointer<json_t>) throws(ChannelJSONError) -> T
  ) throws(ChannelJSONError) -> [T] {
    guard hk_json_typeof(json) == JSON_ARRAY else {
      throw fail(.wrongType, "expected \(tag.expectation), not \(Self.describe(json))")
    }
    let count = json_array_size(json)
    var out: [T] = []
    out.reserveCapacity(count)
    for index in 0..<count {
      path.push(.index(index))
      out.append(try read(self, try Self.element(json, index)))
      path.pop()
    }
    return out
  }

  func integer(_ json: UnsafeMutablePointer<json_t>, _ tag: TypedTag)
    throws(ChannelJSONError) -> Int64
  {
    guard hk_json_typeof(json) == JSON_INTEGER else {
      throw fail(.wrongType, "expected an integer, not \(Self.describe(json))")
    }
    return json_integer_value(json)
  }

  /// A number (integer or real) as a Double, or one of the special strings; `nil` for anything else.
  func float(_ json: UnsafeMutablePointer<json_t>, allowingSpecials: Bool)
    throws(ChannelJSONError) -> Double?
  {
    switch hk_json_typeof(json) {
    case JSON_INTEGER: return Double(json_integer_value(json))
    case JSON_REAL: return json_real_value(json)
    case JSON_STRING where allowingSpecials:
      switch Self.string(json) {
      case "NaN": return .nan
      case "Infinity": return .infinity
      case "-Infinity": return -.infinity
      default: return nil
      }
    default: return nil
    }
  }

  /// A float list's element: a number or one of the special strings.
  func floatElement(_ json: UnsafeMutablePointer<json_t>) throws(ChannelJSONError) -> Double {
    guard let d = try float(json, allowingSpecials: true) else {
      throw fail(
        .wrongType,
        "expected a number or \"NaN\"/\"Infinity\"/\"-Infinity\", not \(Self.describe(json))"
      )
    }
    return d
  }
}
