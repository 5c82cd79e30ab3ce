/// Reading `--playback`'s files before serving.
extension PlaybackHandler {
  /// Reads `--playback`'s files (any transcript error is a usage error); with
  /// `--record-mode once`, files with no exchange at all are refused too.
  static func read(_ options: ServeOptions) throws -> [Transcript] {
    let transcripts = try options.playbackPaths.map { try TranscriptReader.read(path: $0) }
    // Checked as replay checks them: bytes sent to the plugin are bytes replay would accept.
    for transcript in transcripts {
      for (line, exchange) in transcript.exchanges {
        if let problem = TranscriptConsistency.problem(exchange) {
          throw TranscriptError(file: transcript.path, line: line, message: problem)
        }
      }
    }
    if options.playbackMode == .once, transcripts.allSatisfy({ $0.exchanges.isEmpty }) {
      throw TranscriptError(
        file: options.playbackPaths.joined(separator: ", "), line: 0,
        message:
          "no recorded exchange to answer with (with --record-mode new or all an empty file "
          + "is where new exchanges are appended)")
    }
    return transcripts
  }
}
