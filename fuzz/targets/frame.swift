import FlutterCodec
import Harness

/// Fuzz target "frame": the harness's stdin byte stream, fed to a ``FrameServer`` over a fresh
/// emulator (the real dispatcher, plugin and store), once whole and once in small chunks.
///
/// Properties checked on every input:
/// - serving never traps or leaks, whatever the bytes (the plugin's argument decoding included);
/// - feeding the stream whole or in chunks of 1–16 bytes gives the same output bytes and the same
///   "inside a frame" state at the end;
/// - the output is a sequence of well-formed frames whose kinds, ids and channels are exactly
///   what an independent reading of the input (protocol/frames.md, written here without the
///   harness's parser) predicts: a REPLY per MESSAGE, a PROTOCOL_ERROR per malformed, misdirected
///   or oversize frame, nothing for a HOST_REPLY;
/// - a REPLY on a method channel is null or decodes as an envelope; on any other channel it is
///   null; a PROTOCOL_ERROR's text is valid UTF-8.
private let maxFrame = 512
private let methodChannels = Set(["healthkit_permissions", "hkbridge/control"])

private struct Served {
  var output: [UInt8]
  var insideFrame: Bool
}

private func serve(_ bytes: [UInt8], chunk: Int?) -> Served {
  // A setLatency call in the input must not make the target sleep (libFuzzer's timeout).
  let handler = Emulator.make(sleepsForLatency: false, warnings: { _ in })
  let server = FrameServer(handler: handler, maxFrame: maxFrame, logger: Logger(level: .quiet))
  if let chunk {
    var offset = 0
    while offset < bytes.count {
      let next = min(bytes.count, offset + chunk)
      server.feed(Array(bytes[offset..<next]))
      offset = next
    }
  } else {
    server.feed(bytes)
  }
  return Served(output: server.takeOutput(), insideFrame: server.isInsideFrame)
}

/// One frame the host should write: its kind, id and (for a REPLY) the request's channel bytes.
private struct Expected: Equatable {
  var kind: UInt8
  var id: UInt32
  var channel: [UInt8]
}

private func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
  UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
    | UInt32(bytes[at + 3]) << 24
}

/// What protocol/frames.md says the host answers to `input`, and whether input ends inside a frame.
private func predict(_ input: [UInt8]) -> (frames: [Expected], insideFrame: Bool) {
  var frames: [Expected] = []
  var at = 0
  while input.count - at >= 4 {
    let length = Int(u32(input, at))
    let bodyStart = at + 4
    let left = input.count - bodyStart
    if length > maxFrame {
      // Answered once the id has arrived, then skipped as it comes.
      if left < 6 { return (frames, true) }
      frames.append(Expected(kind: 0x7F, id: u32(input, bodyStart + 2), channel: []))
      if left < length { return (frames, true) }
      at = bodyStart + length
      continue
    }
    if left < length { return (frames, true) }
    let body = Array(input[bodyStart..<(bodyStart + length)])
    at = bodyStart + length
    let id = body.count >= 6 ? u32(body, 2) : 0
    guard body.count >= 8 else {
      frames.append(Expected(kind: 0x7F, id: id, channel: []))
      continue
    }
    let kind = body[0]
    let nullPayload = body[1] & 1 != 0
    let channelEnd = 8 + (Int(body[6]) | Int(body[7]) << 8)
    let wellFormed =
      (kind == 0x01 || kind == 0x04) && channelEnd <= body.count
      && !(nullPayload && channelEnd < body.count)
      && String(validating: body[8..<channelEnd], as: UTF8.self) != nil
    if !wellFormed {
      frames.append(Expected(kind: 0x7F, id: id, channel: []))
    } else if kind == 0x01 {
      frames.append(Expected(kind: 0x02, id: id, channel: Array(body[8..<channelEnd])))
    }
  }
  return (frames, at != input.count)
}

/// The frames of the host's output, checked for shape; `nil` entries never happen (check stops).
private func readOutput(_ output: [UInt8]) -> [Expected] {
  let codec = StandardMethodCodec()
  var frames: [Expected] = []
  var at = 0
  while at < output.count {
    check(output.count - at >= 4, "output ends inside a length")
    let length = Int(u32(output, at))
    check(length >= 8 && output.count - at - 4 >= length, "output frame of bad length \(length)")
    let body = Array(output[(at + 4)..<(at + 4 + length)])
    at += 4 + length
    let channelEnd = 8 + (Int(body[6]) | Int(body[7]) << 8)
    check(channelEnd <= body.count, "output frame's channel runs past its end")
    let channel = Array(body[8..<channelEnd])
    let payload = Array(body[channelEnd...])
    let isNull = body[1] & 1 != 0
    switch body[0] {
    case 0x02:
      let name = String(decoding: channel, as: UTF8.self)
      if isNull {
        check(payload.isEmpty, "a null REPLY with payload bytes")
      } else {
        check(methodChannels.contains(name), "a non-null REPLY on channel '\(name)'")
        do throws(CodecError) {
          _ = try codec.decodeEnvelope(payload)
        } catch {
          check(false, "a REPLY on '\(name)' is not an envelope: \(error)")
        }
      }
    case 0x7F:
      check(!isNull && channel.isEmpty, "a PROTOCOL_ERROR with a channel or null payload")
      check(String(validating: payload, as: UTF8.self) != nil, "PROTOCOL_ERROR text not UTF-8")
    default:
      check(false, "the host wrote a frame of kind \(body[0]) while serving")
    }
    frames.append(Expected(kind: body[0], id: u32(body, 2), channel: body[0] == 2 ? channel : []))
  }
  return frames
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = inputBytes(data, size)
  let whole = serve(bytes, chunk: nil)
  let chunk = Int(bytes.last ?? 0) % 16 + 1
  let streamed = serve(bytes, chunk: chunk)
  check(whole.output == streamed.output, "output differs when fed in chunks of \(chunk)")
  check(whole.insideFrame == streamed.insideFrame, "end state differs when fed in chunks")
  let predicted = predict(bytes)
  check(whole.insideFrame == predicted.insideFrame, "inside-frame state differs from the frame rules")
  let frames = readOutput(whole.output)
  check(
    frames == predicted.frames,
    "host wrote \(frames.map { ($0.kind, $0.id) }), the frame rules predict "
      + "\(predicted.frames.map { ($0.kind, $0.id) })")
  return 0
}
