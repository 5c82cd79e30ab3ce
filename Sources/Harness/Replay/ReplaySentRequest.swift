import FlutterCodec

/// The request replay sends for a line: bound ids written into it, and what `--update` says when
/// it rewrites the request's hex.
extension Replayer {
  /// The exchange as sent: bound ids replaced in its call or message (protocol/matchers.md,
  /// "Binding"), and its hex re-encoded when they were or when `rewriteBytes` (the value side
  /// wins for `--update`); a line with nothing to replace is sent as it is.
  static func sent(
    _ exchange: TranscriptExchange, bindings: IdentityBindings, rewriteBytes: Bool
  ) -> TranscriptExchange {
    var sent = exchange
    var changed = rewriteBytes
    switch exchange.request {
    case .call(let call?):
      if let args = bindings.substituted(call.arguments) {
        sent.request = .call(MethodCall(call.method, args))
        changed = true
      }
    case .message(let value):
      if let message = bindings.substituted(value) {
        sent.request = .message(message)
        changed = true
      }
    case .call(nil): return exchange
    }
    return changed ? TranscriptConsistency.requestBytesFromValue(sent) : sent
  }

  /// `callHex rewritten from call (…)`: what `--update` says when it kept the value side.
  static func rewriteText(_ exchange: TranscriptExchange, because problem: String) -> String {
    let (value, hex) = exchange.isMethodCall ? ("call", "callHex") : ("message", "messageHex")
    let why =
      problem.firstRange(of: " disagree at ").map { range in
        "they disagreed at " + problem[range.upperBound...].prefix { $0 != ":" }
      } ?? problem
    return "\(hex) rewritten from \(value) (\(why))"
  }
}
