import FlutterCodec

/// Finding the recorded exchange that answers a call: through ``PlaybackIndex`` (or, with bound
/// ids, in recorded order), comparing requests as replay compares values (matchers, bindings).
extension PlaybackHandler {
  /// The index of the recorded exchange that answers this request, or `nil`.
  func match(channel: String, payload: [UInt8]?, request: TranscriptRequest) -> Int? {
    func matches(_ i: Int) -> Bool {
      let r = recorded[i]
      return !r.used && r.exchange.channel == channel
        && differences(r, payload: payload, request: request, limit: 1).count == 0
    }
    // Bound ids compare as their bound values (in either case), which the index's hashes of
    // recorded values cannot see: with bindings, every exchange in order is a candidate.
    guard bindings.isEmpty else {
      return (next..<recorded.count).first(where: matches)
        ?? (0..<min(next, recorded.count)).first(where: matches)
    }
    return index.first(
      channel: channel, request: request, payload: payload, next: next, matches: matches)
  }

  func differences(
    _ r: Recorded, payload: [UInt8]?, request: TranscriptRequest, limit: Int
  ) -> ValueDiff {
    func compare(_ a: ChannelValue, _ b: ChannelValue, _ root: [ValuePathStep]) -> ValueDiff {
      ValueDiff.compare(
        a, b, root: root, matchers: r.matchers, limit: limit, bindings: bindings, line: r.line)
    }
    // Equal requests match at once, unless matchers or bound ids may make them differ.
    let exact = !(r.matchers?.touchesRequest ?? false) && !bindings.changesValues
    if case .message(.null) = r.exchange.request, case .message(.null) = request,
      Self.isMalformedMessage(r.exchange.payload) || Self.isMalformedMessage(payload)
    {
      // Bytes that are not one message read as null: they match only the same bytes.
      let same = r.exchange.payload == payload
      return ValueDiff.compare(.bool(true), .bool(same), root: [.key("messageHex")], limit: limit)
    }
    switch (r.exchange.request, request) {
    case (.call(let a?), .call(let b?))
    where exact && a.method == b.method && DartEquality.equal(a.arguments, b.arguments):
      return ValueDiff()
    case (.message(let a), .message(let b)) where exact && DartEquality.equal(a, b):
      return ValueDiff()
    case (.call(let a?), .call(let b?)):
      var diff = ValueDiff.compare(
        .string(a.method), .string(b.method), root: [.key("call"), .key("method")], limit: limit)
      if diff.count == 0 {
        diff = compare(a.arguments, b.arguments, [.key("call"), .key("args")])
      }
      return diff
    case (.message(let a), .message(let b)):
      return compare(a, b, [.key("message")])
    default:
      // Malformed or null payloads match only the same bytes.
      let same = r.exchange.payload == payload
      return ValueDiff.compare(
        .bool(true), .bool(same), root: [.key("callHex")], limit: limit)
    }
  }

  /// A payload recorded as `"message": null` that is not a null payload nor null's one byte.
  static func isMalformedMessage(_ payload: [UInt8]?) -> Bool {
    guard let payload else { return false }
    return payload != [0]
  }
}
