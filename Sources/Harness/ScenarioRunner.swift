/// `serve --scenario FILE`: sends a transcript's messages to the emulator before serving, to set
/// the store up. Nothing is written on stdout or recorded. A `reply` in the file is optional; when
/// given and the actual reply does not match it (`value` rules), a warning names the line, and an
/// error reply is always logged as a warning.
public enum ScenarioRunner {
  /// Runs every exchange of `transcript` against `handler`; returns how many replies were errors
  /// or mismatches.
  @discardableResult
  public static func run(_ transcript: Transcript, on handler: MessageHandling, logger: Logger)
    -> Int
  {
    var problems = 0
    for (line, exchange) in transcript.exchanges {
      let reply = handler.handleMessage(channel: exchange.channel, payload: exchange.payload)
      let actual = TranscriptReply.decode(reply, isMethodCall: exchange.isMethodCall)
      let place = "scenario \(transcript.path):\(line) \(exchange.methodLabel)"
      if let expected = exchange.reply {
        if !ReplyMatcher.matches(expected: expected, actual: actual, mode: .value) {
          problems += 1
          logger.warning(
            "\(place): the reply differs from the file's (\(TranscriptWriter.replyText(actual)))")
        }
      } else if case .error(let error) = actual {
        problems += 1
        logger.warning("\(place) failed: \(error.code) \(error.message ?? "")")
      }
      logger.debug("\(place): \(TranscriptWriter.replyText(actual))")
    }
    return problems
  }
}
