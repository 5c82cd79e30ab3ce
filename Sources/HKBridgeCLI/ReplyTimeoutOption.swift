import ArgumentParser
import Harness

/// `--reply-timeout SECONDS`, which `serve` and `replay` share: how long a native plugin's
/// result may take (protocol/native.md, "Threads and time"). Plain hkbridge has no native
/// channels, so it changes nothing there.
struct ReplyTimeoutOption: ParsableArguments {
  @Option(
    help:
      "A native plugin's result may take this many seconds before stderr names the call (default 10; see protocol/native.md)."
  )
  var replyTimeout: Double = Double(FrameServer.defaultReplyTimeoutMs) / 1000

  /// The timeout in milliseconds (at least 1).
  var milliseconds: Int { max(1, Int(replyTimeout * 1000)) }

  func validate() throws {
    guard replyTimeout > 0 && replyTimeout <= 86_400 else {
      throw ValidationError(
        "--reply-timeout \(replyTimeout): expected seconds from 0.001 to 86400 (a day)")
    }
  }
}
