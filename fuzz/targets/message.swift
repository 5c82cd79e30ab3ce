import FlutterCodec

/// Fuzz target "message": StandardMessageCodec.decode, with extensions off and on.
///
/// Properties checked on every input:
/// - decoding never traps, and a thrown error names an offset inside the input;
/// - the array, slice and raw-buffer entry points give the same answer (alignment counts from
///   the slice's first byte, so a slice that starts later in a bigger array reads the same);
/// - whatever decodes with extensions off decodes to the same value with extensions on;
/// - whatever decodes re-encodes to bytes that decode to an equal value, and encoding that value
///   again gives the same bytes (the writer is a fixed point after one round);
/// - every strict prefix of a decodable input fails as truncated or out of bounds.
private let plain = StandardMessageCodec(allowsExtensions: false)
private let extended = StandardMessageCodec(allowsExtensions: true)

private func decodeResult(_ codec: StandardMessageCodec, _ bytes: [UInt8]) -> Result<
  ChannelValue, CodecError
> {
  do throws(CodecError) { return .success(try codec.decode(bytes)) } catch {
    return .failure(error)
  }
}

private func sliceResult(_ codec: StandardMessageCodec, _ bytes: [UInt8]) -> Result<
  ChannelValue, CodecError
> {
  // Three bytes in front, so that the slice starts at an odd offset of its array.
  let padded: [UInt8] = [0xAA, 0xBB, 0xCC] + bytes
  do throws(CodecError) {
    return .success(try codec.decode(padded[3...]))
  } catch { return .failure(error) }
}

private func bufferResult(_ codec: StandardMessageCodec, _ bytes: [UInt8]) -> Result<
  ChannelValue, CodecError
> {
  bytes.withUnsafeBytes { raw in
    do throws(CodecError) { return .success(try codec.decode(raw)) } catch {
      return .failure(error)
    }
  }
}

private func checkCodec(_ codec: StandardMessageCodec, _ bytes: [UInt8], _ name: String)
  -> ChannelValue?
{
  let result = decodeResult(codec, bytes)
  check(sliceResult(codec, bytes) == result, "\(name): slice decode differs from array decode")
  check(bufferResult(codec, bytes) == result, "\(name): buffer decode differs from array decode")
  switch result {
  case .failure(let error):
    check(
      error.offset >= 0 && error.offset <= bytes.count,
      "\(name): error offset \(error.offset) outside 0...\(bytes.count)")
    check(!error.expected.isEmpty, "\(name): error without an expectation")
    return nil
  case .success(let value):
    let encoded = codec.encode(value)
    switch decodeResult(codec, encoded) {
    case .failure(let error):
      check(false, "\(name): re-encoded value does not decode: \(error)")
    case .success(let again):
      check(again == value, "\(name): re-encoded value decodes to a different value")
      check(codec.encode(again) == encoded, "\(name): encoding is not stable after one round")
    }
    if !bytes.isEmpty {
      switch decodeResult(codec, Array(bytes.dropLast())) {
      case .success:
        check(false, "\(name): a strict prefix of a message decodes")
      case .failure(let error):
        check(
          error.kind == .truncated || error.kind == .sizeOutOfBounds,
          "\(name): a strict prefix fails with \(error.kind), not truncated/sizeOutOfBounds")
      }
    }
    return value
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = inputBytes(data, size)
  let strict = checkCodec(plain, bytes, "extensions off")
  let loose = checkCodec(extended, bytes, "extensions on")
  if let strict {
    check(loose == strict, "a message that decodes without extensions differs with them")
  }
  return 0
}
