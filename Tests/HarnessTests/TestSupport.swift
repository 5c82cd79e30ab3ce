import FlutterCodec
import Harness

/// Bytes from hex text with optional spaces (test literals).
func hex(_ text: String) -> [UInt8] {
  let compact = String(text.filter { !$0.isWhitespace })
  switch Hex.decode(compact) {
  case .success(let bytes): return bytes
  case .failure(let error): preconditionFailure("bad hex literal \(text): \(error.message)")
  }
}

/// A stand-in emulator for harness tests. On `fake_channel` (a method channel):
/// `echo` → success envelope with the arguments; `fail` → error envelope `FAKE_ERROR`;
/// anything else → null reply; bytes that are no method call → `MALFORMED_MESSAGE`.
/// Counts the calls it handled; every other channel gets a null reply.
final class FakeHandler: MessageHandling {
  static let channel = "fake_channel"
  var calls: [(channel: String, payload: [UInt8]?)] = []
  var counter: Int32 = 0

  var channels: [String] { [Self.channel, "hkbridge/control"] }
  var deviceDescription: ChannelValue { .object([("model", "iPhone")]) }

  func handleMessage(channel: String, payload: [UInt8]?) -> [UInt8]? {
    calls.append((channel, payload))
    let codec = StandardMethodCodec()
    guard channel == Self.channel || channel == "hkbridge/control" else { return nil }
    guard let payload, let call = try? codec.decodeMethodCall(payload) else {
      return codec.encodeErrorEnvelope(
        FlutterError(code: "MALFORMED_MESSAGE", message: "not a method call", details: [:]))
    }
    switch call.method {
    case "echo": return codec.encodeSuccessEnvelope(call.arguments)
    case "count":
      counter += 1
      return codec.encodeSuccessEnvelope(.int32(counter))
    case "fail":
      return codec.encodeErrorEnvelope(
        FlutterError(code: "FAKE_ERROR", message: "it failed", details: ["hkErrorCode": 5]))
    default: return nil
    }
  }
}

/// Splits a byte stream of host frames into frames (failing the test on a malformed one).
func splitFrames(_ bytes: [UInt8]) -> [Frame] {
  var frames: [Frame] = []
  var offset = 0
  while offset + 4 <= bytes.count {
    let length =
      Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
      | Int(bytes[offset + 3]) << 24
    guard offset + 4 + length <= bytes.count else { break }
    let body = Array(bytes[(offset + 4)..<(offset + 4 + length)])
    switch FrameParser.parse(body: body) {
    case .success(let frame): frames.append(frame)
    case .failure(let error): preconditionFailure("host wrote a malformed frame: \(error)")
    }
    offset += 4 + length
  }
  precondition(offset == bytes.count, "trailing partial frame in host output")
  return frames
}
