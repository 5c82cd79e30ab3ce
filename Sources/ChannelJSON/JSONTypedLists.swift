import CJansson
import FlutterCodec

/// The elements of typed lists and the numbers in them: integers, and floats that may be
/// `"NaN"`, `"Infinity"` or `"-Infinity"`.
extension JSONReader {
  /// A typed list (`tag` one of the four list tags) from a jansson array or a long text's
  /// array read in pieces.
  mutating func typedList(_ tag: TypedTag, _ source: JSONElements)
    throws(ChannelJSONError) -> ChannelValue
  {
    switch tag {
    case .int32List:
      return .int32List(
        try elements(of: source) { (reader: inout JSONReader, item) throws(ChannelJSONError) in
          try reader.int32Element(item)
        })
    case .int64List:
      return .int64List(
        try elements(of: source) { (reader: inout JSONReader, item) throws(ChannelJSONError) in
          try reader.integer(item)
        })
    case .float32List:
      return .float32List(
        try elements(of: source) { (reader: inout JSONReader, item) throws(ChannelJSONError) in
          try reader.float32Element(item)
        })
    default:
      return .float64List(
        try elements(of: source) { (reader: inout JSONReader, item) throws(ChannelJSONError) in
          try reader.floatElement(item)
        })
    }
  }

  /// The elements of an array, each read by `read` with its index on the path; in a long text,
  /// `long` reads the elements that are long texts themselves (else they are read like any other).
  mutating func elements<T>(
    of source: JSONElements,
    long: ((inout JSONReader, Range<Int>) throws(ChannelJSONError) -> T)? = nil,
    _ read: (inout JSONReader, UnsafeMutablePointer<json_t>) throws(ChannelJSONError) -> T
  ) throws(ChannelJSONError) -> [T] {
    var out: [T] = []
    switch source {
    case .array(let json):
      out.reserveCapacity(json_array_size(json))
      try append(json, to: &out, read)
    case .text(let range):
      try appendPieces(range, to: &out, long: long, read)
    }
    return out
  }

  /// Appends the elements of the jansson array `json` to `out`, their indexes on the path
  /// counted from `out.count`.
  mutating func append<T>(
    _ json: UnsafeMutablePointer<json_t>, to out: inout [T],
    _ read: (inout JSONReader, UnsafeMutablePointer<json_t>) throws(ChannelJSONError) -> T
  ) throws(ChannelJSONError) {
    for index in 0..<json_array_size(json) {
      path.push(.index(out.count))
      out.append(try read(&self, try Self.element(json, index)))
      path.pop()
    }
  }

  func int32Element(_ json: UnsafeMutablePointer<json_t>) throws(ChannelJSONError) -> Int32 {
    let v = try integer(json)
    guard let small = Int32(exactly: v) else {
      throw fail(.outOfRange, "expected an int32 (-2147483648...2147483647), not \(v)")
    }
    return small
  }

  func float32Element(_ json: UnsafeMutablePointer<json_t>) throws(ChannelJSONError) -> Float {
    let d = try floatElement(json)
    let f = Float(d)
    if d.isFinite && !f.isFinite {
      throw fail(
        .outOfRange,
        "expected a float32 (magnitude at most 3.4028235e38), not \(FloatText.double(d))")
    }
    return f
  }

  func integer(_ json: UnsafeMutablePointer<json_t>) throws(ChannelJSONError) -> Int64 {
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
