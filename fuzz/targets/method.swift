import FlutterCodec

/// Fuzz target "method": StandardMethodCodec.decodeMethodCall and decodeEnvelope, with
/// extensions off and on, on the same input.
///
/// Properties checked on every input:
/// - decoding never traps; a thrown error names an offset inside the input;
/// - the array and slice entry points agree;
/// - what decodes with extensions off decodes the same with them on;
/// - a decoded call or envelope re-encodes to bytes that decode to an equal one (method names and
///   error codes compared byte for byte), and the encoding is stable after one round;
/// - a strict prefix of a decodable input never decodes (except an error envelope whose null
///   stacktrace, its optional fourth field, is the byte dropped).
private let codecs: [(name: String, codec: StandardMethodCodec)] = [
  ("extensions off", StandardMethodCodec()),
  (
    "extensions on", StandardMethodCodec(messageCodec: StandardMessageCodec(allowsExtensions: true))
  ),
]

private func callResult(_ codec: StandardMethodCodec, _ bytes: [UInt8]) -> Result<
  MethodCall, CodecError
> {
  do throws(CodecError) { return .success(try codec.decodeMethodCall(bytes)) } catch {
    return .failure(error)
  }
}

private func envelopeResult(_ codec: StandardMethodCodec, _ bytes: [UInt8]) -> Result<
  Envelope, CodecError
> {
  do throws(CodecError) { return .success(try codec.decodeEnvelope(bytes)) } catch {
    return .failure(error)
  }
}

private func sameCall(_ a: MethodCall, _ b: MethodCall) -> Bool {
  sameBytes(a.method, b.method) && a.arguments == b.arguments
}

private func sameEnvelope(_ a: Envelope, _ b: Envelope) -> Bool {
  switch (a, b) {
  case (.success(let x), .success(let y)): return x == y
  case (.error(let x), .error(let y)):
    return sameBytes(x.code, y.code) && sameMessage(x.message, y.message)
      && x.details == y.details && x.stacktrace == y.stacktrace
  default: return false
  }
}

private func sameMessage(_ a: String?, _ b: String?) -> Bool {
  switch (a, b) {
  case (nil, nil): return true
  case (let x?, let y?): return sameBytes(x, y)
  default: return false
  }
}

private func checkError(_ error: CodecError, _ count: Int, _ what: String) {
  check(
    error.offset >= 0 && error.offset <= count,
    "\(what): error offset \(error.offset) outside 0...\(count)")
  check(!error.expected.isEmpty, "\(what): error without an expectation")
}

private func checkCall(_ codec: StandardMethodCodec, _ bytes: [UInt8], _ name: String)
  -> MethodCall?
{
  let what = "call, \(name)"
  let result = callResult(codec, bytes)
  let padded: [UInt8] = [0x11, 0x22, 0x33, 0x44, 0x55] + bytes
  let sliced: Result<MethodCall, CodecError>
  do throws(CodecError) { sliced = .success(try codec.decodeMethodCall(padded[5...])) } catch {
    sliced = .failure(error)
  }
  check(sliced == result, "\(what): slice decode differs from array decode")
  switch result {
  case .failure(let error):
    checkError(error, bytes.count, what)
    return nil
  case .success(let call):
    let encoded = codec.encodeMethodCall(call)
    guard case .success(let again) = callResult(codec, encoded) else {
      check(false, "\(what): re-encoded call does not decode")
      return nil
    }
    check(sameCall(again, call), "\(what): re-encoded call decodes differently")
    check(codec.encodeMethodCall(again) == encoded, "\(what): encoding not stable")
    if case .success = callResult(codec, Array(bytes.dropLast())) {
      check(false, "\(what): a strict prefix of a decodable call decodes")
    }
    return call
  }
}

private func checkEnvelope(_ codec: StandardMethodCodec, _ bytes: [UInt8], _ name: String)
  -> Envelope?
{
  let what = "envelope, \(name)"
  let result = envelopeResult(codec, bytes)
  let padded: [UInt8] = [0x11, 0x22, 0x33] + bytes
  let sliced: Result<Envelope, CodecError>
  do throws(CodecError) { sliced = .success(try codec.decodeEnvelope(padded[3...])) } catch {
    sliced = .failure(error)
  }
  check(sliced == result, "\(what): slice decode differs from array decode")
  switch result {
  case .failure(let error):
    checkError(error, bytes.count, what)
    return nil
  case .success(let envelope):
    let encoded = codec.encodeEnvelope(envelope)
    guard case .success(let again) = envelopeResult(codec, encoded) else {
      check(false, "\(what): re-encoded envelope does not decode")
      return nil
    }
    check(sameEnvelope(again, envelope), "\(what): re-encoded envelope decodes differently")
    check(codec.encodeEnvelope(again) == encoded, "\(what): encoding not stable")
    if case .success(let shorter) = envelopeResult(codec, Array(bytes.dropLast())) {
      // Only an error envelope whose optional fourth field (the stacktrace) was the one byte of
      // a null may lose it and still be a whole (three-field) envelope.
      var withoutStacktrace = envelope
      if case .error(var error) = envelope, error.stacktrace == .null {
        error.stacktrace = nil
        withoutStacktrace = .error(error)
      }
      check(
        withoutStacktrace != envelope && sameEnvelope(shorter, withoutStacktrace),
        "\(what): a strict prefix of a decodable envelope decodes")
    }
    return envelope
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = inputBytes(data, size)
  let strictCall = checkCall(codecs[0].codec, bytes, codecs[0].name)
  let looseCall = checkCall(codecs[1].codec, bytes, codecs[1].name)
  if let strictCall {
    check(
      looseCall.map { sameCall($0, strictCall) } ?? false,
      "a call that decodes without extensions differs with them")
  }
  let strictEnvelope = checkEnvelope(codecs[0].codec, bytes, codecs[0].name)
  let looseEnvelope = checkEnvelope(codecs[1].codec, bytes, codecs[1].name)
  if let strictEnvelope {
    check(
      looseEnvelope.map { sameEnvelope($0, strictEnvelope) } ?? false,
      "an envelope that decodes without extensions differs with them")
  }
  return 0
}
