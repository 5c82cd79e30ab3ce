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
  var replyTimeout: Double = ReplyTimeoutOption.defaultSeconds

  /// The timeout when the option is not given.
  static let defaultSeconds = Double(ExchangeStep.defaultReplyTimeoutMs) / 1000

  /// The accepted range of seconds.
  static let range: ClosedRange<Double> = 0.001...86_400

  init() {}

  /// The group as the fast path (FastPath/) builds it, with `seconds` already read.
  init(seconds: Double) { replyTimeout = seconds }

  /// `text` as seconds in ``range``, or `nil` (the line then goes to swift-argument-parser,
  /// which says what is wrong).
  static func seconds(_ text: String) -> Double? {
    guard let value = Double(text), range.contains(value) else { return nil }
    return value
  }

  /// The timeout in milliseconds (at least 1).
  var milliseconds: Int { max(1, Int(replyTimeout * 1000)) }

  func validate() throws {
    guard Self.range.contains(replyTimeout) else {
      throw ValidationError(
        "--reply-timeout \(replyTimeout): expected seconds from 0.001 to 86400 (a day)")
    }
  }
}
