import CJansson
import FlutterCodec

/// Turns a jansson document into a channel value, following protocol/typed-json.md; remembers where it
/// is so that errors name the JSON path.
struct JSONReader {
  private var path = JSONPath()
  /// Containers nested deeper than this are refused (``ChannelJSON/maximumDepth`` unless a
  /// caller allows for wrapper objects around the values).
  private let depthLimit: Int

  init(depthLimit: Int = ChannelJSON.maximumDepth) {
    self.depthLimit = depthLimit
  }

  /// Reads `json` (and everything under it) as one channel value.
  mutating func read(_ json: UnsafeMutablePointer<json_t>) throws(ChannelJSONError)
    -> ChannelValue
  {
    try value(json, depth: 0)
  }

  private func fail(
    _ kind: ChannelJSONError.Kind, _ message: String
  ) -> ChannelJSONError {
    ChannelJSONError(kind, path: path.text, message: message)
  }

  private mutating func value(_ json: UnsafeMutablePointer<json_t>, depth: Int)
    throws(ChannelJSONError) -> ChannelValue
  {
    switch hk_json_typeof(json) {
    case JSON_NULL: return .null
    case JSON_TRUE: return .bool(true)
    case JSON_FALSE: return .bool(false)
    case JSON_INTEGER: return .int(Int(json_integer_value(json)))
    case JSON_REAL: return .float64(json_real_value(json))
    case JSON_STRING: return .string(Self.string(json))
    case JSON_ARRAY:
      try checkDepth(depth)
      let count = json_array_size(json)
      var items: [ChannelValue] = []
      items.reserveCapacity(count)
      for index in 0..<count {
        path.push(.index(index))
        items.append(try value(try Self.element(json, index), depth: depth + 1))
        path.pop()
      }
      return .list(items)
    default:
      return try object(json, depth: depth)
    }
  }

  private func checkDepth(_ depth: Int) throws(ChannelJSONError) {
    if depth >= depthLimit {
      throw fail(
        .nestingTooDeep,
        "containers nested at most \(ChannelJSON.maximumDepth) deep (as the codec allows)")
    }
  }

  /// A `$`-tagged value or a map.
  private mutating func object(_ json: UnsafeMutablePointer<json_t>, depth: Int)
    throws(ChannelJSONError) -> ChannelValue
  {
    let members = Self.members(json)
    if members.count == 1, let tag = TypedTag(rawValue: members[0].key) {
      path.push(.key(tag.rawValue))
      defer { path.pop() }
      return try tagged(tag, members[0].value, depth: depth)
    }
    try checkDepth(depth)
    var entries: [ChannelMapEntry] = []
    entries.reserveCapacity(members.count)
    for member in members {
      path.push(.key(member.key))
      entries.append(
        ChannelMapEntry(.string(member.key), try value(member.value, depth: depth + 1)))
      path.pop()
    }
    return .map(entries)
  }

  // MARK: Tagged values

  private mutating func tagged(
    _ tag: TypedTag, _ json: UnsafeMutablePointer<json_t>, depth: Int
  ) throws(ChannelJSONError) -> ChannelValue {
    var wrongType: ChannelJSONError {
      fail(.wrongType, "expected \(tag.expectation), not \(Self.describe(json))")
    }
    switch tag {
    case .int64:
      guard hk_json_typeof(json) == JSON_INTEGER else { throw wrongType }
      return .int64(json_integer_value(json))
    case .largeInt:
      guard hk_json_typeof(json) == JSON_STRING else { throw wrongType }
      return .largeInt(Self.string(json))
    case .float64:
      guard let d = try float(json, allowingSpecials: true) else { throw wrongType }
      return .float64(d)
    case .uint8List:
      guard hk_json_typeof(json) == JSON_STRING else { throw wrongType }
      do {
        return .uint8List(try Base64.decode(Self.string(json)))
      } catch {
        throw fail(
          .invalidBase64, "at character \(error.offset) of the base64: expected \(error.reason)")
      }
    case .int32List:
      return .int32List(
        try elements(of: json, tag) { (reader, element) throws(ChannelJSONError) in
          let v = try reader.integer(element, tag)
          guard let small = Int32(exactly: v) else {
            throw reader.fail(.outOfRange, "expected an int32 (-2147483648...2147483647), not \(v)")
          }
          return small
        })
    case .int64List:
      return .int64List(
        try elements(of: json, tag) { (reader, element) throws(ChannelJSONError) in
          try reader.integer(element, tag)
        })
    case .float32List:
      return .float32List(
        try elements(of: json, tag) { (reader, element) throws(ChannelJSONError) in
          guard let d = try reader.float(element, allowingSpecials: true) else {
            throw reader.fail(
              .wrongType,
              "expected a number or \"NaN\"/\"Infinity\"/\"-Infinity\", not \(Self.describe(element))"
            )
          }
          let f = Float(d)
          if d.isFinite && !f.isFinite {
            throw reader.fail(
              .outOfRange,
              "expected a float32 (magnitude at most 3.4028235e38), not \(FloatText.double(d))")
          }
          return f
        })
    case .float64List:
      return .float64List(
        try elements(of: json, tag) { (reader, element) throws(ChannelJSONError) in
          guard let d = try reader.float(element, allowingSpecials: true) else {
            throw reader.fail(
              .wrongType,
              "expected a number or \"NaN\"/\"Infinity\"/\"-Infinity\", not \(Self.describe(element))"
            )
          }
          return d
        })
    case .map:
      guard hk_json_typeof(json) == JSON_ARRAY else { throw wrongType }
      try checkDepth(depth)
      let count = json_array_size(json)
      var entries: [ChannelMapEntry] = []
      entries.reserveCapacity(count)
      for index in 0..<count {
        path.push(.index(index))
        let pair = try Self.element(json, index)
        guard hk_json_typeof(pair) == JSON_ARRAY, json_array_size(pair) == 2 else {
          throw fail(.wrongType, "expected a [key, value] pair, not \(Self.describe(pair))")
        }
        path.push(.index(0))
        let key = try value(try Self.element(pair, 0), depth: depth + 1)
        path.pop()
        path.push(.index(1))
        let item = try value(try Self.element(pair, 1), depth: depth + 1)
        path.pop()
        entries.append(ChannelMapEntry(key, item))
        path.pop()
      }
      return .map(entries)
    case .ext:
      return try ext(json, depth: depth, wrongType: wrongType)
    }
  }

