import ChannelJSON
import FlutterCodec

/// `--record-mode once`: the `PLAYBACK_MISS` error a call no recorded exchange answers gets.
extension PlaybackHandler {
  /// `PLAYBACK_MISS`, naming the nearest recorded call (same channel and method first, then the
  /// fewest differing values) among the index's miss candidates, and its first difference.
  func missError(channel: String, request: TranscriptRequest) -> FlutterError {
    let asked: String
    switch request {
    case .call(let call?): asked = "call \(call.method) \(ChannelJSON.print(call.arguments))"
    case .call(nil): asked = "a malformed call"
    case .message(let value): asked = "message \(ChannelJSON.print(value))"
    }
    var best: (index: Int, score: Int, diff: ValueDiff)?
    // Through the index: a bounded number of the exchanges of the channel and method.
    for i in index.missCandidates(channel: channel, request: request, next: next) {
      let r = recorded[i]
      let diff = differences(r, payload: nil, request: request, limit: 1)
      // Another method is farther than any difference in arguments; of two as near, the unused
      // one first; a used exchange that matches exactly is nearest of all ("already answered").
      let otherMethod = diff.differences.first?.path == "call.method"
      let score = diff.count * 2 + (otherMethod ? 10_000 : 0) + (r.used ? 1 : 0)
      if best == nil || score < best!.score { best = (i, score, diff) }
    }
    var details: [(String, ChannelValue)] = [
      ("channel", .string(channel))
    ]
    var message = "no recorded exchange on \(channel) answers \(asked)"
    if let best {
      let r = recorded[best.index]
      let first = best.diff.differences.first
      message +=
        "; nearest: \(r.file):\(r.line) (\(r.exchange.methodLabel))"
        + (first.map { ", first difference \($0.text)" }
          ?? ", already answered at line \(r.line) (each recorded exchange answers once)")
      var nearest: [(String, ChannelValue)] = [
        ("file", .string(r.file)), ("line", .int(r.line)),
        ("method", .string(r.exchange.methodLabel)),
      ]
      if first == nil { nearest.append(("alreadyAnswered", .bool(true))) }
      if let first {
        nearest.append(("path", .string(first.path)))
        nearest.append(("expected", first.expected ?? .null))
        nearest.append(("got", first.actual ?? .null))
      }
      details.append(("nearest", .object(nearest)))
    } else {
      message += "; nothing was recorded on that channel"
    }
    return FlutterError(code: "PLAYBACK_MISS", message: message, details: .object(details))
  }
}
