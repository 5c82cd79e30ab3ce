import CJansson
import FlutterCodec

/// Typed JSON ("channel JSON", protocol/typed-json.md): one JSON notation for channel values.
///
/// - `parse` reads one JSON text (jansson), `1` is int32, `1.0` float64, object key order kept,
///   `$`-tagged single-key objects become their tagged values.
/// - `print` writes the canonical single-line form with `", "` and `": "` separators.
///
/// `parse(print(v)) == v` for every value (NaN payloads become the canonical NaN), and
/// `print(parse(text))` is canonical.
public enum ChannelJSON {
  /// Containers (arrays, maps, `$map`, `$ext`) nested deeper than this are refused, the same
  /// limit as the codec's ``StandardMessageCodec/maximumDepth``.
  public static let maximumDepth = StandardMessageCodec.maximumDepth

  /// Sets jansson's hash seed now, before threads parse at the same time (jansson seeds itself
  /// on first use otherwise).
  public static func prepareForThreads() {
    json_object_seed(0)
  }

  /// Parses typed JSON text into a channel value.
  public static func parse(_ text: String) throws(ChannelJSONError) -> ChannelValue {
    try parse(utf8: Array(text.utf8))
  }

  /// Parses typed JSON text whose outer `wrapperDepth` containers wrap channel values (a
  /// transcript line, its `call` or `reply`, …): those do not count against ``maximumDepth``, so
  /// a value nested as deep as the codec allows can be written inside them.
  public static func parse(_ text: String, wrapperDepth: Int) throws(ChannelJSONError)
    -> ChannelValue
  {
    try parse(utf8: Array(text.utf8), depthLimit: maximumDepth + max(0, wrapperDepth))
  }

  /// ``parse(_:wrapperDepth:)`` from UTF-8 bytes.
  public static func parse(utf8 bytes: [UInt8], wrapperDepth: Int) throws(ChannelJSONError)
    -> ChannelValue
  {
    try parse(utf8: bytes, depthLimit: maximumDepth + max(0, wrapperDepth))
  }

  /// ``parse(_:wrapperDepth:)`` from UTF-8 bytes where they lie (no copy).
  public static func parse(utf8 buffer: UnsafeBufferPointer<UInt8>, wrapperDepth: Int)
    throws(ChannelJSONError) -> ChannelValue
  {
    try parse(buffer, depthLimit: maximumDepth + max(0, wrapperDepth))
  }

  /// Parses typed JSON from UTF-8 bytes (invalid UTF-8 is an error, not repaired).
  public static func parse(utf8 bytes: [UInt8]) throws(ChannelJSONError) -> ChannelValue {
    try parse(utf8: bytes, depthLimit: maximumDepth)
  }

  /// `inPieces: false` reads even a long text whole (tests compare both ways).
  static func parse(utf8 bytes: [UInt8], depthLimit: Int, inPieces: Bool = true)
    throws(ChannelJSONError) -> ChannelValue
  {
    let result: Result<ChannelValue, ChannelJSONError> = bytes.withUnsafeBufferPointer { buffer in
      do throws(ChannelJSONError) {
        return .success(try parse(buffer, depthLimit: depthLimit, inPieces: inPieces))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private static func parse(
    _ buffer: UnsafeBufferPointer<UInt8>, depthLimit: Int, inPieces: Bool = true
  ) throws(ChannelJSONError) -> ChannelValue {
    guard let base = buffer.baseAddress, !buffer.isEmpty else {
      throw ChannelJSONError(
        .syntax, path: "$", message: "line 1, column 1: expected a JSON value, found no input")
    }
    if inPieces && buffer.count >= JSONReader.longText {
      var pieces = JSONReader(depthLimit: depthLimit, text: buffer)
      if let value = pieces.readInPieces() { return value }
    }
    var error = json_error_t()
    let root = UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: buffer.count) {
      json_loadb($0, buffer.count, loadFlags, &error)
    }
    guard let root else { throw loadError(error) }
    defer { hk_json_decref(root) }
    var reader = JSONReader(depthLimit: depthLimit)
    return try reader.read(root)
  }

  /// How jansson reads typed JSON: any value at the top, `\u0000` in strings, repeated keys
  /// refused.
  static let loadFlags = Int(JSON_DECODE_ANY | JSON_ALLOW_NUL | JSON_REJECT_DUPLICATES)

  private static func loadError(_ error: json_error_t) -> ChannelJSONError {
    var copy = error
    let text = String(cString: hk_json_error_text(&copy))
    let kind: ChannelJSONError.Kind
    switch json_error_code(rawValue: UInt32(bitPattern: hk_json_error_code(&copy))) {
    case json_error_invalid_utf8: kind = .invalidUTF8
    case json_error_duplicate_key: kind = .duplicateKey
    case json_error_numeric_overflow: kind = .outOfRange
    case json_error_stack_overflow: kind = .nestingTooDeep
    default: kind = .syntax
    }
    return ChannelJSONError(
      kind, path: "$",
      message:
        "line \(error.line), column \(error.column) (byte \(error.position)): \(text)")
  }

  /// The canonical typed JSON text of `value` (one line).
  public static func print(_ value: ChannelValue) -> String {
    printedUTF8(value).string
  }

  /// ``print(_:)``'s text as UTF-8 bytes (without making a `String`).
  public static func printUTF8(_ value: ChannelValue) -> [UInt8] {
    printedUTF8(value).bytes
  }

  /// ``printUTF8(_:)`` into an array made with room for `capacity` bytes (the length the caller
  /// expects: no growing on the way).
  public static func printUTF8(_ value: ChannelValue, reservingCapacity capacity: Int) -> [UInt8] {
    var out = JSONText()
    out.bytes.reserveCapacity(capacity)
    JSONWriter.append(value, to: &out)
    return out.bytes
  }

  /// ``printUTF8(_:)`` handed to `flush` in pieces of about `pieceBytes` (or more) as it is
  /// printed, so that a long value's text is never held whole; `flush` empties the bytes it is
  /// given. Returns the rest (the text's last piece, not handed to `flush`).
  public static func printUTF8(
    _ value: ChannelValue, pieceBytes: Int, flush: @escaping (inout [UInt8]) -> Void
  ) -> [UInt8] {
    var out = JSONText()
    out.flush = flush
    out.flushBytes = pieceBytes
    JSONWriter.append(value, to: &out)
    return out.bytes
  }

  private static func printedUTF8(_ value: ChannelValue) -> JSONText {
    var out = JSONText()
    JSONWriter.append(value, to: &out)
    return out
  }
}
