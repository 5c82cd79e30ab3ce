import FlutterCodec
import PluginHost

/// The positional arguments of one ConnectKit message, checked against the method's parameter
/// list: a payload that is not a Pigeon request is `MALFORMED_MESSAGE`; a list of another length
/// or an argument of another type is `INVALID_ARGUMENTS` naming the parameter (the generated
/// host would crash on both).
struct ConnectKitArguments {
  let method: String
  let parameters: [(name: String, type: String)]
  let values: [ChannelValue]

  init(method: ConnectKitProfile.Method, payload: [UInt8]?, codec: PigeonCodec)
    throws(ConnectKitError)
  {
    self.method = method.name
    self.parameters = method.parameters
    do {
      values = try codec.decodeArguments(payload)
    } catch {
      // Bytes the codec cannot read fail before any handler; a value that is not a list only
      // matters to methods with parameters (they force-cast it).
      let ignored = error.kind == .notAList && method.parameters.isEmpty
      throw .malformed("\(method.name): \(error.message)", ignored ? .ignored : .crash)
    }
    guard values.count == parameters.count else {
      let expected = parameters.map { "\($0.name) (\($0.type))" }.joined(separator: ", ")
      throw .invalidArguments(
        "\(method.name) takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s")"
          + (parameters.isEmpty ? " (an empty payload)" : ": [\(expected)]")
          + ", not \(values.count)",
        values.count > parameters.count ? .ignored : .crash)
    }
  }

  private func wrongType(_ index: Int, _ value: ChannelValue) -> ConnectKitError {
    .invalidArguments(
      "\(method) argument \(index) (\(parameters[index].name)) must be \(parameters[index].type), "
        + "not \(value.typeName)")
  }

  /// A `List<String>?`.
  func optionalStringList(_ index: Int) throws(ConnectKitError) -> [String]? {
    let value = values[index]
    if value.isNull { return nil }
    guard let strings = Self.strings(value) else { throw wrongType(index, value) }
    return strings
  }

  /// A `bool?`.
  func optionalBool(_ index: Int) throws(ConnectKitError) -> Bool? {
    let value = values[index]
    if value.isNull { return nil }
    guard let flag = value.boolValue else { throw wrongType(index, value) }
    return flag
  }

  /// A `Map<String, List<String>>?`, in the order sent; a repeated key keeps its first place and
  /// its last value (as a Swift dictionary built from those bytes holds it).
  func optionalStringListMap(_ index: Int) throws(ConnectKitError) -> [(String, [String])]? {
    let value = values[index]
    if value.isNull { return nil }
    guard let entries = value.mapEntries else { throw wrongType(index, value) }
    var result: [(String, [String])] = []
    // A repeated key keeps its first place and its last value (a Dart map's), found in O(1).
    var position: [String: Int] = [:]
    for entry in entries {
      guard let key = entry.key.stringValue, let list = Self.strings(entry.value) else {
        throw wrongType(index, value)
      }
      if let at = position[key] {
        result[at].1 = list
      } else {
        position[key] = result.count
        result.append((key, list))
      }
    }
    return result
  }

  /// A `List<Map<String, Object?>>` (not nullable): each map with string keys.
  func mapList(_ index: Int) throws(ConnectKitError) -> [[ChannelMapEntry]] {
    let value = values[index]
    guard let items = value.listValue else { throw wrongType(index, value) }
    var maps: [[ChannelMapEntry]] = []
    for item in items {
      guard let entries = item.mapEntries, entries.allSatisfy({ $0.key.stringValue != nil }) else {
        throw wrongType(index, value)
      }
      maps.append(entries)
    }
    return maps
  }

  private static func strings(_ value: ChannelValue) -> [String]? {
    guard let items = value.listValue else { return nil }
    var strings: [String] = []
    for item in items {
      guard let text = item.stringValue else { return nil }
      strings.append(text)
    }
    return strings
  }
}
