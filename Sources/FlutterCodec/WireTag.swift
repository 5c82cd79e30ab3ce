/// The type tags of Flutter's standard message format.
enum WireTag: UInt8 {
  case null = 0
  case `true` = 1
  case `false` = 2
  case int32 = 3
  case int64 = 4
  case largeInt = 5
  case float64 = 6
  case string = 7
  case uint8List = 8
  case int32List = 9
  case int64List = 10
  case float64List = 11
  case list = 12
  case map = 13
  case float32List = 14

  /// Tags from here up are extension tags (Pigeon's custom types).
  static let firstExtension: UInt8 = 128
}
