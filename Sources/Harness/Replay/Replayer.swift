import FlutterCodec

/// Sends every exchange of a transcript to a fresh emulator and compares the replies. This file
/// holds the replay loop; the request as sent is in ReplaySentRequest.swift, the reply's
/// comparison in ReplyComparison.swift, events in EventReplay.swift.
public struct Replayer {
  /// Makes the emulator for one file (a fresh ``PluginHost/Dispatcher`` in `hkbridge replay`).
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
    let step = ExchangeStep(handler: handler)
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
    /// Counts a compared line: passed, or failed with its mismatch handed on.
    func tally(_ mismatch: ReplayMismatch?) {
      if let mismatch {
        result.failed += 1
        onMismatch(mismatch)
      } else {
        result.passed += 1
      }
    }
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
          header?.matchers.map { $0.merged(with: expected.matchers) }
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
        tally(
          compare(
            expected, actual: actual, line: line.number, file: transcript.path,
            matchers: matchers, bindings: &bindings,
            mapOrderFree: step.answersLater(channel: expected.channel)))
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
      let outcome = step.run(channel: exchange.channel, payload: sent.payload)
      let replyBytes = outcome.reply
      events = EventQueue(line: line.number, messages: outcome.events)
      let actualBytes = RecordedBytes(replyBytes)
      let matchers =
        header?.matchers.map { $0.merged(with: exchange.matchers) }
        ?? exchange.matchers
      // A line that passes as bytes needs nothing more: its reply is not decoded.
      if !update,
        passesAsBytes(exchange, actualBytes: actualBytes, matchers: matchers, bindings: bindings)
      {
        result.passed += 1
        outLines.append(line)
        eventInsertion = outLines.count
        continue
      }
      let actual = TranscriptReply.decode(replyBytes, isMethodCall: exchange.isMethodCall)
      tally(
        compare(
          exchange, line: line.number, file: transcript.path, actual: actual,
          actualBytes: actualBytes, matchers: matchers, bindings: &bindings,
          mapOrderFree: step.answersLater(channel: exchange.channel)))
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
}
