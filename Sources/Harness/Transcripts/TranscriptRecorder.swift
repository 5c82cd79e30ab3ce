import FlutterCodec
import PluginHost

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `serve --record FILE`: writes every exchange served as a transcript line with its bytes
/// (`callHex`/`messageHex` and `replyHex`), and each protocol error as a note. Lines are buffered
/// and written at each ``flush()`` (the serve loop flushes after every batch and at exit).
public final class TranscriptRecorder {
  public let path: String
  private let fd: Int32
  private let methodChannels: Set<String>
  private var pending: [UInt8] = []
  /// The first write error, if any (recording stops after it).
  public private(set) var failure: FileIOError?
  /// The errno of a failed write (beside ``failure``), or `nil`.
  public private(set) var failedErrno: Int32?
  /// The emulator's clock as the next message finds it (it moves only when a message moves it),
  /// written as that exchange's `at`; `nil` when the handler has no clock.
  public var clock: Int?

  /// The most bytes the recording holds: what `replay` and `--playback` read
  /// (``TranscriptReader/maximumFileBytes``). The line that would pass it, and every later one,
  /// is not written, and ``failure`` says so.
  public let maximumBytes: Int
  /// Bytes written so far.
  private var written = 0

  /// Creates (or truncates) `path`. `methodChannels` are the channels known to take method calls;
  /// on other channels a payload that is one standard message is recorded as a `message`.
  public init(
    path: String, methodChannels: [String],
    maximumBytes: Int = TranscriptReader.maximumFileBytes
  ) throws(FileIOError) {
    self.path = path
    self.fd = try FileIO.create(path)
    self.methodChannels = Set(methodChannels)
    self.maximumBytes = maximumBytes
  }

  /// Records onto the end of a transcript already open for appending (`fd`, owned from now
  /// on), whose `written` bytes count toward ``maximumBytes`` (`--record-mode new` and `all`).
  public init(
    appendingTo path: String, descriptor fd: Int32, written: Int, methodChannels: [String],
    maximumBytes: Int = TranscriptReader.maximumFileBytes
  ) {
    self.path = path
    self.fd = fd
    self.methodChannels = Set(methodChannels)
    self.maximumBytes = maximumBytes
    self.written = written
  }

  deinit {
    flush()
    close(fd)
  }

  /// The transcript exchange for one served message.
  public static func exchange(
    channel: String, payload: [UInt8]?, reply: [UInt8]?, methodChannels: Set<String>
  ) -> TranscriptExchange {
    let request: TranscriptRequest
    let messageCodec = StandardMessageCodec(allowsExtensions: true)
    let methodCodec = StandardMethodCodec(messageCodec: messageCodec)
    if let payload {
      if methodChannels.contains(channel) {
        request = .call(try? methodCodec.decodeMethodCall(payload))
      } else if let value = try? messageCodec.decode(payload) {
        request = .message(value)
      } else if let call = try? methodCodec.decodeMethodCall(payload) {
        request = .call(call)
      } else {
        request = .message(.null)
      }
    } else {
      request = methodChannels.contains(channel) ? .call(nil) : .message(.null)
    }
    let isMethodCall: Bool
    if case .call = request { isMethodCall = true } else { isMethodCall = false }
    return TranscriptExchange(
      channel: channel, request: request, requestBytes: RecordedBytes(payload),
      reply: TranscriptReply.decode(reply, isMethodCall: isMethodCall),
      replyBytes: RecordedBytes(reply))
  }

  /// The control call that sets a fresh emulator (the default state in protocol/state.md#default-state, where replay starts)
  /// up like this one: `configure` with the `--device`/`--os` serve started with; `nil` when those
  /// are the defaults.
  public var setupCall: MethodCall?
  /// The device profile right after the setup, to tell when a `reset` went back to it.
  private var setupDevice: ChannelValue?

  /// Sends ``setupCall`` to `handler` (a no-op there: it already runs with that device and OS)
  /// and records it first, so that the recording replays from the default state.
  public func recordSetup(on handler: MessageHandling, why: String) {
    guard let setupCall else { return }
    let payload = StandardMethodCodec().encodeMethodCall(setupCall)
    note(why)
    record(
      channel: Emulator.controlChannel, payload: payload,
      reply: handler.handleMessage(channel: Emulator.controlChannel, payload: payload), at: clock)
    clock = EmulatorControl.clock(of: handler)
    setupDevice = handler.deviceDescription
  }

  /// Records one served exchange. After a `reset` that brought the emulator back to the setup
  /// device (not the default in protocol/state.md#default-state, where a replay's `reset` goes), records the setup again.
  public func served(
    channel: String, payload: [UInt8]?, reply: [UInt8]?, handler: MessageHandling
  ) {
    record(channel: channel, payload: payload, reply: reply, at: clock)
    if clock != nil { clock = EmulatorControl.clock(of: handler) }
    guard let setupDevice, channel == Emulator.controlChannel, reply == [0x00, 0x00],
      let payload, (try? StandardMethodCodec().decodeMethodCall(payload))?.method == "reset",
      handler.deviceDescription == setupDevice
    else { return }
    recordSetup(
      on: handler,
      why: "reset went back to the device serve started with: configure it again for a replay")
  }

  public func record(channel: String, payload: [UInt8]?, reply: [UInt8]?, at: Int? = nil) {
    var exchange = Self.exchange(
      channel: channel, payload: payload, reply: reply, methodChannels: methodChannels)
    exchange.at = at
    let line = TranscriptWriter.line(.exchange(exchange))
    pending.append(contentsOf: line.utf8)
    pending.append(UInt8(ascii: "\n"))
  }

  /// Records the events a served call caused, after its exchange (protocol/events.md).
  public func events(_ messages: [HostMessage]) {
    for message in messages {
      let event = TranscriptEvent(channel: message.channel, payload: message.payload)
      pending.append(contentsOf: TranscriptWriter.line(.event(event)).utf8)
      pending.append(UInt8(ascii: "\n"))
    }
  }

  /// Writes the `{"hkbridge": {...}}` header line (called first, before any exchange).
  public func header(_ header: TranscriptHeader) {
    pending.append(contentsOf: TranscriptWriter.line(.header(header)).utf8)
    pending.append(UInt8(ascii: "\n"))
  }

  public func note(_ text: String) {
    pending.append(contentsOf: TranscriptWriter.line(.note(text)).utf8)
    pending.append(UInt8(ascii: "\n"))
  }

  /// Writes what is buffered. After a write error, nothing more is written.
  public func flush() {
    guard !pending.isEmpty else { return }
    defer { pending.removeAll(keepingCapacity: true) }
    guard failure == nil else { return }
    // Only whole lines within the size replay reads are written (lines end in a newline).
    var count = pending.count
    if written + count > maximumBytes {
      count =
        pending[..<(maximumBytes - written + 1)].lastIndex(of: UInt8(ascii: "\n")).map {
          $0 + 1
        } ?? 0
      failure = FileIOError(
        path: path,
        message:
          "the recording reached \(maximumBytes) bytes, the most replay reads; later exchanges "
          + "are not recorded (record a shorter session)")
    }
    if let code = pending.withUnsafeBytes({
      FileIO.writeAll(fd, UnsafeRawBufferPointer(rebasing: $0[..<count]))
    }) {
      failedErrno = code
      failure = FileIOError(
        path: path, message: "cannot write the recording: \(String(cString: strerror(code)))")
    }
    written += count
  }
}
