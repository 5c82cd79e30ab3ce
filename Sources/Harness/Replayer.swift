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
  /// The differing values (path, expected, got), at most ``Replayer/differenceLimit``.
  public var differences: [ValueDifference] = []
  /// How many values differ in all (more than `differences` holds when capped).
  public var differenceCount = 0
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
  /// Makes the emulator for one file from its setup (command line, then header); when set, it
  /// is used instead of ``makeHandler``.
  public var makeConfiguredHandler: ((ReplaySetup) -> MessageHandling)?
  /// The command line's `--channel`/`--device`/`--os` (each overrides the header's).
  public var setup = ReplaySetup()
  /// `nil`: `bytes` for lines with `replyHex` and no matchers, `value` for the others.
  public var mode: MatchMode?
  /// The differing values listed per mismatch; the rest are counted.
  public static let differenceLimit = 10

  public init(mode: MatchMode? = nil, makeHandler: @escaping () -> MessageHandling) {
    self.mode = mode
    self.makeHandler = makeHandler
  }

  public init(
    mode: MatchMode?, setup: ReplaySetup,
    makeConfiguredHandler: @escaping (ReplaySetup) -> MessageHandling
  ) {
    self.mode = mode
    self.setup = setup
    self.makeConfiguredHandler = makeConfiguredHandler
    self.makeHandler = { makeConfiguredHandler(setup) }
  }

  /// Replays one transcript; with `update`, also builds the rewritten transcript (replies filled
  /// in or replaced, values rewritten from hex where they disagreed).
  public func replay(_ transcript: Transcript, update: Bool = false) -> FileReplayResult {
    var mismatches: [ReplayMismatch] = []
    var result = replay(transcript, update: update) { mismatches.append($0) }
    result.mismatches = mismatches
    return result
  }

  /// ``replay(_:update:)``, each mismatch handed to `onMismatch` as it is found instead of
  /// kept in the result (only counted there).
  public func replay(
    _ transcript: Transcript, update: Bool = false, onMismatch: (ReplayMismatch) -> Void
  ) -> FileReplayResult {
    let header = transcript.header
    let handler =
      makeConfiguredHandler.map { $0(setup.completed(by: header)) } ?? makeHandler()
    var result = FileReplayResult(path: transcript.path)
    var rewritten = transcript
    for (index, line) in transcript.lines.enumerated() {
      guard case .exchange(let exchange)? = line.entry else { continue }
      let replyBytes = handler.handleMessage(channel: exchange.channel, payload: exchange.payload)
      let actual = TranscriptReply.decode(replyBytes, isMethodCall: exchange.isMethodCall)
      let actualBytes = RecordedBytes(replyBytes)
      let matchers =
        header?.matchers.map { $0.merged(with: exchange.matchers) }
        ?? exchange.matchers
      if let mismatch = compare(
        exchange, line: line.number, file: transcript.path, actual: actual,
        actualBytes: actualBytes, matchers: matchers)
      {
        result.failed += 1
        onMismatch(mismatch)
      } else {
        result.passed += 1
      }
      let inconsistent = update && TranscriptConsistency.problem(exchange) != nil
      if update && (exchange.reply != actual || exchange.replyBytes != actualBytes || inconsistent)
      {
        var updated = inconsistent ? TranscriptConsistency.requestFromBytes(exchange) : exchange
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
    actualBytes: RecordedBytes, matchers: ValueMatchers? = nil
  ) -> ReplayMismatch? {
    // Lines without replyHex cannot be compared as bytes, nor lines with matchers (bytes have
    // no paths): by default they are compared by value. An explicit --match bytes with
    // matchers is refused before replay starts (ReplayRun).
    let hasMatchers = !(matchers?.isEmpty ?? true)
    var lineMode = mode ?? (exchange.replyBytes != nil && !hasMatchers ? .bytes : .value)
    if lineMode == .bytes && exchange.replyBytes == nil { lineMode = .value }
    var firstDifference: Int?
    var diff = ValueDiff()
    let passes: Bool
    if lineMode == .bytes, let expectedBytes = exchange.replyBytes {
      firstDifference = ReplyMatcher.firstDifference(
        expected: expectedBytes.bytes, actual: actualBytes.bytes)
      passes = firstDifference == nil
      if !passes, let expected = exchange.reply {
        diff = TranscriptReply.differences(
          expected: expected, actual: actual, mode: .value, matchers: nil,
          limit: Self.differenceLimit)
      }
    } else if let expected = exchange.reply {
      diff = TranscriptReply.differences(
        expected: expected, actual: actual, mode: lineMode, matchers: matchers,
        limit: Self.differenceLimit)
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
