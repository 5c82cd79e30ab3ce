import ChannelJSON

/// `hkbridge replay`: reads every file first (any transcript error: exit 2, nothing run), replays
/// each against a fresh emulator, prints the report, and with `update` rewrites changed files.
public enum ReplayRun {
  public static let exitPassed: Int32 = 0
  public static let exitFailed: Int32 = 1
  public static let exitTranscriptError: Int32 = 2

  /// Runs the replay and returns the exit status. `output` receives the report (stdout in the
  /// CLI), `errors` the error lines (stderr); with `json`, transcript and file errors are printed
  /// to `output` as one JSON object as well.
  public static func run(
    paths: [String], mode: MatchMode?, update: Bool, json: Bool,
    makeHandler: @escaping () -> MessageHandling,
    output: (String) -> Void, errors: (String) -> Void
  ) -> Int32 {
    run(
      paths: paths, mode: mode, update: update, json: json, setup: ReplaySetup(),
      makeConfiguredHandler: { _ in makeHandler() }, output: output, errors: errors)
  }

  /// `jobs`: files read and replayed on up to this many threads (0: one per core); the output
  /// is the same, in file order, once every file is done.
  public static func run(
    paths: [String], mode: MatchMode?, update: Bool, json: Bool, setup: ReplaySetup,
    jobs: Int = 1,
    makeConfiguredHandler: @escaping (ReplaySetup) -> MessageHandling,
    output: (String) -> Void, errors: (String) -> Void
  ) -> Int32 {
    func fail(_ failures: [TranscriptError]) -> Int32 {
      for failure in failures { errors("hkbridge replay: \(failure)\n") }
      if json { output(ReplayReport.json(errors: failures) + "\n") }
      return exitTranscriptError
    }
    guard !paths.isEmpty else {
      errors("hkbridge replay: no transcript given: pass one or more .jsonl files\n")
      return exitTranscriptError
    }
    /// One file read: its transcript, or what is wrong with it.
    func read(_ path: String) -> (transcript: Transcript?, failures: [TranscriptError]) {
      do {
        // --update fills in the replies of exchanges that have none yet.
        let transcript = try TranscriptReader.read(path: path, requireReply: !update)
        return (transcript, problems(in: transcript, mode: mode, update: update, setup: setup))
      } catch {
        return (nil, [error])
      }
    }
    let replayer = Replayer(mode: mode, setup: setup, makeConfiguredHandler: makeConfiguredHandler)
    // The report streams: a text block is written as its mismatch is found; for `--json`, each
    // mismatch is kept as its JSON text only (not its values), until the one object is printed.
    func replay(_ transcript: Transcript, text: (String) -> Void, jsonText: (String) -> Void)
      -> FileReplayResult
    {
      replayer.replay(transcript, update: update) { mismatch in
        if json {
          jsonText(ChannelJSON.print(ReplayReport.jsonValue(mismatch)))
        } else if !update {
          text(ReplayReport.block(mismatch) + "\n")
        }
      }
    }
    var mismatchTexts: [String: [String]] = [:]
    var results: [FileReplayResult] = []
    var transcripts: [Transcript] = []
    let threads = jobs == 0 ? ReplayJobs.cores : jobs
    // `--update` rewrites and replays again in order: one thread.
    if threads > 1 && paths.count > 1 && !update {
      ChannelJSON.prepareForThreads()
      // Every file read and replayed on its own thread; the report is written afterwards, in
      // file order, as one thread would have written it.
      let done = ReplayJobs.map(paths.count, jobs: threads) { index in
        let (transcript, failures) = read(paths[index])
        var texts: [String] = []
        var jsonTexts: [String] = []
        let result = transcript.flatMap { transcript in
          failures.isEmpty
            ? replay(transcript, text: { texts.append($0) }, jsonText: { jsonTexts.append($0) })
            : nil
        }
        return (failures, result, texts, jsonTexts)
      }
      let failures = done.flatMap(\.0)
      if !failures.isEmpty { return fail(failures) }
      for (_, result, texts, jsonTexts) in done {
        guard let result else { continue }
        texts.forEach(output)
        if json { mismatchTexts[result.path, default: []] += jsonTexts }
        results.append(result)
      }
    } else {
      var failures: [TranscriptError] = []
      for path in paths {
        let (transcript, problems) = read(path)
        failures += problems
        if let transcript { transcripts.append(transcript) }
      }
      if !failures.isEmpty { return fail(failures) }
      for transcript in transcripts {
        results.append(
          replay(
            transcript, text: output,
            jsonText: { mismatchTexts[transcript.path, default: []].append($0) }))
      }
    }
    let stopped = results.compactMap(\.transcriptError)
    if !stopped.isEmpty { return fail(stopped) }
    if update {
      // What plain replay would refuse of the files as rewritten (a matcher path that matches
      // nothing in the new replies) stops the update before anything is written.
      let refused = zip(results, transcripts).compactMap { result, transcript in
        MatcherCoverage.problem(in: result.updatedTranscript ?? transcript)
      }
      if !refused.isEmpty { return fail(refused) }
      for result in results where !result.updates.isEmpty {
        guard let rewritten = result.updatedTranscript else { continue }
        do {
          // A last line cut short is written back as it was, after the rewritten lines.
          try FileIO.replaceFile(
            result.path,
            with: Array(TranscriptWriter.text(of: rewritten).utf8) + (rewritten.tornTail ?? []))
        } catch {
          return fail([TranscriptError(file: result.path, line: 0, message: error.message)])
        }
      }
      return recheck(results, transcripts, replayer, json: json, output: output)
    }
    output(
      json
        ? ReplayReport.json(results, mismatchTexts: mismatchTexts) + "\n"
        : ReplayReport.text(results))
    return results.contains { $0.failed > 0 } ? exitFailed : exitPassed
  }

