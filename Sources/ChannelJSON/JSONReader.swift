import CJansson
import FlutterCodec

/// Turns a jansson document into a channel value, following protocol/typed-json.md; remembers where it
/// is so that errors name the JSON path. This file walks plain values, arrays and maps; `$`-tagged
/// values are read in JSONTaggedValues.swift, typed lists' elements in JSONTypedLists.swift,
/// jansson's values in JanssonAccess.swift.
struct JSONReader {
  var path = JSONPath()
  /// Containers nested deeper than this are refused (``ChannelJSON/maximumDepth`` unless a
  /// caller allows for wrapper objects around the values).
  private let depthLimit: Int

  /// The whole text, when a long one is read in pieces (JSONPieces.swift); empty otherwise.
  let text: UnsafeBufferPointer<UInt8>

  init(
    depthLimit: Int = ChannelJSON.maximumDepth,
    text: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0)
  ) {
    self.depthLimit = depthLimit
    self.text = text
  }

  /// Reads `json` (and everything under it) as one channel value.
  mutating func read(_ json: UnsafeMutablePointer<json_t>) throws(ChannelJSONError)
    -> ChannelValue
  {
    try value(json, depth: 0)
  }

  func fail(
    _ kind: ChannelJSONError.Kind, _ message: String
  ) -> ChannelJSONError {
    ChannelJSONError(kind, path: path.text, message: message)
  }

  mutating func value(_ json: UnsafeMutablePointer<json_t>, depth: Int)
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
      return .list(
        try elements(of: .array(json)) {
          (reader: inout JSONReader, item) throws(ChannelJSONError) in
          try reader.value(item, depth: depth + 1)
        })
    default:
      return try object(json, depth: depth)
    }
  }

  func checkDepth(_ depth: Int) throws(ChannelJSONError) {
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
}
