import ChannelJSON
import FlutterCodec

/// Fuzz target "json": ChannelJSON.parse on the input as text, plus the other two ways bytes
/// meet typed JSON (the input as a message, the input as hex).
///
/// Properties checked on every input:
/// - parsing never traps or leaks; an error's path starts at `$`;
/// - print(parse(x)) parses back to an equal value and is canonical (printing it again gives
///   the same text);
/// - a parsed value encodes (extensions on: `$ext` is allowed in JSON) to bytes that decode to an
///   equal value;
/// - a parsed value read as a method call or an envelope (the CLI's `{"method", "args"}` and
///   `{"ok"}`/`{"error"}` forms) gives back the same JSON value;
/// - the input decoded as a message prints as JSON that parses back to an equal value (protocol/typed-json.md:
///   bytes → JSON → bytes);
/// - the input read as hex gives bytes whose hex reads back the same.
private let codec = StandardMessageCodec(allowsExtensions: true)

private func parsed(_ bytes: [UInt8]) -> ChannelValue? {
  do throws(ChannelJSONError) {
    return try ChannelJSON.parse(utf8: bytes)
  } catch {
    check(error.path.hasPrefix("$"), "parse error path \(error.path) does not start at $")
    return nil
  }
}

private func checkPrintRoundTrip(_ value: ChannelValue, _ what: String) {
  let text = ChannelJSON.print(value)
  guard let again = parsed(Array(text.utf8)) else {
    check(false, "\(what): printed text does not parse: \(text)")
    return
  }
  check(again == value, "\(what): printed text parses to a different value: \(text)")
  check(ChannelJSON.print(again) == text, "\(what): printing is not canonical: \(text)")
}

private func checkCodecRoundTrip(_ value: ChannelValue) {
  let bytes = codec.encode(value)
  do throws(CodecError) {
    check(try codec.decode(bytes) == value, "a parsed value's bytes decode differently")
  } catch {
    check(false, "a parsed value's bytes do not decode: \(error)")
  }
}

private func checkEnvelopeForms(_ value: ChannelValue) {
  if let call = try? ChannelJSON.methodCall(from: value) {
    let back = ChannelJSON.value(of: call)
    check(
      (try? ChannelJSON.methodCall(from: back)) == call, "a call's JSON form reads differently")
  }
  if let envelope = try? ChannelJSON.envelope(from: value) {
    let back = ChannelJSON.value(of: envelope)
    check(
      (try? ChannelJSON.envelope(from: back)) == envelope,
      "an envelope's JSON form reads differently")
  }
}

private func checkHex(_ bytes: [UInt8]) {
  let text = String(decoding: bytes, as: UTF8.self)
  guard let decoded = try? Hex.decode(text) else { return }
  let again = try? Hex.decode(Hex.encode(decoded))
  check(again == decoded, "hex does not round-trip")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = inputBytes(data, size)
  if let value = parsed(bytes) {
    checkPrintRoundTrip(value, "parsed input")
    checkCodecRoundTrip(value)
    checkEnvelopeForms(value)
  }
  if let message = try? codec.decode(bytes) {
    checkPrintRoundTrip(message, "input decoded as a message")
  }
  checkHex(bytes)
  return 0
}
