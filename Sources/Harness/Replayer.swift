/// One exchange whose reply did not pass.
public struct ReplayMismatch: Sendable, Hashable {
  public var file: String
  public var line: Int
  public var channel: String
  public var method: String
  /// The mode this line was compared in.
  public var mode: MatchMode
  public var expected: TranscriptReply?
  public var actual: TranscriptReply
  /// `replyHex` of the line, when it has one.
  public var expectedBytes: RecordedBytes?
  public var actualBytes: RecordedBytes
  /// In `bytes` mode: the offset of the first differing byte.
  public var firstDifference: Int?
}

/// A line that `--update` rewrote.
public struct ReplayUpdate: Sendable, Hashable {
  public var line: Int
  public var method: String
  public var oldReply: TranscriptReply?
  public var newReply: TranscriptReply
  public var oldBytes: RecordedBytes?
  public var newBytes: RecordedBytes
}

/// The outcome of replaying one file.
public struct FileReplayResult: Sendable {
  public var path: String
  public var passed = 0
  public var failed = 0
  public var mismatches: [ReplayMismatch] = []
  /// With `update`: the lines rewritten, and the transcript as rewritten.
  public var updates: [ReplayUpdate] = []
  public var updatedTranscript: Transcript?
}

/// Sends every exchange of a transcript to a fresh emulator and compares the replies.
public struct Replayer {
  /// Makes the emulator for one file (a fresh ``HealthPlugin/Dispatcher`` in `hkbridge replay`).
  public var makeHandler: () -> MessageHandling
  /// `nil`: `bytes` for lines with `replyHex`, `value` for the others.
  public var mode: MatchMode?

  public init(mode: MatchMode? = nil, makeHandler: @escaping () -> MessageHandling) {
    self.mode = mode
    self.makeHandler = makeHandler
  }

  /// Replays one transcript; with `update`, also builds the rewritten transcript.
  public func replay(_ transcript: Transcript, update: Bool = false) -> FileReplayResult {
    let handler = makeHandler()
    var result = FileReplayResult(path: transcript.path)
    var rewritten = transcript
    for (index, line) in transcript.lines.enumerated() {
      guard case .exchange(let exchange)? = line.entry else { continue }
      let replyBytes = handler.handleMessage(channel: exchange.channel, payload: exchange.payload)
      let actual = TranscriptReply.decode(replyBytes, isMethodCall: exchange.isMethodCall)
      let actualBytes = RecordedBytes(replyBytes)
      if let mismatch = compare(
        exchange, line: line.number, file: transcript.path, actual: actual,
        actualBytes: actualBytes)
      {
        result.failed += 1
        result.mismatches.append(mismatch)
      } else {
        result.passed += 1
      }
      if update && (exchange.reply != actual || exchange.replyBytes != actualBytes) {
        var updated = exchange
        updated.reply = actual
        updated.replyBytes = actualBytes
        rewritten.lines[index].entry = .exchange(updated)
        rewritten.lines[index].text = TranscriptWriter.line(.exchange(updated))
        result.updates.append(
          ReplayUpdate(
            line: line.number, method: exchange.methodLabel, oldReply: exchange.reply,
            newReply: actual, oldBytes: exchange.replyBytes, newBytes: actualBytes))
      }
    }
    if update { result.updatedTranscript = rewritten }
    return result
  }

  /// The mismatch for one exchange, or `nil` when it passes.
  func compare(
    _ exchange: TranscriptExchange, line: Int, file: String, actual: TranscriptReply,
    actualBytes: RecordedBytes
  ) -> ReplayMismatch? {
    // Lines without replyHex cannot be compared as bytes: they are compared by value.
    var lineMode = mode ?? (exchange.replyBytes != nil ? .bytes : .value)
    if lineMode == .bytes && exchange.replyBytes == nil { lineMode = .value }
    var firstDifference: Int?
    let passes: Bool
    if lineMode == .bytes, let expectedBytes = exchange.replyBytes {
      firstDifference = ReplyMatcher.firstDifference(
        expected: expectedBytes.bytes, actual: actualBytes.bytes)
      passes = firstDifference == nil
    } else if let expected = exchange.reply {
      passes = ReplyMatcher.matches(expected: expected, actual: actual, mode: lineMode)
    } else {
      passes = true
    }
    if passes { return nil }
    return ReplayMismatch(
      file: file, line: line, channel: exchange.channel, method: exchange.methodLabel,
      mode: lineMode, expected: exchange.reply, actual: actual,
      expectedBytes: exchange.replyBytes, actualBytes: actualBytes,
      firstDifference: firstDifference)
  }
}
