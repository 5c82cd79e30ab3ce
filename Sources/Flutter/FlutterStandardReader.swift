import Foundation

/// Reads the standard binary encoding from `Data`, giving values as iOS gives them to Swift.
///
/// Subclasses (Pigeon's generated readers) override `readValue(ofType:)` for their own tags (128
/// or more) and call `super.readValue(ofType:)` for the others. iOS raises an exception when a
/// read runs past the end; here the missing bytes read as zeros, the reader stops at the end and
/// the codec reports the message as corrupted (`FlutterDiagnostics`).
open class FlutterStandardReader: NSObject {
  let data: Data
  /// The offset of the next byte to read, from the start of the message.
  var position = 0
  /// Whether a read ran past the end or met an unknown tag.
  var corrupted = false

  public init(data: Data) {
    self.data = data
    super.init()
  }

  /// Whether bytes remain after the read position.
  open func hasMore() -> Bool {
    position < data.count
  }

  /// Reads one byte.
  open func readByte() -> UInt8 {
    var byte: UInt8 = 0
    readBytes(&byte, length: 1)
    return byte
  }

  /// Copies the next `length` bytes to `destination`.
  open func readBytes(_ destination: UnsafeMutableRawPointer, length: Int) {
    let bytes = take(length)
    bytes.withUnsafeBytes { raw in
      if let base = raw.baseAddress { destination.copyMemory(from: base, byteCount: raw.count) }
    }
    if bytes.count < length {
      (destination + bytes.count).initializeMemory(
        as: UInt8.self, repeating: 0, count: length - bytes.count)
    }
  }

  /// The next `length` bytes.
  open func readData(_ length: Int) -> Data {
    take(length)
  }

  /// Reads a size (see `FlutterStandardWriter.writeSize(_:)`).
  open func readSize() -> UInt32 {
    let first = readByte()
    switch first {
    case 254: return UInt32(readLittleEndian(UInt16.self))
    case 255: return readLittleEndian(UInt32.self)
    default: return UInt32(first)
    }
  }

  /// Skips to the next offset that is a multiple of `alignment`.
  open func readAlignment(_ alignment: UInt8) {
    guard alignment > 1 else { return }
    let remainder = position % Int(alignment)
    if remainder != 0 { _ = take(Int(alignment) - remainder) }
  }

  /// Reads a size, then that many bytes of UTF-8 (malformed sequences read as U+FFFD).
  open func readUTF8() -> String {
    let bytes = readData(Int(readSize()))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Reads a tag, then the value of that type.
  open func readValue() -> Any? {
    readValue(ofType: readByte())
  }

  /// Reads a value of the type `type` (its tag already read). Gives `nil` for null, `NSNumber`
  /// for booleans and numbers, `NSString`, `FlutterStandardTypedData`, `NSMutableArray` and
  /// `NSMutableDictionary` (null inside them as `NSNull`); an unknown tag reads as `nil` and
  /// marks the message corrupted.
  open func readValue(ofType type: UInt8) -> Any? {
    if let read = FlutterStandardReader.scalarReaders[type] { return read(self) }
    if let dataType = FlutterStandardDataType(fieldTag: type) { return readTypedData(dataType) }
    switch type {
    case FlutterStandardField.list: return readList()
    case FlutterStandardField.map: return readMap()
    default:
      corrupted = true
      return nil
    }
  }

  /// The readers of the tags that hold one scalar.
  private static let scalarReaders: [UInt8: @Sendable (FlutterStandardReader) -> Any?] = [
    FlutterStandardField.null: { _ in nil },
    FlutterStandardField.true: { _ in NSNumber(value: true) },
    FlutterStandardField.false: { _ in NSNumber(value: false) },
    FlutterStandardField.int32: { NSNumber(value: $0.readLittleEndian(Int32.self)) },
    FlutterStandardField.int64: { NSNumber(value: $0.readLittleEndian(Int64.self)) },
    FlutterStandardField.float64: { reader in
      reader.readAlignment(8)
      return NSNumber(value: Double(bitPattern: reader.readLittleEndian(UInt64.self)))
    },
    // iOS reads the old arbitrary-size integer (its hex text) as a string.
    FlutterStandardField.intHex: { NSString(string: $0.readUTF8()) },
    FlutterStandardField.string: { NSString(string: $0.readUTF8()) },
  ]

  private func readTypedData(_ type: FlutterStandardDataType) -> FlutterStandardTypedData {
    let count = Int(readSize())
    readAlignment(type.elementSize)
    let (length, overflow) = count.multipliedReportingOverflow(by: Int(type.elementSize))
    return FlutterStandardTypedData(data: readData(overflow ? Int.max : length), type: type)
  }

  private func readList() -> NSMutableArray {
    let count = Int(readSize())
    let array = NSMutableArray(capacity: min(count, data.count))
    for _ in 0..<count {
      if corrupted && !hasMore() { break }
      array.add(readValue() ?? NSNull())
    }
    return array
  }

  private func readMap() -> NSMutableDictionary {
    let count = Int(readSize())
    let dictionary = NSMutableDictionary(capacity: min(count, data.count))
    for _ in 0..<count {
      if corrupted && !hasMore() { break }
      let key = readValue() ?? NSNull()
      let value = readValue() ?? NSNull()
      guard let hashable = key as? NSObject else { continue }
      dictionary[hashable] = value
    }
    return dictionary
  }

  /// Takes up to `length` bytes from the read position; fewer at the end, marking corruption.
  private func take(_ length: Int) -> Data {
    let available = data.count - position
    let count = min(max(length, 0), available)
    if count < length { corrupted = true }
    let start = data.startIndex + position
    position += count
    return data.subdata(in: start..<(start + count))
  }

  private func readLittleEndian<T: FixedWidthInteger>(_: T.Type) -> T {
    var value: T = 0
    withUnsafeMutableBytes(of: &value) { raw in readBytes(raw.baseAddress!, length: raw.count) }
    return T(littleEndian: value)
  }
}
