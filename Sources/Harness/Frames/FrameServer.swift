import FlutterCodec
import PluginHost

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The serve loop's state machine, independent of file descriptors: bytes in (``readSpace()`` then
/// ``didRead(_:)``, or ``feed(_:)``; the input buffer is in FrameServerInput.swift), reply frames
/// out (``output``; the output policy and the frames the host starts are in
/// FrameServerOutput.swift); framing and serving one frame are here. One MESSAGE gives one REPLY
/// with the same id: in request order on the channels answered at once, when the reply comes
/// on those answered later (a native plugin's, FrameServerLater.swift); a malformed frame gives a PROTOCOL_ERROR and serving goes
/// on; a frame longer than `maxFrame` is answered with a PROTOCOL_ERROR and its body is discarded
/// as it arrives, never held whole in memory.
public final class FrameServer {
  /// Called with the reply payload of a HOST_MESSAGE (`nil`: a null reply).
  public typealias HostReplyHandler = ([UInt8]?) -> Void

  public let handler: MessageHandling
  public let maxFrame: Int
  public let logger: Logger
  /// Handles, records and drains every exchange served (the one exchange step).
  public let step: ExchangeStep
  /// Sees every MESSAGE/REPLY exchange and every protocol error (`serve --record`).
  public var recorder: TranscriptRecorder? {
    get { step.recorder }
    set { step.recorder = newValue }
  }

  /// Whether each exchange is logged (`--log-level debug`: the channel and payload are then
  /// made as values).
  private let debugLog: Bool
  /// Whether the handler answers some channels later.
  private let answersLater: Bool
  /// ``answersLater`` or ``debugLog``: the one flag a MESSAGE's common path looks at.
  private let watched: Bool
  /// Frames waiting to be written, in order.
  let pending = FrameOutput()

  /// Where ``flushPendingOutput()`` writes the pending frames (`serve`: stdout); it returns
  /// `nil`, or the errno of a failed write. Without one, output waits until it is taken.
  public var outputWriter: ((UnsafeRawBufferPointer) -> Int32?)? {
    get { writer }
    set { writer = newValue }
  }
  /// Pending output past this many bytes is written out in the middle of a read chunk (when an
  /// ``outputWriter`` is set), so that memory follows this bound, not the chunk's replies.
  public var outputFlushThreshold: Int {
    get { flushThreshold }
    set { flushThreshold = newValue }
  }
  /// 1 MiB: many small replies still leave in one write(2); a big one leaves at once.
  public static let defaultOutputFlushThreshold = 1 << 20
  /// The errno of the first failed output write; once set, output is discarded and input is
  /// no longer served.
  public var outputFailure: Int32? { writeFailure }

  /// Counters, for logs and tests.
  public var messagesServed: Int { served }
  public var protocolErrors: Int { refused }

  // Storage behind the public properties, private or (what FrameServerOutput.swift needs)
  // internal: the optimiser sees every access in the module and drops the run-time
  // exclusivity checks from the per-frame path.
  var writer: ((UnsafeRawBufferPointer) -> Int32?)?
  private var flushThreshold = FrameServer.defaultOutputFlushThreshold
  var writeFailure: Int32?
  private var served = 0
  private var refused = 0

  static let initialCapacity = 256 * 1024
  static let minimumReadSize = 64 * 1024

  var buffer: UnsafeMutableRawBufferPointer
  var start = 0
  var end = 0
  /// Bytes of an oversize frame's body still to discard.
  var skipRemaining = 0
  /// Recent channel names, as bytes already checked to be UTF-8, as the name, and as the
  /// handler's route (found once: the handler compares no name again).
  @exclusivity(unchecked) private var channelCache: [KnownChannel] = []
  /// The cache entry of the last frame's channel, compared first (no array walked or retained).
  @exclusivity(unchecked) private var lastChannel: (bytes: NameBytes, index: Int)?
  /// The handler's route for the last frame's channel (``KnownChannel/route``).
  @exclusivity(unchecked) private var lastRoute: MessageRoute?
  var pendingHostReplies = PendingHostReplies()
  var nextHostMessageID: UInt32 = 1
  /// How long a reply answered later may take before a diagnostic names it
  /// (`--reply-timeout`).
  public var replyTimeoutMs: Int {
    get { step.replyTimeoutMs }
    set { step.replyTimeoutMs = newValue }
  }

