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
  /// Sees every MESSAGE/REPLY exchange and every protocol error (`serve --record`).
  public var recorder: TranscriptRecorder? {
    get { recording }
    set { recording = newValue }
  }

  /// The handler, when it answers messages in place and nothing needs a message's channel as a
  /// string (no debug log): MESSAGE frames are then served without copying.
  private let inPlaceHandler: InPlaceMessageHandling?
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
  var recording: TranscriptRecorder?
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
  private var channelCache: [(bytes: [UInt8], name: String)] = []
  var pendingHostReplies = PendingHostReplies()
  var nextHostMessageID: UInt32 = 1
  /// The handler's answered-later path (nil: every channel answers at once).
  let later: LaterReplying?
  /// Messages answered later whose reply has not come, by token.
  var waiting: [Int: WaitingMessage] = [:]
  var nextWaitingToken = 1
  /// Events a native plugin's code sent, waiting to be recorded after the next exchange.
  var heldEvents: [HostMessage] = []
  /// How long a reply answered later may take before a diagnostic names it
  /// (`--reply-timeout`).
  public var replyTimeoutMs = FrameServer.defaultReplyTimeoutMs

  public init(handler: MessageHandling, maxFrame: Int = FrameLayout.defaultMaxFrame, logger: Logger)
  {
    self.handler = handler
    self.maxFrame = max(0, maxFrame)
    self.logger = logger
    inPlaceHandler = logger.enabled(.debug) ? nil : handler.inPlace
    later = handler.later
    buffer = .allocate(byteCount: Self.initialCapacity, alignment: 16)
  }

  deinit {
    buffer.deallocate()
  }

  /// The input buffer's size: it grows to hold a whole frame up to `maxFrame`, never for a frame
  /// that is being skipped, and shrinks back once it empties.
  public var inputCapacity: Int { buffer.count }

  /// HOST_MESSAGEs still waiting for their HOST_REPLY.
  public var pendingHostMessageCount: Int { pendingHostReplies.count }

  @inline(__always)
  func loadLength(at offset: Int) -> UInt32 {
    UInt32(
      littleEndian: UnsafeRawPointer(buffer.baseAddress!).loadUnaligned(
        fromByteOffset: offset, as: UInt32.self))
  }

  func process() {
    if writeFailure != nil {
      // Nobody to answer: input is dropped, not served.
      start = end
      skipRemaining = 0
    }
    while true {
      if skipRemaining > 0 {
        let n = min(skipRemaining, end - start)
        start += n
        skipRemaining -= n
        if skipRemaining > 0 { break }
        continue
      }
      let available = end - start
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
        continue
      }
      if available < FrameLayout.lengthSize + length { break }
      let bodyStart = start + FrameLayout.lengthSize
      serve(body: UnsafeRawBufferPointer(rebasing: buffer[bodyStart..<(bodyStart + length)]))
      start = bodyStart + length
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

  // MARK: One frame

  private func serve(body: UnsafeRawBufferPointer) {
    let header: FrameHeader
    switch FrameParser.parseHeader(body) {
    case .failure(let error):
      reportProtocolError(error)
      return
    case .success(let parsed): header = parsed
    }
    if header.kind == .message && serveInPlace(body, header) { return }
    guard header.kind.isSentByDart else {
      reportProtocolError(
        FrameError(
          id: header.id,
          reason:
            "\(header.kind.name) (0x\(hexByte(header.kind.rawValue))) is sent by the host, "
            + "not by Dart: Dart sends MESSAGE (0x01) or HOST_REPLY (0x04)"))
      return
    }
    guard let channel = channelName(body, header) else {
      reportProtocolError(
        FrameError(id: header.id, reason: "the channel name is not valid UTF-8"))
      return
    }
    let payload: [UInt8]? =
      header.isNullPayload ? nil : [UInt8](UnsafeRawBufferPointer(rebasing: body[header.payload]))
    switch header.kind {
    case .message:
      if let later, later.answersLater(channel: channel) {
        startLater(later, id: header.id, channel: channel, payload: payload)
        return
      }
      let reply = handler.handleMessage(channel: channel, payload: payload)
      logger.debug(
        CallSummary.line(id: header.id, channel: channel, payload: payload, reply: reply))
      served += 1
      pending.appendFrame(
        kind: .reply, id: header.id,
        channel: UnsafeRawBufferPointer(rebasing: body[header.channel]), payload: reply)
      recording?.served(channel: channel, payload: payload, reply: reply, handler: handler)
      if !heldEvents.isEmpty { recordHeldEvents() }
      sendEvents()
    case .hostReply:
      if let onReply = pendingHostReplies.removeValue(forKey: header.id) {
        logger.debug("HOST_REPLY \(header.id) on \(channel)")
        onReply(payload)
      } else {
        logger.warning(
          "HOST_REPLY \(header.id) on channel '\(channel)' answers no pending HOST_MESSAGE; "
            + "ignored")
      }
    case .hello, .reply, .hostMessage, .protocolError:
      break
    }
  }

  /// Serves a MESSAGE straight from the input buffer: the channel matched on its bytes, the
  /// payload decoded where it lies, the reply written into the output. False, having done
  /// nothing, when the general path must serve it: no in-place handler (or a debug log), a
  /// recording (which needs the channel and payload as values), or a channel the handler does
  /// not match byte for byte.
  private func serveInPlace(_ body: UnsafeRawBufferPointer, _ header: FrameHeader) -> Bool {
    guard let inPlaceHandler, recording == nil else { return false }
    let channel = UnsafeRawBufferPointer(rebasing: body[header.channel])
    let payload =
      header.isNullPayload ? nil : UnsafeRawBufferPointer(rebasing: body[header.payload])
    guard
      case .reply(let reply) = inPlaceHandler.reply(channelUTF8: channel, payload: payload)
    else { return false }
    served += 1
    pending.appendFrame(kind: .reply, id: header.id, channel: channel, payload: reply)
    sendEvents()
    return true
  }

  /// Writes the events the last call caused, each a HOST_MESSAGE after its reply, in order
  /// (protocol/events.md#when-events-are-sent); Dart's HOST_REPLY to each is taken and dropped.
  private func sendEvents() {
    let messages = handler.takeHostMessages()
    guard !messages.isEmpty else { return }
    recording?.events(messages)
    for message in messages {
      let id = sendHostMessage(channel: message.channel, payload: message.payload) { _ in }
      logger.debug(
        "HOST_MESSAGE \(id) on \(message.channel): "
          + (message.payload.map { "\($0.count) bytes" } ?? "end of stream"))
    }
  }

  /// The channel name, from a small cache of recent names (no allocation or UTF-8 check when the
  /// same channel repeats), or `nil` when the bytes are not UTF-8.
  private func channelName(_ body: UnsafeRawBufferPointer, _ header: FrameHeader) -> String? {
    let bytes = UnsafeRawBufferPointer(rebasing: body[header.channel])
    for entry in channelCache where entry.bytes.count == bytes.count {
      let same = entry.bytes.withUnsafeBytes { cached in
        bytes.isEmpty || memcmp(cached.baseAddress!, bytes.baseAddress!, bytes.count) == 0
      }
      if same { return entry.name }
    }
    guard case .success(let name) = FrameParser.channelName(body, header) else { return nil }
    if channelCache.count >= 8 { channelCache.removeFirst() }
    channelCache.append((bytes: [UInt8](bytes), name: name))
    return name
  }

  func countServed() { served += 1 }

  private func reportProtocolError(_ error: FrameError) {
    refused += 1
    logger.warning("PROTOCOL_ERROR for frame \(error.id): \(error.reason)")
    pending.appendFrame(Frame(protocolError: error))
    recording?.note("PROTOCOL_ERROR for frame \(error.id): \(error.reason)")
  }
}
