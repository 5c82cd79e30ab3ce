import Harness

/// `--reply-timeout SECONDS` (an option of ``EmulatorOptions``, which `serve` and `replay`
/// share): how long a native plugin's result may take (protocol/native.md, "Threads and time").
/// Plain hkbridge has no native channels, so it changes nothing there.
enum ReplyTimeoutOption {
  /// The timeout when the option is not given.
  static let defaultSeconds = Double(ExchangeStep.defaultReplyTimeoutMs) / 1000

  /// The accepted range of seconds.
  static let range: ClosedRange<Double> = 0.001...86_400

  /// `text` as seconds in ``range``, or `nil` (the line then goes to swift-argument-parser,
  /// which says what is wrong).
  static func seconds(_ text: String) -> Double? {
    guard let value = Double(text), range.contains(value) else { return nil }
    return value
  }

  /// `seconds` in milliseconds (at least 1).
  static func milliseconds(_ seconds: Double) -> Int { max(1, Int(seconds * 1000)) }

  /// Why `seconds` is refused, or `nil`.
  static func problem(_ seconds: Double) -> String? {
    range.contains(seconds)
      ? nil : "--reply-timeout \(seconds): expected seconds from 0.001 to 86400 (a day)"
  }
}
