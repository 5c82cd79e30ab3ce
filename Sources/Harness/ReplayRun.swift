/// `hkbridge replay`: reads every file first (any transcript error: exit 2, nothing run), replays
/// each against a fresh emulator, prints the report, and with `update` rewrites changed files.
public enum ReplayRun {
  public static let exitPassed: Int32 = 0
  public static let exitFailed: Int32 = 1
  public static let exitTranscriptError: Int32 = 2

  /// Runs the replay and returns the exit status. `output` receives the report (stdout in the
  /// CLI), `errors` the error lines (stderr).
  public static func run(
    paths: [String], mode: MatchMode?, update: Bool, json: Bool,
    makeHandler: @escaping () -> MessageHandling,
    output: (String) -> Void, errors: (String) -> Void
  ) -> Int32 {
    guard !paths.isEmpty else {
      errors("hkbridge replay: no transcript given: pass one or more .jsonl files\n")
      return exitTranscriptError
    }
    var transcripts: [Transcript] = []
    var failures: [TranscriptError] = []
    for path in paths {
      do {
        transcripts.append(try TranscriptReader.read(path: path))
      } catch {
        failures.append(error)
      }
    }
    if !failures.isEmpty {
      for failure in failures { errors("hkbridge replay: \(failure)\n") }
      return exitTranscriptError
    }
    let replayer = Replayer(mode: mode, makeHandler: makeHandler)
    let results = transcripts.map { replayer.replay($0, update: update) }
    if update {
      for result in results where !result.updates.isEmpty {
        guard let rewritten = result.updatedTranscript else { continue }
        do {
          try FileIO.replaceFile(
            result.path, with: Array(TranscriptWriter.text(of: rewritten).utf8))
        } catch {
          errors("hkbridge replay: \(error)\n")
          return exitTranscriptError
        }
      }
    }
    output(json ? ReplayReport.json(results) + "\n" : ReplayReport.text(results, updated: update))
    if update { return exitPassed }
    return results.contains { $0.failed > 0 } ? exitFailed : exitPassed
  }
}
