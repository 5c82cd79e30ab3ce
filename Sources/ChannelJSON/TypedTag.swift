/// The `$` tags of typed JSON (protocol/typed-json.md): a JSON object with exactly one key, and that key
/// one of these, is the tagged value; any other object is a map.
public enum TypedTag: String, Sendable, CaseIterable {
  case int64 = "$int64"
  case largeInt = "$largeInt"
  case float64 = "$float64"
  case uint8List = "$uint8List"
  case int32List = "$int32List"
  case int64List = "$int64List"
  case float32List = "$float32List"
  case float64List = "$float64List"
  case map = "$map"
  case ext = "$ext"

  /// What the tag's value must look like, for error messages.
  var expectation: String {
    switch self {
    case .int64: return "a JSON integer in int64 range"
    case .largeInt: return "a string of the integer's hex digits"
    case .float64: return "a number or one of the strings \"NaN\", \"Infinity\", \"-Infinity\""
    case .uint8List: return "a string of padded base64"
    case .int32List: return "an array of integers in int32 range"
    case .int64List: return "an array of integers in int64 range"
    case .float32List, .float64List:
      return "an array of numbers or the strings \"NaN\", \"Infinity\", \"-Infinity\""
    case .map: return "an array of [key, value] pairs"
    case .ext: return "an object {\"tag\": 128...255, \"value\": <value>}"
    }
  }
}