  /// After `--update` wrote its files: what it rewrote, then every file replayed again as
  /// rewritten; the counts and the exit status are that second replay's, so `--update` exits 0
  /// only when nothing remains failed (a reply that changes from run to run still fails).
  static func recheck(
    _ results: [FileReplayResult], _ transcripts: [Transcript], _ replayer: Replayer,
    json: Bool, output: (String) -> Void
  ) -> Int32 {
    var mismatchTexts: [String: [String]] = [:]
    var after: [FileReplayResult] = []
    var blocks = ""
    for (result, transcript) in zip(results, transcripts) {
      var again = replayer.replay(result.updatedTranscript ?? transcript) { mismatch in
        if json {
          mismatchTexts[transcript.path, default: []].append(
            ChannelJSON.print(ReplayReport.jsonValue(mismatch)))
        } else {
          blocks += ReplayReport.block(mismatch) + "\n"
        }
      }
      again.updates = result.updates
      after.append(again)
    }
    output(
      json
        ? ReplayReport.json(after, mismatchTexts: mismatchTexts) + "\n"
        : ReplayReport.updateText(after, remaining: blocks))
    return after.contains { $0.failed > 0 } ? exitFailed : exitPassed
  }

  /// What makes a read transcript unusable before anything runs: no exchanges (and no header);
  /// a value and its hex that disagree (not with `update`, which rewrites both); matchers with `--match bytes`.
  static func problems(
    in transcript: Transcript, mode: MatchMode?, update: Bool, setup: ReplaySetup = ReplaySetup()
  ) -> [TranscriptError] {
    if let header = transcript.header {
      let used = setup.completed(by: header)
      if let problem = Emulator.configurationProblem(
        device: used.device ?? Emulator.defaultDevice,
        osVersion: used.osVersion ?? Emulator.defaultOSVersion)
      {
        let line = transcript.lines.first { $0.entry != nil }?.number ?? 1
        return [TranscriptError(file: transcript.path, line: line, message: "header: \(problem)")]
      }
    }
    // A header alone is a recording of a session in which no message came: 0 passed.
    if transcript.exchanges.isEmpty && transcript.header == nil {
      return [
        TranscriptError(
          file: transcript.path, line: 0,
          message: "empty transcript: it has no exchanges to replay")
      ]
    }
    var found: [TranscriptError] = []
    if !update {
      for (line, event) in transcript.events {
        if let problem = TranscriptConsistency.problem(event) {
          found.append(TranscriptError(file: transcript.path, line: line, message: problem))
        }
      }
    }
    let headerMatchers = !(transcript.header?.matchers?.isEmpty ?? true)
    for line in transcript.lines {
      guard case .exchange(let exchange)? = line.entry else { continue }
      if !update,
        let problem = TranscriptConsistency.problem(
          exchange, valuesFromBytes: line.valuesFromBytes)
      {
        found.append(TranscriptError(file: transcript.path, line: line.number, message: problem))
      }
      if mode == .bytes && (headerMatchers || !(exchange.matchers?.isEmpty ?? true)) {
        found.append(
          TranscriptError(
            file: transcript.path, line: line.number,
            message:
              "--match bytes cannot honour \"match\" matchers (bytes have no paths): use "
              + "--match value, or leave --match out (lines with matchers then match by value)"))
        break
      }
    }
    return found
  }
}
