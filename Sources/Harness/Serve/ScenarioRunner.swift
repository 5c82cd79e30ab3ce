/// `serve --scenario FILE`: sends a transcript's messages to the emulator before serving, to set
/// the store up. Nothing is written on stdout; with `--record`, the exchanges are recorded (after
/// a note) so that the recording replays from the default state. A `reply` in the file is
/// optional. A step fails when its reply is an error or a null reply (no handler: a misspelt
/// method or channel), and the file gives no reply, or when it differs
/// from the file's reply (`value` rules): the run stops there, and `serve` exits with status 2.
public enum ScenarioRunner {
  /// Runs the exchanges of `transcript` against `handler` in order; returns the first failed
  /// step, as `FILE:LINE method: why`, or `nil` when every step succeeded.
  public static func run(
    _ transcript: Transcript, on handler: MessageHandling, logger: Logger,
    recorder: TranscriptRecorder? = nil
  ) -> String? {
    recorder?.note("--scenario \(transcript.path): its calls ran before HELLO")
    let step = ExchangeStep(handler: handler, recorder: recorder)
    for (line, exchange) in transcript.exchanges {
      // Events of a scenario's calls are recorded, never sent: Dart is not listening yet.
      let reply = step.run(channel: exchange.channel, payload: exchange.payload).reply
      let actual = TranscriptReply.decode(reply, isMethodCall: exchange.isMethodCall)
      let place = "\(transcript.path):\(line) \(exchange.methodLabel)"
      logger.debug("scenario \(place): \(TranscriptWriter.replyText(actual))")
      if let expected = exchange.reply {
        if !ReplyMatcher.matches(expected: expected, actual: actual, mode: .value) {
          return
            "\(place): the reply differs from the file's (\(TranscriptWriter.replyText(actual)))"
        }
      } else if case .error(let error) = actual {
        return "\(place) failed: \(error.code) \(error.message ?? "")"
      } else if case .notImplemented = actual {
        // No handler answered: a misspelt method or channel did not happen.
        return "\(place) got a null reply: nothing on \(exchange.channel) answers "
          + "\(exchange.methodLabel) (a misspelt method or channel?)"
      }
    }
    return nil
  }
}
