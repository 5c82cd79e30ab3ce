/// The type tags of the standard codec (the first byte of every value).
enum FlutterStandardField {
  static let null: UInt8 = 0
  static let `true`: UInt8 = 1
  static let `false`: UInt8 = 2
  static let int32: UInt8 = 3
  static let int64: UInt8 = 4
  static let intHex: UInt8 = 5
  static let float64: UInt8 = 6
  static let string: UInt8 = 7
  static let uInt8Data: UInt8 = 8
  static let int32Data: UInt8 = 9
  static let int64Data: UInt8 = 10
  static let float64Data: UInt8 = 11
  static let list: UInt8 = 12
  static let map: UInt8 = 13
  static let float32Data: UInt8 = 14
}
