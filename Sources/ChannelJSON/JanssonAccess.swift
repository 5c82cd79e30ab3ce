import CJansson

/// jansson's values as the reader needs them: an array's element, a string, an object's members,
/// and a short description for error messages.
extension JSONReader {
  /// Element `index` of an array whose size was checked.
  static func element(_ array: UnsafeMutablePointer<json_t>, _ index: Int)
    throws(ChannelJSONError) -> UnsafeMutablePointer<json_t>
  {
    guard let item = json_array_get(array, index) else {
      throw ChannelJSONError(.syntax, path: "$", message: "jansson lost array element \(index)")
    }
    return item
  }

  static func string(_ json: UnsafeMutablePointer<json_t>) -> String {
    guard let chars = json_string_value(json) else { return "" }
    let bytes = UnsafeRawPointer(chars).assumingMemoryBound(to: UInt8.self)
    // jansson has already checked the UTF-8.
    return String(
      decoding: UnsafeBufferPointer(start: bytes, count: json_string_length(json)), as: UTF8.self)
  }

  static func members(_ json: UnsafeMutablePointer<json_t>)
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
