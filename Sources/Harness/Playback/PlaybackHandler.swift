import ChannelJSON
import FlutterCodec
import PluginHost

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `serve --playback FILE…` (protocol/playback.md): answers calls from recorded exchanges
/// instead of the model. A call is answered by the first unused recorded exchange on its channel
/// whose request matches (method and arguments, with the transcript's matchers on `call.…` or
/// `message.…` paths); the next one in order is tried first. The recorded `replyHex` is sent
/// byte for byte (else the recorded reply, encoded).
///
/// This file holds the recorded exchanges and the answer sent; finding the exchange that answers
/// is in PlaybackMatching.swift, a miss in PlaybackMiss.swift, `--record-mode` in
/// PlaybackRecording.swift.
public final class PlaybackHandler: MessageHandling {
  struct Recorded {
    var file: String
    var line: Int
    var exchange: TranscriptExchange
    var matchers: ValueMatchers?
    var used = false
    /// The event lines that follow the exchange (sent after its reply, protocol/events.md).
    var events: [TranscriptEvent] = []
  }

  /// The events of the exchanges answered so far, not yet taken.
  private var hostMessages: [HostMessage] = []

  /// The emulator that answers in `new` and `all` modes.
  public let model: MessageHandling
  /// The harness's control calls (device time, app identity) go to the model: the recording
  /// answers only the client's calls.
  public var emulatorModel: MessageHandling { model }
  public let mode: PlaybackRecordMode
  /// The model's method channels (a Pigeon channel carries messages, not calls).
  let methodChannelSet: Set<String>
  private(set) var recorded: [Recorded] = []
  /// The unused exchanges by channel and request.
  private(set) var index = PlaybackIndex()
  private(set) var next = 0
  let warn: (String) -> Void
  let appendPath: String?
  /// Handles the calls the model answers, recording them onto the end of the first playback
  /// file (`new` and `all`; PlaybackRecording.swift), and drains their events.
  let modelStep: ExchangeStep
  /// Calls no recorded exchange answered.
  public private(set) var misses = 0
  /// Ids bound so far (protocol/playback.md, "Bindings").
  private(set) var bindings = IdentityBindings()

  public init(
    transcripts: [Transcript], model: MessageHandling, mode: PlaybackRecordMode,
    warn: @escaping (String) -> Void
  ) throws(FileIOError) {
    self.model = model
    self.mode = mode
    self.warn = warn
    self.methodChannelSet = Set(model.methodChannels)
    self.modelStep = ExchangeStep(handler: model)
    for transcript in transcripts {
      let header = transcript.header?.matchers
      for line in transcript.lines {
        switch line.entry {
        case .exchange(let exchange)?:
          let matchers = header.map { $0.merged(with: exchange.matchers) } ?? exchange.matchers
          index.add(recorded.count, exchange: exchange, matchers: matchers)
          recorded.append(
            Recorded(
              file: transcript.path, line: line.number, exchange: exchange, matchers: matchers))
        case .event(let event)?:
          // An event line before any exchange has no call to follow: it is never sent.
          if !recorded.isEmpty && recorded[recorded.count - 1].file == transcript.path {
            recorded[recorded.count - 1].events.append(event)
          }
        default: break
        }
      }
    }
    appendPath = mode == .once ? nil : transcripts.first?.path
    if let appendPath { try startAppending(to: appendPath, after: transcripts.first) }
  }

  public var channels: [String] { model.channels }
  public var methodChannels: [String] { model.methodChannels }
  public var deviceDescription: ChannelValue { model.deviceDescription }
  public var profileNames: [String] { model.profileNames }
  public var eventChannels: [String] { model.eventChannels }
  public var customChannels: [String] { model.customChannels }

  public func takeHostMessages() -> [HostMessage] {
    defer { hostMessages = [] }
    return hostMessages
  }

  public func handleMessage(channel: String, payload: [UInt8]?) -> [UInt8]? {
    let request = TranscriptRecorder.exchange(
      channel: channel, payload: payload, reply: nil, methodChannels: methodChannelSet
    ).request
    if mode != .all, let index = match(channel: channel, payload: payload, request: request) {
      recorded[index].used = true
      self.index.remove(index)
      next = index + 1
      let exchange = recorded[index].exchange
      if let at = exchange.at {
        // Out of order, an earlier time leaves the clock alone.
        _ = EmulatorControl.moveClock(of: model, to: at)
      }
      // The chosen call binds its uuid paths; its reply's uuid paths bind to what is sent.
      bindings =
        differences(recorded[index], payload: payload, request: request, limit: 1).bindings
        ?? bindings
      hostMessages += recorded[index].events.map(Self.hostMessage)
      return reply(for: recorded[index])
    }
    if mode == .once {
      misses += 1
      let miss = missError(channel: channel, request: request)
      warn("PLAYBACK_MISS: \(miss.message ?? "")")
      return StandardMethodCodec().encodeErrorEnvelope(miss)
    }
    let outcome = modelStep.run(channel: channel, payload: payload)
    hostMessages += outcome.events
    appended()
    return outcome.reply
  }

  /// A recorded event as sent: its `eventHex` byte for byte, else its value encoded.
  static func hostMessage(_ event: TranscriptEvent) -> HostMessage {
    if let bytes = event.eventBytes {
      return HostMessage(channel: event.channel, payload: bytes.bytes)
    }
    return HostMessage(channel: event.channel, payload: encode(event.event))
  }

  /// The reply a recorded exchange sends: its `replyHex` byte for byte (else its reply encoded),
  /// unless bound ids differing from the recorded ones are in it: then the reply with them.
  func reply(for r: Recorded) -> [UInt8]? {
    let exchange = r.exchange
    var sent = exchange.reply
    switch exchange.reply {
    case .ok(let value)?: bindings.substituted(value).map { sent = .ok($0) }
    case .message(let value)?: bindings.substituted(value).map { sent = .message($0) }
    default: break
    }
    if let expected = exchange.reply, let sent {
      bindings =
        ValueDiff.compare(
          expected.channelValue, sent.channelValue, root: [.key("reply")], matchers: r.matchers,
          limit: 1, bindings: bindings, line: r.line
        ).bindings ?? bindings
    }
    if sent == exchange.reply, let bytes = exchange.replyBytes { return bytes.bytes }
    return Self.encode(sent)
  }

  static func encode(_ reply: TranscriptReply?) -> [UInt8]? {
    let codec = StandardMethodCodec()
    switch reply {
    case .ok(let value)?: return codec.encodeSuccessEnvelope(value)
    case .error(let error)?: return codec.encodeErrorEnvelope(error)
    case .message(let value)?: return StandardMessageCodec().encode(value)
    case .notImplemented?, .undecodable?, .end?, .noEvent?, nil: return nil
    }
  }
}
