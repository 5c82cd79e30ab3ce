import FlutterCodec

/// Whether a reply passes: compared as bytes or as values (matchers, bound ids), and the
/// mismatch that says how it failed.
extension Replayer {
  /// How a line's reply is compared: ``mode`` when given, else as bytes when the line has
  /// `replyHex` and nothing that bytes cannot honour (matchers, ids bound to other values).
  func lineMode(
    _ exchange: TranscriptExchange, matchers: ValueMatchers?, bindings: IdentityBindings
  )
    -> MatchMode
  {
    let hasMatchers = !(matchers?.isEmpty ?? true) || bindings.changesValues
    let lineMode = mode ?? (exchange.replyBytes != nil && !hasMatchers ? .bytes : .value)
    return lineMode == .bytes && exchange.replyBytes == nil ? .value : lineMode
  }

  /// Whether the line is compared as bytes and its reply bytes are the recorded ones: what
  /// ``compare(_:line:file:actual:actualBytes:matchers:bindings:)`` finds without decoding.
  func passesAsBytes(
    _ exchange: TranscriptExchange, actualBytes: RecordedBytes, matchers: ValueMatchers?,
    bindings: IdentityBindings
  ) -> Bool {
    guard lineMode(exchange, matchers: matchers, bindings: bindings) == .bytes,
      let expected = exchange.replyBytes
    else { return false }
    return expected == actualBytes
  }

  /// The mismatch for one exchange, or `nil` when it passes.
  func compare(
    _ exchange: TranscriptExchange, line: Int, file: String, actual: TranscriptReply,
    actualBytes: RecordedBytes, matchers: ValueMatchers? = nil
  ) -> ReplayMismatch? {
    var bindings = IdentityBindings()
    return compare(
      exchange, line: line, file: file, actual: actual, actualBytes: actualBytes,
      matchers: matchers, bindings: &bindings)
  }

  /// The same, binding ids at `uuid` paths and comparing bound ids as their bound values.
  /// `mapOrderFree`: the channel is a native plugin's, whose map order is the hash seed's, not
  /// the plugin's (protocol/native.md#map-order): bytes that differ pass when the values are
  /// equal with their wire types, maps compared by value (``MapOrderFreeValues``).
  func compare(
    _ exchange: TranscriptExchange, line: Int, file: String, actual: TranscriptReply,
    actualBytes: RecordedBytes, matchers: ValueMatchers?, bindings: inout IdentityBindings,
    mapOrderFree: Bool = false
  ) -> ReplayMismatch? {
    // Lines without replyHex cannot be compared as bytes, nor lines with matchers (bytes have
    // no paths): by default they are compared by value. An explicit --match bytes with
    // matchers is refused before replay starts (ReplayRun).
    // Bound ids that differ from the recorded ones cannot be compared as bytes either.
    let lineMode = self.lineMode(exchange, matchers: matchers, bindings: bindings)
    var firstDifference: Int?
    var diff = ValueDiff()
    var passes: Bool
    if lineMode == .bytes, let expectedBytes = exchange.replyBytes {
      firstDifference = ReplyMatcher.firstDifference(
        expected: expectedBytes.bytes, actual: actualBytes.bytes)
      passes = firstDifference == nil
      // Maps in another order pass wherever they are, inside extension values (Pigeon's
      // classes) too: the values and their wire types are compared, not the bytes.
      if !passes && mapOrderFree && MapOrderFreeValues.same(expectedBytes, actualBytes) {
        passes = true
      }
      if !passes, let expected = exchange.reply {
        diff = TranscriptReply.differences(
          expected: expected, actual: actual, mode: .value, matchers: nil,
          limit: Self.differenceLimit)
      }
    } else if let expected = exchange.reply {
      diff = TranscriptReply.differences(
        expected: expected, actual: actual, mode: lineMode, matchers: matchers,
        limit: Self.differenceLimit, bindings: &bindings, line: line)
      passes = diff.count == 0
    } else {
      passes = true
    }
    if passes { return nil }
    var mismatch = ReplayMismatch(
      file: file, line: line, channel: exchange.channel, method: exchange.methodLabel,
      mode: lineMode, expected: exchange.reply, actual: actual,
      expectedBytes: exchange.replyBytes, actualBytes: actualBytes,
      firstDifference: firstDifference)
    mismatch.differences = diff.differences
    mismatch.differenceCount = diff.count
    return mismatch
  }
}