  public init(handler: MessageHandling, maxFrame: Int = FrameLayout.defaultMaxFrame, logger: Logger)
  {
    self.handler = handler
    self.maxFrame = max(0, maxFrame)
    self.logger = logger
    debugLog = logger.enabled(.debug)
    step = ExchangeStep(handler: handler)
    answersLater = step.later != nil
    watched = answersLater || debugLog
    buffer = .allocate(byteCount: Self.initialCapacity, alignment: 16)
  }

  deinit {
    buffer.deallocate()
    for entry in channelCache { entry.bytes.deallocate() }
  }

  /// The input buffer's size: it grows to hold a whole frame up to `maxFrame`, never for a frame
  /// that is being skipped, and shrinks back once it empties.
  public var inputCapacity: Int { buffer.count }

  /// HOST_MESSAGEs still waiting for their HOST_REPLY.
  public var pendingHostMessageCount: Int { pendingHostReplies.count }

  @inline(__always)
  func loadLength(at offset: Int) -> UInt32 {
    UInt32(
      littleEndian: UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped).loadUnaligned(
        fromByteOffset: offset, as: UInt32.self))
  }

  func process() {
    if writeFailure != nil {
      // Nobody to answer: input is dropped, not served.
      start = end
      skipRemaining = 0
    }
    // What is left of an oversize frame's body is discarded first, here and right after each
    // such frame in the loop (no frame is looked at while some of it remains).
    var framing = skipRemaining == 0 || skipPastOversizeBody()
    while framing {
      let available = end &- start
      if available < FrameLayout.lengthSize { break }
      let length = Int(loadLength(at: start))
      if length > maxFrame {
        // Wait for the id (body bytes 2..<6), then answer and discard the rest as it comes.
        let peek = min(length, 6)
        if available < FrameLayout.lengthSize + peek { break }
        let head = UnsafeRawBufferPointer(
          rebasing: buffer[
            (start + FrameLayout.lengthSize)..<(start + FrameLayout.lengthSize + peek)])
        let error = FrameError(
          id: FrameParser.peekID(head),
          reason:
            "frame length \(length) exceeds --max-frame \(maxFrame): the frame was skipped")
        reportProtocolError(error)
        start += FrameLayout.lengthSize
        skipRemaining = length
        framing = skipPastOversizeBody()
        continue
      }
      // A length is under 2^32 and the buffer's offsets are far from Int.max: no overflow.
      if available < FrameLayout.lengthSize &+ length { break }
      let bodyStart = start &+ FrameLayout.lengthSize
      serve(
        body: UnsafeRawBufferPointer(
          start: buffer.baseAddress.unsafelyUnwrapped + bodyStart, count: length))
      start = bodyStart &+ length
      if pending.count >= flushThreshold && writer != nil {
        if !flushPendingOutput() {
          start = end
          skipRemaining = 0
          break
        }
      }
    }
    if start == end {
      start = 0
      end = 0
    }
  }

  /// Discards the oversize frame's body bytes that have come (``skipRemaining``); `true` when
  /// none remain, so that framing goes on.
  private func skipPastOversizeBody() -> Bool {
    let n = min(skipRemaining, end - start)
    start += n
    skipRemaining -= n
    return skipRemaining == 0
  }

  // MARK: One frame

  /// One frame body. The common frame (a MESSAGE answered at once) is served here; every other
  /// case is in its own function out of line, so that this one stays small (and is inlined in
  /// the loop of ``process()``).
  @inline(__always)
  private func serve(body: UnsafeRawBufferPointer) {
    guard let header = FrameParser.wellFormedMessage(body) else {
      serveOther(body)
      return
    }
    guard let (channel, known, payload) = parts(body, header) else { return }
    if watched {
      serveWatched(body, header.id, channel, known, payload)
      return
    }
    exchange(body, header.id, channel, known, payload, logged: false)
  }

  /// ``serve(body:)`` of a MESSAGE when its channel may answer later or exchanges are logged
  /// (``watched``): the same exchange, with those looked at (apart, so that the common path
  /// looks at one flag).
  @inline(never)
  private func serveWatched(
    _ body: UnsafeRawBufferPointer, _ id: UInt32, _ channel: UnsafeRawBufferPointer,
    _ known: Int, _ payload: UnsafeRawBufferPointer?
  ) {
    if answersLater, startedLater(id, known, payload) { return }
    exchange(body, id, channel, known, payload, logged: debugLog)
  }

  /// The exchange of a MESSAGE answered at once (the one exchange step), its REPLY appended;
  /// `logged`: the debug log gets its line (a constant `false` on the common path, where it
  /// folds away).
  @inline(__always)
  private func exchange(
    _ body: UnsafeRawBufferPointer, _ id: UInt32, _ channel: UnsafeRawBufferPointer,
    _ known: Int, _ payload: UnsafeRawBufferPointer?, logged: Bool
  ) {
    step.run(
      channelUTF8: channel, route: lastRoute, payload: payload,
      name: { channelCache[known].name },
      answer: { reply in
        if logged { logExchange(id, known, payload, reply) }
        served &+= 1
        pending.appendReply(answering: body.baseAddress.unsafelyUnwrapped, reply: reply)
      }, events: send)
  }

  /// The channel of a well-formed frame (its bytes, and its index in the cache of recent names,
  /// ``knownChannel(_:)``) and its payload (`nil`: a null payload); `nil`, the frame answered
  /// with a PROTOCOL_ERROR, when the channel name is not UTF-8.
  @inline(__always)
  private func parts(_ body: UnsafeRawBufferPointer, _ header: FrameHeader) -> (
    channel: UnsafeRawBufferPointer, known: Int, payload: UnsafeRawBufferPointer?
  )? {
    let channel = UnsafeRawBufferPointer(rebasing: body[header.channel])
    guard let known = knownChannel(channel) else {
      refuseChannel(header.id)
      return nil
    }
    let payload =
      header.isNullPayload ? nil : UnsafeRawBufferPointer(rebasing: body[header.payload])
    return (channel, known, payload)
  }

  /// A channel name that is not UTF-8.
  @inline(never)
  private func refuseChannel(_ id: UInt32) {
    reportProtocolError(FrameError(id: id, reason: "the channel name is not valid UTF-8"))
  }

  /// A frame that is not a well-formed MESSAGE: a malformed header, a HOST_REPLY, or a kind Dart
  /// does not send (its header read again here, so that the common path keeps it in registers).
  @inline(never)
  private func serveOther(_ body: UnsafeRawBufferPointer) {
    guard let header = FrameParser.wellFormedHeader(body) else {
      reportProtocolError(FrameParser.headerError(body))
      return
    }
    // Every well-formed MESSAGE was served by serve(body:): the two checks agree
    // (FrameServerChannelTests).
    assert(header.kind != .message, "a well-formed MESSAGE refused by wellFormedMessage")
    guard header.kind.isSentByDart else {
      reportProtocolError(
        FrameError(
          id: header.id,
          reason:
            "\(header.kind.name) (0x\(hexByte(header.kind.rawValue))) is sent by the host, "
            + "not by Dart: Dart sends MESSAGE (0x01) or HOST_REPLY (0x04)"))
      return
    }
    guard let (_, known, payload) = parts(body, header) else { return }
    let name = channelCache[known].name
    if let onReply = pendingHostReplies.removeValue(forKey: header.id) {
      logger.debug("HOST_REPLY \(header.id) on \(name)")
      onReply(payload.map { Array($0) })
    } else {
      logger.warning(
        "HOST_REPLY \(header.id) on channel '\(name)' answers no pending HOST_MESSAGE; "
          + "ignored")
    }
  }

  /// Starts a MESSAGE on a channel answered later (a native plugin's); `false` when its channel
  /// answers at once.
  @inline(never)
  private func startedLater(_ id: UInt32, _ known: Int, _ payload: UnsafeRawBufferPointer?)
    -> Bool
  {
    let name = channelCache[known].name
    guard step.answersLater(channel: name) else { return false }
    startLater(id: id, channel: name, payload: payload.map { Array($0) })
    return true
  }

  /// The debug log's line for one exchange (`--log-level debug`).
  @inline(never)
  private func logExchange(
    _ id: UInt32, _ known: Int, _ payload: UnsafeRawBufferPointer?,
    _ reply: borrowing MessageReply
  ) {
    logger.debug(
      CallSummary.line(
        id: id, channel: channelCache[known].name, payload: payload.map { Array($0) },
        reply: reply.bytes))
  }

  /// Writes the events an exchange caused, each a HOST_MESSAGE after its reply, in order
  /// (protocol/events.md#when-events-are-sent); Dart's HOST_REPLY to each is taken and dropped.
  private func send(_ messages: [HostMessage]) {
    for message in messages {
      let id = sendHostMessage(channel: message.channel, payload: message.payload) { _ in }
      logger.debug(
        "HOST_MESSAGE \(id) on \(message.channel): "
          + (message.payload.map { "\($0.count) bytes" } ?? "end of stream"))
    }
  }

  /// The index in the cache of recent channel names of `bytes`, checked once to be UTF-8 (no
  /// allocation or check when the same channel repeats), or `nil` when they are not UTF-8. It
  /// is then the last channel: ``lastRoute`` is its route.
  @inline(__always)
  private func knownChannel(_ bytes: UnsafeRawBufferPointer) -> Int? {
    if let last = lastChannel, last.bytes.equals(bytes) { return last.index }
    return lookUpChannel(bytes)
  }

  /// ``knownChannel(_:)`` when the channel is not the last one; it becomes the last one.
  @inline(never)
  private func lookUpChannel(_ bytes: UnsafeRawBufferPointer) -> Int? {
    guard let index = cachedChannel(bytes) else { return nil }
    lastChannel = (channelCache[index].bytes, index)
    lastRoute = channelCache[index].route
    return index
  }

  private func cachedChannel(_ bytes: UnsafeRawBufferPointer) -> Int? {
    for index in channelCache.indices where channelCache[index].bytes.equals(bytes) {
      return index
    }
    guard let name = FrameParser.channelName(utf8: bytes) else { return nil }
    if channelCache.count >= 8 {
      // The entries move down: the last channel's index with them.
      channelCache.removeFirst().bytes.deallocate()
      lastChannel = nil
    }
    channelCache.append(
      KnownChannel(bytes: NameBytes(bytes), name: name, route: handler.route(channelUTF8: bytes)))
    return channelCache.count - 1
  }

  func countServed() { served += 1 }

  /// One channel the frame server has seen.
  struct KnownChannel {
    var bytes: NameBytes
    var name: String
    /// The handler's route for it (``MessageHandling/route(channelUTF8:)``).
    var route: MessageRoute?
  }

  private func reportProtocolError(_ error: FrameError) {
    refused += 1
    logger.warning("PROTOCOL_ERROR for frame \(error.id): \(error.reason)")
    pending.appendFrame(Frame(protocolError: error))
    recorder?.note("PROTOCOL_ERROR for frame \(error.id): \(error.reason)")
  }
}
