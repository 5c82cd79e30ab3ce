import Testing

@testable import FlutterCodec

/// A codec that reads extension tags, for values that hold them.
let extCodec = StandardMessageCodec(allowsExtensions: true)
let plainCodec = StandardMessageCodec()
let methodCodec = StandardMethodCodec()

/// Checks that `value` encodes to exactly `expectedHex` and that those bytes decode back to
/// `value`, re-encoding to the same bytes.
func expectPinned(
  _ value: ChannelValue, _ expectedHex: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let expected = hex(expectedHex)
  let actual = extCodec.encode(value)
  #expect(
    hexString(actual) == hexString(expected), "encoding of \(value)",
    sourceLocation: sourceLocation)
  do {
    let decoded = try extCodec.decode(expected)
    #expect(decoded == value, "decoding of \(expectedHex)", sourceLocation: sourceLocation)
    #expect(extCodec.encode(decoded) == expected, sourceLocation: sourceLocation)
  } catch {
    Issue.record("decoding \(expectedHex) threw \(error)", sourceLocation: sourceLocation)
  }
}

/// Checks that decoding `bytes` throws `kind` at `offset`.
func expectError(
  _ kind: CodecError.Kind, at offset: Int, decoding bytes: [UInt8],
  codec: StandardMessageCodec = plainCodec,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  expectError(kind, at: offset, sourceLocation: sourceLocation) {
    () throws(CodecError) in _ = try codec.decode(bytes)
  }
}

/// Checks that `body` throws a ``CodecError`` of `kind` at `offset`.
func expectError(
  _ kind: CodecError.Kind, at offset: Int,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws(CodecError) -> Void
) {
  do throws(CodecError) {
    try body()
    Issue.record("expected \(kind) at \(offset), but it succeeded", sourceLocation: sourceLocation)
  } catch {
    #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
    #expect(error.offset == offset, "\(error)", sourceLocation: sourceLocation)
    #expect(!error.expected.isEmpty, sourceLocation: sourceLocation)
  }
}

/// The bit pattern of every float64 inside a value, in order (lists and maps walked).
func float64Bits(_ value: ChannelValue) -> [UInt64] {
  switch value {
  case .float64(let d): return [d.bitPattern]
  case .float64List(let l): return l.map(\.bitPattern)
  case .list(let items): return items.flatMap(float64Bits)
  case .map(let entries): return entries.flatMap { float64Bits($0.key) + float64Bits($0.value) }
  case .ext(_, let inner): return float64Bits(inner)
  default: return []
  }
}
