import ChannelJSON
import FlutterCodec
import PluginHost
import PluginProfiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `serve --record-mode`: what happens to a call no recorded exchange answers (VCR's modes).
public enum PlaybackRecordMode: String, Sendable, CaseIterable {
  /// A `PLAYBACK_MISS` error reply (the default).
  case once
  /// The model answers it, and the exchange is appended to the first playback file.
  case new
  /// The model answers every call (the recording is not used), and each exchange is appended.
  case all
}

/// `serve --playback FILE…` (protocol/playback.md): answers calls from recorded exchanges
/// instead of the model. A call is answered by the first unused recorded exchange on its channel
/// whose request matches (method and arguments, with the transcript's matchers on `call.…` or
/// `message.…` paths); the next one in order is tried first. The recorded `replyHex` is sent
/// byte for byte (else the recorded reply, encoded).
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
  public let mode: PlaybackRecordMode
  /// The model's method channels (a Pigeon channel carries messages, not calls).
  private let methodChannelSet: Set<String>
  private var recorded: [Recorded] = []
  /// The unused exchanges by channel and request.
  private var index = PlaybackIndex()
  private var next = 0
  private let warn: (String) -> Void
  private let appendPath: String?
  private var appendFD: Int32 = -1
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
    if let appendPath {
      appendFD = open(appendPath, O_WRONLY | O_APPEND | O_CLOEXEC)
      guard appendFD >= 0 else {
        throw FileIOError(path: appendPath, message: "cannot append: \(FileIO.errnoText())")
      }
      try endWithWholeLine(appendPath)
      // The model answers new calls from the state the whole file leaves it in, as replay's
      // emulator has when it reaches the appended lines (protocol/playback.md).
      // Quietly and at once: the recorded latencies and warnings belong to the recorded run.
      let dispatcher = model as? Dispatcher
      let (sleeps, warnings) = (dispatcher?.sleepsForLatency, dispatcher?.warningHandler)
      dispatcher?.sleepsForLatency = false
      dispatcher?.warningHandler = { _ in }
      for (_, exchange) in transcripts.first?.exchanges ?? [] {
        _ = model.handleMessage(channel: exchange.channel, payload: exchange.payload)
      }
      // The recorded run's events were sent then, not now.
      _ = model.takeHostMessages()
      if let dispatcher, let sleeps, let warnings {
        dispatcher.sleepsForLatency = sleeps
        dispatcher.warningHandler = warnings
      }
    }
  }

  deinit {
    if appendFD >= 0 { close(appendFD) }
  }

  public var channels: [String] { model.channels }
  public var methodChannels: [String] { model.methodChannels }
  public var deviceDescription: ChannelValue { model.deviceDescription }
  public var profileNames: [String] { model.profileNames }
  public var eventChannels: [String] { model.eventChannels }

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
    let reply = model.handleMessage(channel: channel, payload: payload)
    let events = model.takeHostMessages()
    hostMessages += events
    append(channel: channel, payload: payload, reply: reply, events: events)
    return reply
  }

  /// A recorded event as sent: its `eventHex` byte for byte, else its value encoded.
  static func hostMessage(_ event: TranscriptEvent) -> HostMessage {
    if let bytes = event.eventBytes {
      return HostMessage(channel: event.channel, payload: bytes.bytes)
    }
    return HostMessage(channel: event.channel, payload: encode(event.event))
  }

  /// The index of the recorded exchange that answers this request, or `nil`.
  func match(channel: String, payload: [UInt8]?, request: TranscriptRequest) -> Int? {
    func matches(_ i: Int) -> Bool {
      let r = recorded[i]
      return !r.used && r.exchange.channel == channel
        && differences(r, payload: payload, request: request, limit: 1).count == 0
    }
    // Bound ids compare as their bound values (in either case), which the index's hashes of
    // recorded values cannot see: with bindings, every exchange in order is a candidate.
    guard bindings.isEmpty else {
      return (next..<recorded.count).first(where: matches)
        ?? (0..<min(next, recorded.count)).first(where: matches)
    }
    return index.first(
      channel: channel, request: request, payload: payload, next: next, matches: matches)
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
      var diff = ValueDiff(matchers: r.matchers, limit: 1)
      diff.bindings = bindings
      diff.bindingLine = r.line
      diff.walk(expected.channelValue, sent.channelValue, path: [.key("reply")])
      bindings = diff.bindings ?? bindings
    }
    if sent == exchange.reply, let bytes = exchange.replyBytes { return bytes.bytes }
    return Self.encode(sent)
  }

  func differences(
    _ r: Recorded, payload: [UInt8]?, request: TranscriptRequest, limit: Int
  ) -> ValueDiff {
    func compare(_ a: ChannelValue, _ b: ChannelValue, _ root: [ValuePathStep]) -> ValueDiff {
      var diff = ValueDiff(matchers: r.matchers, limit: limit)
      diff.bindings = bindings
      diff.bindingLine = r.line
      diff.walk(a, b, path: root)
      return diff
    }
    // Equal requests match at once, unless matchers or bound ids may make them differ.
    let exact = !(r.matchers?.touchesRequest ?? false) && !bindings.changesValues
    if case .message(.null) = r.exchange.request, case .message(.null) = request,
      Self.isMalformedMessage(r.exchange.payload) || Self.isMalformedMessage(payload)
    {
      // Bytes that are not one message read as null: they match only the same bytes.
      let same = r.exchange.payload == payload
      return ValueDiff.compare(.bool(true), .bool(same), root: [.key("messageHex")], limit: limit)
    }
    switch (r.exchange.request, request) {
    case (.call(let a?), .call(let b?))
    where exact && a.method == b.method && DartEquality.equal(a.arguments, b.arguments):
      return ValueDiff()
    case (.message(let a), .message(let b)) where exact && DartEquality.equal(a, b):
      return ValueDiff()
    case (.call(let a?), .call(let b?)):
      var diff = ValueDiff.compare(
        .string(a.method), .string(b.method), root: [.key("call"), .key("method")], limit: limit)
      if diff.count == 0 {
        diff = compare(a.arguments, b.arguments, [.key("call"), .key("args")])
      }
      return diff
    case (.message(let a), .message(let b)):
      return compare(a, b, [.key("message")])
    default:
      // Malformed or null payloads match only the same bytes.
      let same = r.exchange.payload == payload
      return ValueDiff.compare(
        .bool(true), .bool(same), root: [.key("callHex")], limit: limit)
    }
  }

  /// A payload recorded as `"message": null` that is not a null payload nor null's one byte.
  static func isMalformedMessage(_ payload: [UInt8]?) -> Bool {
    guard let payload else { return false }
    return payload != [0]
  }

  /// `PLAYBACK_MISS`, naming the nearest recorded call (same channel and method first, then the
  /// fewest differing values) and its first difference.
  func missError(channel: String, request: TranscriptRequest) -> FlutterError {
    let asked: String
    switch request {
    case .call(let call?): asked = "call \(call.method) \(ChannelJSON.print(call.arguments))"
    case .call(nil): asked = "a malformed call"
    case .message(let value): asked = "message \(ChannelJSON.print(value))"
    }
    var best: (index: Int, score: Int, diff: ValueDiff)?
    for (i, r) in recorded.enumerated() where r.exchange.channel == channel {
      let diff = differences(r, payload: nil, request: request, limit: 1)
      // Another method is farther than any difference in arguments; of two as near, the unused
      // one first; a used exchange that matches exactly is nearest of all ("already answered").
      let otherMethod = diff.differences.first?.path == "call.method"
      let score = diff.count * 2 + (otherMethod ? 10_000 : 0) + (r.used ? 1 : 0)
      if best == nil || score < best!.score { best = (i, score, diff) }
    }
    var details: [(String, ChannelValue)] = [
      ("channel", .string(channel))
    ]
    var message = "no recorded exchange on \(channel) answers \(asked)"
    if let best {
      let r = recorded[best.index]
      let first = best.diff.differences.first
      message +=
        "; nearest: \(r.file):\(r.line) (\(r.exchange.methodLabel))"
        + (first.map { ", first difference \($0.text)" }
          ?? ", already answered at line \(r.line) (each recorded exchange answers once)")
      var nearest: [(String, ChannelValue)] = [
        ("file", .string(r.file)), ("line", .int(r.line)),
        ("method", .string(r.exchange.methodLabel)),
      ]
      if first == nil { nearest.append(("alreadyAnswered", .bool(true))) }
      if let first {
        nearest.append(("path", .string(first.path)))
        nearest.append(("expected", first.expected ?? .null))
        nearest.append(("got", first.actual ?? .null))
      }
      details.append(("nearest", .object(nearest)))
    } else {
      message += "; nothing was recorded on that channel"
    }
    return FlutterError(code: "PLAYBACK_MISS", message: message, details: .object(details))
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

  /// Before the first append: a file whose last line has no newline gets one; a last line cut
  /// short by an earlier crash is cut off (with a warning), so appended lines start whole.
  private func endWithWholeLine(_ path: String) throws(FileIOError) {
    let bytes = try FileIO.readFile(path, limit: TranscriptReader.maximumFileBytes)
    guard let last = bytes.last, last != UInt8(ascii: "\n") else { return }
    if let torn = TranscriptReader.tornFinalLine(bytes) {
      guard ftruncate(appendFD, off_t(bytes.count - torn.count)) == 0 else {
        throw FileIOError(
          path: path, message: "cannot cut its torn last line: \(FileIO.errnoText())")
      }
      warn("\(path): cut off its last line, cut short by an earlier run (\(torn.count) bytes)")
      return
    }
    let newline: [UInt8] = [UInt8(ascii: "\n")]
    if let code = newline.withUnsafeBytes({ FileIO.writeAll(appendFD, $0) }) {
      throw FileIOError(path: path, message: "cannot append: \(String(cString: strerror(code)))")
    }
  }

  func append(channel: String, payload: [UInt8]?, reply: [UInt8]?, events: [HostMessage]) {
    guard appendFD >= 0 else { return }
    let exchange = TranscriptRecorder.exchange(
      channel: channel, payload: payload, reply: reply, methodChannels: methodChannelSet)
    var text = TranscriptWriter.line(.exchange(exchange)) + "\n"
    for event in events {
      text +=
        TranscriptWriter.line(
          .event(TranscriptEvent(channel: event.channel, payload: event.payload))) + "\n"
    }
    let line = Array(text.utf8)
    if let code = line.withUnsafeBytes({ FileIO.writeAll(appendFD, $0) }) {
      warn("cannot append to \(appendPath ?? ""): \(String(cString: strerror(code)))")
      close(appendFD)
      appendFD = -1
    }
  }
}

extension PlaybackHandler {
  /// Reads `--playback`'s files (any transcript error is a usage error); with
  /// `--record-mode once`, files with no exchange at all are refused too.
  static func read(_ options: ServeOptions) throws -> [Transcript] {
    let transcripts = try options.playbackPaths.map { try TranscriptReader.read(path: $0) }
    // Checked as replay checks them: bytes sent to the plugin are bytes replay would accept.
    for transcript in transcripts {
      for (line, exchange) in transcript.exchanges {
        if let problem = TranscriptConsistency.problem(exchange) {
          throw TranscriptError(file: transcript.path, line: line, message: problem)
        }
      }
    }
    if options.playbackMode == .once, transcripts.allSatisfy({ $0.exchanges.isEmpty }) {
      throw TranscriptError(
        file: options.playbackPaths.joined(separator: ", "), line: 0,
        message:
          "no recorded exchange to answer with (with --record-mode new or all an empty file "
          + "is where new exchanges are appended)")
    }
    return transcripts
  }
}
