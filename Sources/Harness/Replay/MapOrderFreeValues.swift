import FlutterCodec

/// A native channel's reply compared with its recording when only the maps' order may differ
/// (protocol/native.md#map-order): the values decoded, each keeping its wire type (int32 is not
/// int64), maps compared as their entries whatever the order. The bytes' count is no test: a
/// float64 after a differently ordered prefix takes other alignment padding.
enum MapOrderFreeValues {
  /// The same for recorded payloads: two null payloads are a byte match, not a value one, so
  /// a null payload on either side is never the same here.
  static func same(_ expected: RecordedBytes, _ actual: RecordedBytes) -> Bool {
    guard let expected = expected.bytes, let actual = actual.bytes else { return false }
    return same(expected, actual)
  }

  /// Whether `expected` and `actual` hold the same values in maps of any order.
  static func same(_ expected: [UInt8], _ actual: [UInt8]) -> Bool {
    guard let a = decoded(expected), let b = decoded(actual) else { return false }
    return same(a, b)
  }

  /// The reply decoded as a method envelope (an error as its fields), else as one message.
  static func decoded(_ bytes: [UInt8]) -> ChannelValue? {
    // Extension values (Pigeon's classes, types 128 and up) are read as their contents, so
    // that the maps inside them are compared by value too.
    let messageCodec = StandardMessageCodec(allowsExtensions: true)
    if let envelope = try? StandardMethodCodec(messageCodec: messageCodec).decodeEnvelope(bytes) {
      switch envelope {
      case .success(let value):
        return .list([.int32(0), value])
      case .error(let error):
        return .list([
          .int32(1), .string(error.code), error.message.map(ChannelValue.string) ?? .null,
          error.details, error.stacktrace ?? .null,
        ])
      }
    }
    return try? messageCodec.decode(bytes)
  }

  static func same(_ a: ChannelValue, _ b: ChannelValue) -> Bool {
    switch (a, b) {
    case (.list(let x), .list(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
    case (.map(let x), .map(let y)):
      guard x.count == y.count else { return false }
      var unmatched = y
      for entry in x {
        guard
          let index = unmatched.firstIndex(where: {
            same($0.key, entry.key) && same($0.value, entry.value)
          })
        else { return false }
        unmatched.remove(at: index)
      }
      return true
    case (.ext(let tagA, let valueA), .ext(let tagB, let valueB)):
      return tagA == tagB && same(valueA, valueB)
    default:
      return a == b
    }
  }
}
