/// How `replay` compares a reply with the transcript (protocol/transcripts.md).
public enum MatchMode: String, Sendable, CaseIterable {
  /// The reply bytes equal `replyHex` exactly (the default for lines that have `replyHex`).
  case bytes
  /// The decoded reply equals `reply` as Dart's `equals` sees it (``DartEquality``); for errors
  /// code, message and details are compared.
  case value
  /// Like `value`, but errors compare only their code.
  case code
}

/// Compares decoded replies under `value` and `code` matching.
public enum ReplyMatcher {
  /// Whether `actual` passes for `expected`. A plain message's `{"notImplemented": true}` reads as
  /// `{"message": null}` (Dart sees `null` for a null reply to a plain message). An error's
  /// stacktrace is never compared.
  public static func matches(
    expected: TranscriptReply, actual: TranscriptReply, mode: MatchMode
  ) -> Bool {
    switch (expected, actual) {
    case (.ok(let x), .ok(let y)), (.message(let x), .message(let y)):
      return DartEquality.equal(x, y)
    case (.notImplemented, .notImplemented): return true
    case (.notImplemented, .message(let y)), (.message(let y), .notImplemented):
      return y.isNull
    case (.error(let x), .error(let y)):
      if mode == .code { return x.code == y.code }
      return x.code == y.code && x.message == y.message && DartEquality.equal(x.details, y.details)
    case (.undecodable(let x), .undecodable(let y)): return x == y
    default: return false
    }
  }

  /// The offset of the first byte where `expected` and `actual` differ (the shorter length when
  /// one is a prefix of the other), or `nil` when they are equal. A null payload differs at 0
  /// from any bytes.
  public static func firstDifference(expected: [UInt8]?, actual: [UInt8]?) -> Int? {
    switch (expected, actual) {
    case (nil, nil): return nil
    case (nil, _?), (_?, nil): return 0
    case (let e?, let a?):
      let common = min(e.count, a.count)
      for i in 0..<common where e[i] != a[i] { return i }
      return e.count == a.count ? nil : common
    }
  }
}