  private mutating func ext(
    _ json: UnsafeMutablePointer<json_t>, depth: Int, wrongType: ChannelJSONError
  ) throws(ChannelJSONError) -> ChannelValue {
    guard hk_json_typeof(json) == JSON_OBJECT else { throw wrongType }
    try checkDepth(depth)
    var tagJSON: UnsafeMutablePointer<json_t>?
    var valueJSON: UnsafeMutablePointer<json_t>?
    for member in Self.members(json) {
      switch member.key {
      case "tag": tagJSON = member.value
      case "value": valueJSON = member.value
      default:
        var keyText = ""
        JSONWriter.appendString(member.key, to: &keyText)
        throw fail(.wrongType, "expected only the keys \"tag\" and \"value\", not \(keyText)")
      }
    }
    guard let tagJSON, let valueJSON else {
      throw fail(
        .wrongType,
        "expected both \"tag\" (128...255) and \"value\", but \"\(tagJSON == nil ? "tag" : "value")\" is missing"
      )
    }
    path.push(.key("tag"))
    guard hk_json_typeof(tagJSON) == JSON_INTEGER else {
      throw fail(.wrongType, "expected an integer 128...255, not \(Self.describe(tagJSON))")
    }
    let tag = json_integer_value(tagJSON)
    guard (128...255).contains(tag) else {
      throw fail(
        .outOfRange,
        "expected an extension tag 128...255 (0–127 are the standard types), not \(tag)")
    }
    path.pop()
    path.push(.key("value"))
    let inner = try value(valueJSON, depth: depth + 1)
    path.pop()
    return .ext(tag: UInt8(tag), value: inner)
  }

  /// The elements of a typed list, each read by `read` with its index on the path.
  private mutating func elements<T>(
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

  private func integer(_ json: UnsafeMutablePointer<json_t>, _ tag: TypedTag)
    throws(ChannelJSONError) -> Int64
  {
    guard hk_json_typeof(json) == JSON_INTEGER else {
      throw fail(.wrongType, "expected an integer, not \(Self.describe(json))")
    }
    return json_integer_value(json)
  }

  /// A number (integer or real) as a Double, or one of the special strings; `nil` for anything else.
  private func float(_ json: UnsafeMutablePointer<json_t>, allowingSpecials: Bool)
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

  // MARK: jansson access

  /// Element `index` of an array whose size was checked.
  private static func element(_ array: UnsafeMutablePointer<json_t>, _ index: Int)
    throws(ChannelJSONError) -> UnsafeMutablePointer<json_t>
  {
    guard let item = json_array_get(array, index) else {
      throw ChannelJSONError(.syntax, path: "$", message: "jansson lost array element \(index)")
    }
    return item
  }

  private static func string(_ json: UnsafeMutablePointer<json_t>) -> String {
    guard let chars = json_string_value(json) else { return "" }
    let bytes = UnsafeRawPointer(chars).assumingMemoryBound(to: UInt8.self)
    // jansson has already checked the UTF-8.
    return String(
      decoding: UnsafeBufferPointer(start: bytes, count: json_string_length(json)), as: UTF8.self)
  }

  private static func members(_ json: UnsafeMutablePointer<json_t>)
    -> [(key: String, value: UnsafeMutablePointer<json_t>)]
  {
    var out: [(key: String, value: UnsafeMutablePointer<json_t>)] = []
    out.reserveCapacity(json_object_size(json))
    var iterator = json_object_iter(json)
    while let current = iterator {
      if let keyChars = json_object_iter_key(current), let item = json_object_iter_value(current) {
        let bytes = UnsafeRawPointer(keyChars).assumingMemoryBound(to: UInt8.self)
        let key = String(
          decoding: UnsafeBufferPointer(start: bytes, count: json_object_iter_key_len(current)),
          as: UTF8.self)
        out.append((key, item))
      }
      iterator = json_object_iter_next(json, current)
    }
    return out
  }

  /// A short description of a JSON value for error messages.
  static func describe(_ json: UnsafeMutablePointer<json_t>) -> String {
    switch hk_json_typeof(json) {
    case JSON_NULL: return "null"
    case JSON_TRUE: return "true"
    case JSON_FALSE: return "false"
    case JSON_INTEGER: return "the integer \(json_integer_value(json))"
    case JSON_REAL: return "the number \(FloatText.double(json_real_value(json)))"
    case JSON_STRING:
      var text = ""
      let s = string(json)
      JSONWriter.appendString(s.count > 40 ? String(s.prefix(40)) + "…" : s, to: &text)
      return "the string \(text)"
    case JSON_ARRAY: return "an array"
    default: return "an object"
    }
  }
}
