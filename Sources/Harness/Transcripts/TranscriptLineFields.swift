import FlutterCodec

/// The pieces every kind of transcript line reads alike: an object's string-keyed fields, the
/// recorded bytes of a `…Hex` key, a `note` and a `match`.
extension TranscriptReader {
  /// `callHex`/`messageHex`/`replyHex`: hex text, or null for a null payload.
  static func recordedBytes(_ value: ChannelValue?, key: String) throws(LineError)
    -> RecordedBytes?
  {
    switch value {
    case nil: return nil
    case .null?: return .nullPayload
    case .string(let text)?:
      switch TranscriptHex.decode(text) {
      case .success(let bytes): return .bytes(bytes)
      case .failure(let error): throw LineError("\"\(key)\": \(error.message)")
      }
    case let other?:
      throw LineError(
        "\"\(key)\" must be a hex string or null (a null payload), not \(other.typeName)")
    }
  }

  /// The fields of an object with string keys, each key once.
  static func stringKeyedFields(_ value: ChannelValue, what: String) throws(LineError)
    -> [String: ChannelValue]
  {
    guard case .map(let entries) = value else {
      throw LineError("\(what) must be a JSON object, not \(value.typeName)")
    }
    var fields: [String: ChannelValue] = [:]
    for entry in entries {
      guard case .string(let key) = entry.key else {
        throw LineError("\(what) must have string keys, not \(entry.key.typeName)")
      }
      if fields[key] != nil {
        throw LineError("\(what) has the key \"\(key)\" twice")
      }
      fields[key] = entry.value
    }
    return fields
  }

  /// A line's `"note"`: a string.
  static func lineNote(_ value: ChannelValue) throws(LineError) -> String {
    guard case .string(let text) = value else {
      throw LineError("\"note\" must be a string, not \(value.typeName)")
    }
    return text
  }

  /// A line's `"match"` (protocol/matchers.md).
  static func lineMatchers(_ value: ChannelValue) throws(LineError) -> ValueMatchers {
    switch ValueMatchers.parse(value) {
    case .success(let m): return m
    case .failure(let e): throw LineError(e.message)
    }
  }
}
