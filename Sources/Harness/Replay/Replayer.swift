import FlutterCodec

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
  /// What changed on the request side, when something did: `callHex` rewritten from `call`, or
  /// bound ids written into the call.
  public var requestChange: String?
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
  /// A transcript error found while replaying (an `at` earlier than the clock, a header identity
  /// the emulator refused): the file stopped at that line.
  public var transcriptError: TranscriptError?
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
  /// in or replaced, hex rewritten from values where they disagreed, calls as sent with bound ids).
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
    let used = setup.completed(by: header)
    let handler = makeConfiguredHandler.map { $0(used) } ?? makeHandler()
    var result = FileReplayResult(path: transcript.path)
    if let problem = EmulatorControl.applyIdentity(
      bundleId: used.bundleId, appName: used.appName, on: handler)
    {
      let line = transcript.lines.first { $0.entry != nil }?.number ?? 1
      result.transcriptError = TranscriptError(
        file: transcript.path, line: line, message: "header: \(problem)")
      return result
    }
    var rewritten = transcript
    var outLines: [TranscriptLine] = []
    var bindings = IdentityBindings()
    /// The events the last exchange caused, not yet matched by an event line.
    var events = EventQueue()
    /// Where `--update` puts an extra event: after the exchange that caused it and its events.
    var eventInsertion = 0
    func flushExtraEvents() {
      for extra in events.remaining() {
        let actual = TranscriptEvent(channel: extra.channel, payload: extra.payload)
        result.failed += 1
        onMismatch(
          Self.eventMismatch(
            file: transcript.path, line: events.line, expected: nil, actual: actual, mode: .value))
        if update {
          let text = TranscriptWriter.line(.event(actual))
          outLines.insert(
            TranscriptLine(number: 0, text: text, entry: .event(actual)), at: eventInsertion)
          eventInsertion += 1
          result.updates.append(Self.eventUpdate(line: events.line, old: nil, new: actual))
        }
      }
    }
    for line in transcript.lines {
      if case .event(let expected)? = line.entry {
        let matchers =
          transcript.header?.matchers.map { $0.merged(with: expected.matchers) }
          ?? expected.matchers
        guard let sent = events.next() else {
          result.failed += 1
          onMismatch(
            Self.eventMismatch(
              file: transcript.path, line: line.number, expected: expected, actual: nil,
              mode: mode ?? .value))
          if update {
            result.updates.append(Self.eventUpdate(line: line.number, old: expected, new: nil))
          }
          continue
        }
        let actual = TranscriptEvent(channel: sent.channel, payload: sent.payload)
        if let mismatch = compare(
          expected, actual: actual, line: line.number, file: transcript.path, matchers: matchers,
          bindings: &bindings)
        {
          result.failed += 1
          onMismatch(mismatch)
        } else {
          result.passed += 1
        }
        if update
          && (expected.event != actual.event || expected.eventBytes != actual.eventBytes
            || expected.channel != actual.channel)
        {
          var updated = actual
          updated.matchers = expected.matchers
          updated.note = expected.note
          outLines.append(
            TranscriptLine(
              number: line.number, text: TranscriptWriter.line(.event(updated)),
              entry: .event(updated), ending: line.ending))
          result.updates.append(Self.eventUpdate(line: line.number, old: expected, new: updated))
        } else {
          outLines.append(line)
        }
        eventInsertion = outLines.count
        continue
      }
      guard case .exchange(let exchange)? = line.entry else {
        outLines.append(line)
        continue
      }
      flushExtraEvents()
      if let at = exchange.at, let problem = EmulatorControl.moveClock(of: handler, to: at) {
        result.transcriptError = TranscriptError(
          file: transcript.path, line: line.number, message: problem)
        break
      }
      let requestProblem = update ? TranscriptConsistency.requestProblem(exchange) : nil
      let sent = Self.sent(exchange, bindings: bindings, rewriteBytes: requestProblem != nil)
      let replyBytes = handler.handleMessage(channel: exchange.channel, payload: sent.payload)
      events = EventQueue(line: line.number, messages: handler.takeHostMessages())
      let actual = TranscriptReply.decode(replyBytes, isMethodCall: exchange.isMethodCall)
      let actualBytes = RecordedBytes(replyBytes)
      let matchers =
        header?.matchers.map { $0.merged(with: exchange.matchers) }
        ?? exchange.matchers
      if let mismatch = compare(
        exchange, line: line.number, file: transcript.path, actual: actual,
        actualBytes: actualBytes, matchers: matchers, bindings: &bindings)
      {
        result.failed += 1
        onMismatch(mismatch)
      } else {
        result.passed += 1
      }
      let requestChanged = sent.request != exchange.request || requestProblem != nil
      let inconsistent = update && TranscriptConsistency.problem(exchange) != nil
      var outLine = line
      if update
        && (exchange.reply != actual || exchange.replyBytes != actualBytes || inconsistent
          || requestChanged)
      {
        var updated = sent
        updated.reply = actual
        updated.replyBytes = actualBytes
        outLine.entry = .exchange(updated)
        outLine.text = TranscriptWriter.line(.exchange(updated))
        var change = ReplayUpdate(
          line: line.number, method: exchange.methodLabel, oldReply: exchange.reply,
          newReply: actual, oldBytes: exchange.replyBytes, newBytes: actualBytes)
        if let requestProblem {
          change.requestChange = Self.rewriteText(exchange, because: requestProblem)
        } else if requestChanged {
          change.requestChange =
            "bound ids written into \(exchange.isMethodCall ? "call" : "message")"
        }
        result.updates.append(change)
      }
      outLines.append(outLine)
      eventInsertion = outLines.count
    }
    if result.transcriptError == nil { flushExtraEvents() }
    rewritten.lines = outLines
    if update { result.updatedTranscript = rewritten }
    return result
  }

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
  func compare(
    _ exchange: TranscriptExchange, line: Int, file: String, actual: TranscriptReply,
    actualBytes: RecordedBytes, matchers: ValueMatchers?, bindings: inout IdentityBindings
  ) -> ReplayMismatch? {
    // Lines without replyHex cannot be compared as bytes, nor lines with matchers (bytes have
    // no paths): by default they are compared by value. An explicit --match bytes with
    // matchers is refused before replay starts (ReplayRun).
    // Bound ids that differ from the recorded ones cannot be compared as bytes either.
    let hasMatchers = !(matchers?.isEmpty ?? true) || bindings.changesValues
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
