import Foundation

/// The element type of a `FlutterStandardTypedData`, with iOS's raw values.
public enum FlutterStandardDataType: Int, Sendable {
  case uInt8 = 0
  case int32 = 1
  case int64 = 2
  case float32 = 3
  case float64 = 4
}

extension FlutterStandardDataType {
  /// The bytes of one element.
  var elementSize: UInt8 {
    switch self {
    case .uInt8: 1
    case .int32, .float32: 4
    case .int64, .float64: 8
    }
  }

  /// The standard codec's tag of a typed list of this element type.
  var fieldTag: UInt8 {
    switch self {
    case .uInt8: FlutterStandardField.uInt8Data
    case .int32: FlutterStandardField.int32Data
    case .int64: FlutterStandardField.int64Data
    case .float32: FlutterStandardField.float32Data
    case .float64: FlutterStandardField.float64Data
    }
  }

  /// The element type of a typed-list tag, or `nil` for another tag.
  init?(fieldTag: UInt8) {
    switch fieldTag {
    case FlutterStandardField.uInt8Data: self = .uInt8
    case FlutterStandardField.int32Data: self = .int32
    case FlutterStandardField.int64Data: self = .int64
    case FlutterStandardField.float32Data: self = .float32
    case FlutterStandardField.float64Data: self = .float64
    default: return nil
    }
  }
}

/// A typed list: raw bytes in the machine's byte order, read as elements of `type`
/// (Dart: `Uint8List`, `Int32List`, `Int64List`, `Float32List`, `Float64List`).
open class FlutterStandardTypedData: NSObject, @unchecked Sendable {
  public let data: Data
  public let type: FlutterStandardDataType
  public let elementCount: UInt32
  public let elementSize: UInt8

  /// Bytes as they are (`typedDataWithBytes:`).
  public convenience init(bytes data: Data) { self.init(data: data, type: .uInt8) }
  /// Bytes read as 32-bit signed integers; the length must be a multiple of 4.
  public convenience init(int32 data: Data) { self.init(data: data, type: .int32) }
  /// Bytes read as 64-bit signed integers; the length must be a multiple of 8.
  public convenience init(int64 data: Data) { self.init(data: data, type: .int64) }
  /// Bytes read as 32-bit floats; the length must be a multiple of 4.
  public convenience init(float32 data: Data) { self.init(data: data, type: .float32) }
  /// Bytes read as 64-bit floats; the length must be a multiple of 8.
  public convenience init(float64 data: Data) { self.init(data: data, type: .float64) }

  /// iOS asserts that the length is a multiple of the element size; here a shorter tail is
  /// left out of `elementCount` (the bytes stay in `data`).
  init(data: Data, type: FlutterStandardDataType) {
    self.data = data
    self.type = type
    self.elementSize = type.elementSize
    self.elementCount = UInt32(truncatingIfNeeded: data.count / Int(type.elementSize))
    super.init()
  }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? FlutterStandardTypedData else { return false }
    return type == other.type && data == other.data
  }

  open override var hash: Int { data.hashValue ^ type.rawValue }

  open override var description: String {
    "FlutterStandardTypedData(\(type), \(elementCount) elements)"
  }
}
