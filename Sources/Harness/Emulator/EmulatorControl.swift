import FlutterCodec

/// What replay and playback ask of the emulator through the control channel besides a file's
/// exchanges, as any client could (protocol/transcripts.md, "Device time" and "App identity"):
/// these calls are not exchanges, and are neither counted, reported nor recorded.
public enum EmulatorControl {
  /// The decoded reply to one control call; `nil` when nothing answers on the control channel
  /// (a test's fake handler).
  static func call(_ handler: MessageHandling, _ method: String, _ args: ChannelValue)
    -> TranscriptReply?
  {
    let payload = StandardMethodCodec().encodeMethodCall(MethodCall(method, args))
    // In playback the model is asked: the recording answers only the client's calls.
    let target = handler.emulatorModel
    guard let reply = target.handleMessage(channel: Emulator.controlChannel, payload: payload)
    else { return nil }
    return TranscriptReply.decode(reply, isMethodCall: true)
  }

  /// Makes the emulated app the given one (`configure {"bundleId", "appName"}`, only the keys
  /// given); `nil` when done, else why not.
  public static func applyIdentity(
    bundleId: String?, appName: String?, on handler: MessageHandling
  ) -> String? {
    var fields: [(String, ChannelValue)] = []
    if let bundleId { fields.append(("bundleId", .string(bundleId))) }
    if let appName { fields.append(("appName", .string(appName))) }
    guard !fields.isEmpty else { return nil }
    if case .error(let error)? = call(handler, "configure", .object(fields)) {
      return "the emulator refused the app's identity: \(error.code) \(error.message ?? "")"
    }
    return nil
  }

  /// The emulator's clock in ms since 1970 (read directly: ``MessageHandling/clockMs``), or
  /// `nil` when it has none.
  public static func clock(of handler: MessageHandling) -> Int? {
    handler.emulatorModel.clockMs
  }

  /// The clock as the control channel tells it (`advanceClock {"ms": 0}`), for a handler that
  /// cannot be read directly.
  static func controlClock(of handler: MessageHandling) -> Int? {
    guard case .ok(let value)? = call(handler, "advanceClock", .object([("ms", .int32(0))])),
      case .map(let entries) = value,
      let now = entries.first(where: { $0.key == .string("now") })?.value.intValue
    else { return nil }
    return now
  }

  /// Moves the clock forward to `at`; `nil` when done (or when the handler has no clock), else
  /// why not: `at` is earlier than the clock.
  public static func moveClock(of handler: MessageHandling, to at: Int) -> String? {
    guard let now = clock(of: handler) else { return nil }
    if at < now {
      return "\"at\" \(at) is earlier than the emulator's clock \(now): the clock only moves "
        + "forward (the emulator starts at 1704067200000, 2024-01-01; a recording made before "
        + "then starts with a control line configure {\"now\": T})"
    }
    if at > now {
      _ = call(handler, "advanceClock", .object([("ms", .int64(Int64(at - now)))]))
    }
    return nil
  }
}
