import FlutterCodec

extension ChannelValue {
  /// An integer the way the iOS host writes a Swift `Int`: an `NSNumber` of type `long`, which
  /// Flutter's iOS codec always writes with tag 4 (int64), however small (protocol/codec.md).
  package static func swiftInt(_ value: Int) -> ChannelValue { .int64(Int64(value)) }

  /// A list of strings.
  static func strings(_ values: [String]) -> ChannelValue { .list(values.map { .string($0) }) }
}
