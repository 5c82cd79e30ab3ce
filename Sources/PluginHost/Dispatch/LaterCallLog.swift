import FlutterCodec

extension Dispatcher {
  /// Logs a plugin call that another handler answers later (a native plugin's channel,
  /// protocol/native.md) in the control channel's call log, as `pending`; returns the serial
  /// that ``logFinishedCall(_:reply:)`` gives its reply with.
  public func logStartedCall(_ call: MethodCall) -> Int { verification.start(call) }

  /// Gives the call logged with `serial` its reply's code (`nil` reply: `notImplemented`).
  public func logFinishedCall(_ serial: Int, reply: [UInt8]?) {
    verification.finish(serial, reply: reply)
  }
}
