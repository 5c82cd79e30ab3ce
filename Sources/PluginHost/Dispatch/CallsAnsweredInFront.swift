import FlutterCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Calls that a handler in front of the dispatcher answers (a native plugin's own code,
/// protocol/native.md) take part in verification as the profiles' calls do: they are logged,
/// a stub answers them instead of the plugin's code, a latency delays them.
extension Dispatcher {
  /// Makes the control channel's `stub` and `setLatency` take any method name (the handler in
  /// front answers methods no profile declares).
  public func acceptsCallsAnsweredInFront() { servesAnyMethodName() }

  /// Logs a plugin call that another handler answers later in the control channel's call log,
  /// as `pending`; returns the serial that ``logFinishedCall(_:reply:)`` gives its reply with.
  public func logStartedCall(_ call: MethodCall) -> Int { verification.start(call) }

  /// Gives the call logged with `serial` its reply's code (`nil` reply: `notImplemented`).
  public func logFinishedCall(_ serial: Int, reply: [UInt8]?) {
    verification.finish(serial, reply: reply)
  }

  /// The reply bytes of the stub that answers `call`, or `nil` when no stub matches.
  public func stubbedReply(to call: MethodCall) -> [UInt8]? {
    guard !verification.isQuiet, let stubbed = verification.stubbedReply(to: call) else {
      return nil
    }
    return StandardMethodCodec().encodeEnvelope(stubbed)
  }

  /// Waits out the latency set for `method` (after ``beforeDelay`` has written the replies
  /// already made); returns at once when none is set or delays are off.
  public func waitLatency(for method: String) {
    guard !verification.isQuiet else { return }
    let delay = verification.latency(for: method)
    guard delay > 0 && sleepsForLatency else { return }
    beforeDelay?()
    var time = timespec(tv_sec: delay / 1000, tv_nsec: (delay % 1000) * 1_000_000)
    var left = timespec()
    while nanosleep(&time, &left) != 0 && errno == EINTR { time = left }
  }
}
