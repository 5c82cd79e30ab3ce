import FlutterCodec

/// The output side of ``FrameServer``: the frames the host starts (HELLO, HOST_MESSAGE) and the
/// output policy (pending frames written with ``FrameServer/outputWriter`` past
/// ``FrameServer/outputFlushThreshold`` or before each blocking read; a failed write stops
/// serving).
extension FrameServer {
  // MARK: Frames the host starts

  /// Appends the HELLO frame: id 0, empty channel, the StandardMessageCodec map of protocol/frames.md.
  public func appendHello(emulatorVersion: String) {
    let hello = Self.hello(handler: handler, emulatorVersion: emulatorVersion)
    pending.appendFrame(
      kind: .hello, id: 0, channel: "", payload: StandardMessageCodec().encode(hello))
  }

  /// The HELLO map: protocol, emulator version, channels, device.
  public static func hello(handler: MessageHandling, emulatorVersion: String) -> ChannelValue {
    var fields: [(String, ChannelValue)] = [
      ("protocol", .int32(ProtocolVersion.current)),
      ("emulator", .string(emulatorVersion)),
      ("channels", .list(handler.channels.map(ChannelValue.string))),
      ("device", handler.deviceDescription),
      ("profiles", .list(handler.profileNames.map(ChannelValue.string))),
    ]
    // Which of `channels` are event channels (protocol/events.md); left out when none.
    let events = handler.eventChannels
    if !events.isEmpty { fields.append(("eventChannels", .list(events.map(ChannelValue.string)))) }
    // The channels the user declared (protocol/custom-channels.md); left out when none.
    let custom = handler.customChannels
    if !custom.isEmpty { fields.append(("customChannels", .list(custom.map(ChannelValue.string)))) }
    return .object(fields)
  }

  /// Appends a HOST_MESSAGE with a fresh id; `onReply` runs when Dart's HOST_REPLY for it arrives.
  @discardableResult
  public func sendHostMessage(
    channel: String, payload: [UInt8]?, onReply: @escaping HostReplyHandler
  ) -> UInt32 {
    let id = nextHostMessageID
    nextHostMessageID = nextHostMessageID == UInt32.max ? 1 : nextHostMessageID + 1
    pendingHostReplies[id] = onReply
    pending.appendFrame(kind: .hostMessage, id: id, channel: channel, payload: payload)
    return id
  }

  // MARK: Output

  /// The frames waiting to be written, in order (a copy).
  public var output: [UInt8] { pending.bytes }

  /// Whether frames are waiting to be written.
  public var hasOutput: Bool { !pending.isEmpty }

  /// Writes the pending frames (and the recording's buffered lines) with ``outputWriter`` and
  /// forgets them. The serve loop calls it before each blocking read; ``didRead(_:)`` calls it
  /// whenever the pending output passes ``outputFlushThreshold``. False when there is no writer
  /// or writing failed (``outputFailure``).
  @discardableResult
  public func flushPendingOutput() -> Bool {
    recorder?.flush()
    guard let writer, writeFailure == nil else {
      if writeFailure != nil { pending.removeAll() }
      return false
    }
    guard !pending.isEmpty else { return true }
    let failure = pending.withBytes(writer)
    pending.removeAll()
    writeFailure = failure
    return failure == nil
  }

  /// Removes and returns the pending output.
  public func takeOutput() -> [UInt8] {
    let taken = pending.bytes
    pending.removeAll()
    return taken
  }
}
