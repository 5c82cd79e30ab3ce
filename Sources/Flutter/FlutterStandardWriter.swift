import Foundation

/// Writes the standard binary encoding into an `NSMutableData`.
///
/// Subclasses (Pigeon's generated writers) override `writeValue(_:)` to write their own types
/// with a tag of 128 or more and call `super.writeValue(_:)` for everything else; nested values go
/// through `writeValue(_:)` again, so custom types inside lists and maps reach the override.
open class FlutterStandardWriter: NSObject {
  /// The buffer written to (shared with the caller, as on iOS).
  let data: NSMutableData

  public init(data: NSMutableData) {
    self.data = data
    super.init()
  }

  /// Appends one byte.
  open func writeByte(_ value: UInt8) {
    var byte = value
    data.append(&byte, length: 1)
  }

  /// Appends `length` bytes from `bytes`.
  open func writeBytes(_ bytes: UnsafeRawPointer, length: Int) {
    data.append(bytes, length: length)
  }

  /// Appends the bytes of `data`.
  open func writeData(_ data: Data) {
    self.data.append(data)
  }

  /// Appends a size: one byte below 254, else 254 and a UInt16, else 255 and a UInt32
  /// (little-endian, the machine's order on every platform Flutter runs on).
  open func writeSize(_ size: UInt32) {
    if size < 254 {
      writeByte(UInt8(size))
    } else if size <= 0xffff {
      writeByte(254)
      writeLittleEndian(UInt16(size))
    } else {
      writeByte(255)
      writeLittleEndian(size)
    }
  }

  /// Appends zero bytes until the length is a multiple of `alignment`.
  open func writeAlignment(_ alignment: UInt8) {
    guard alignment > 1 else { return }
    let remainder = data.length % Int(alignment)
    if remainder != 0 {
      for _ in 0..<(Int(alignment) - remainder) { writeByte(0) }
    }
  }

  /// Appends the size of the UTF-8 bytes of `value`, then the bytes.
  open func writeUTF8(_ value: String) {
    let bytes = Array(value.utf8)
    writeSize(UInt32(truncatingIfNeeded: bytes.count))
    bytes.withUnsafeBytes { raw in
      if let base = raw.baseAddress { writeBytes(base, length: raw.count) }
    }
  }

  /// Writes one value: its tag, then its contents (see `protocol/flutter-module.md` for which
  /// Swift value becomes which Dart value). A value the codec cannot write is written as null and
  /// reported through `FlutterDiagnostics` (iOS asserts in debug builds).
  open func writeValue(_ value: Any) {
    guard let unwrapped = FlutterValueShapes.unwrap(value) else {
      writeByte(FlutterStandardField.null)
      return
    }
    if FlutterValueShapes.isWrapper(value) {
      // What the optional holds goes through `writeValue(_:)` again, so a subclass sees it.
      writeValue(unwrapped)
      return
    }
    let value = unwrapped
    if let kind = FlutterWrittenKind.of(value) {
      write(kind)
    } else if let list = value as? FlutterListValue {
      writeList(list.flutterElements)
    } else if let map = value as? FlutterMapValue {
      writeMap(map.flutterEntries)
    } else {
      FlutterDiagnostics.report(
        "Unsupported value for standard codec: \(value) of type \(type(of: value)); written as null"
      )
      writeByte(FlutterStandardField.null)
    }
  }

  func write(_ kind: FlutterWrittenKind) {
    switch kind {
    case .null:
      writeByte(FlutterStandardField.null)
    case .bool(let b):
      writeByte(b ? FlutterStandardField.true : FlutterStandardField.false)
    case .int32(let n):
      writeByte(FlutterStandardField.int32)
      writeLittleEndian(n)
    case .int64(let n):
      writeByte(FlutterStandardField.int64)
      writeLittleEndian(n)
    case .float64(let d):
      writeByte(FlutterStandardField.float64)
      writeAlignment(8)
      writeLittleEndian(d.bitPattern)
    case .string(let s):
      writeByte(FlutterStandardField.string)
      writeUTF8(s)
    case .typedData(let typed):
      writeByte(typed.type.fieldTag)
      writeSize(typed.elementCount)
      writeAlignment(typed.elementSize)
      writeData(typed.data)
    case .list(let elements):
      writeList(elements)
    case .map(let entries):
      writeMap(entries)
    }
  }

  private func writeList(_ elements: [Any?]) {
    writeByte(FlutterStandardField.list)
    writeSize(UInt32(truncatingIfNeeded: elements.count))
    for element in elements { writeValue(element ?? NSNull()) }
  }

  private func writeMap(_ entries: [(key: Any?, value: Any?)]) {
    writeByte(FlutterStandardField.map)
    writeSize(UInt32(truncatingIfNeeded: entries.count))
    for entry in entries {
      writeValue(entry.key ?? NSNull())
      writeValue(entry.value ?? NSNull())
    }
  }

  private func writeLittleEndian<T: FixedWidthInteger>(_ value: T) {
    var little = value.littleEndian
    withUnsafeBytes(of: &little) { raw in writeBytes(raw.baseAddress!, length: raw.count) }
  }
}
