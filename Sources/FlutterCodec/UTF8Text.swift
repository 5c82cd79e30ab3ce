/// Strings straight from the message buffer: validated as UTF-8 without the generic machinery of
/// `String(validating:as:)` (which looks up type metadata at run time on every call).
public enum UTF8Text {
  /// Where the first ill-formed UTF-8 sequence in `bytes` starts, or `nil` when all are valid:
  /// the codec's own check, for callers outside it (the CLI refuses non-UTF-8 arguments with it).
  public static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { firstInvalidOffset($0) }
  }

  /// The string whose UTF-8 bytes are `bytes`, or `nil` when they are not valid UTF-8.
  @inline(__always)
  static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard isASCII(bytes) || firstInvalidOffset(bytes) == nil else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether every byte is below 0x80, eight bytes at a time.
  @inline(__always)
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    let count = bytes.count
    var i = 0
    var high: UInt64 = 0
    while i + 8 <= count {
      high |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      i += 8
    }
    while i < count {
      high |= UInt64(base[i])
      i += 1
    }
    return high & 0x8080_8080_8080_8080 == 0
  }

  /// Where the first ill-formed UTF-8 sequence in `bytes` starts, or `nil` when all are valid.
  static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): offset += encoded.count
      case .error: return offset
      case .emptyInput: return nil
      }
    }
  }
}
