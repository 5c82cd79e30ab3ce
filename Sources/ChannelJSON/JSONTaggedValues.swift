import CJansson
import FlutterCodec

/// The `$`-tagged values of typed JSON (protocol/typed-json.md): `$int64`, `$largeInt`,
/// `$float64`, `$uint8List`, the typed lists, `$map` and `$ext`.
extension JSONReader {
  mutating func tagged(
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
    case .int32List, .int64List, .float32List, .float64List:
      guard hk_json_typeof(json) == JSON_ARRAY else { throw wrongType }
      return try typedList(tag, .array(json))
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

  mutating func ext(
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
}
