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

/// What `hkbridge serve` was asked for (protocol/cli.md).
public struct ServeOptions: Sendable {
  public var pluginChannels: [String]
  public var device: String
  public var osVersion: String
  public var recordPath: String?
  public var scenarioPath: String?
  public var maxFrame: Int
  public var logLevel: LogLevel
  /// The version announced in HELLO (`HKBridge.version`).
  public var emulatorVersion: String
  /// The plugin profiles served (`--profile`; default `healthkit_permissions`).
  public var profiles: [String] = [Dispatcher.defaultProfile]
  /// `--jsonl`: one typed-JSON call a line instead of frames (protocol/text-mode.md).
  public var jsonl = false
  /// `--playback FILE…`: answer from these recordings (protocol/playback.md).
  public var playbackPaths: [String] = []
  /// `--record-mode`: what a call no recording answers gets.
  public var playbackMode: PlaybackRecordMode = .once
  /// `--bundle-id`/`--app-name`: the emulated app (applied with control `configure`).
  public var bundleId: String?
  public var appName: String?
  /// What the command line set explicitly (`--channel`, `--profile`, `--device`, `--os`,
  /// `--bundle-id`, `--app-name`); with `--playback`, the first header supplies the rest.
  public var given = ReplaySetup()

  public init(
    pluginChannels: [String] = [Dispatcher.defaultPluginChannel],
    device: String = Emulator.defaultDevice, osVersion: String = Emulator.defaultOSVersion,
    recordPath: String? = nil, scenarioPath: String? = nil,
    maxFrame: Int = FrameLayout.defaultMaxFrame, logLevel: LogLevel = .warning,
    emulatorVersion: String
  ) {
    self.pluginChannels = pluginChannels
    self.device = device
    self.osVersion = osVersion
    self.recordPath = recordPath
    self.scenarioPath = scenarioPath
    self.maxFrame = maxFrame
    self.logLevel = logLevel
    self.emulatorVersion = emulatorVersion
  }
}

extension ServeOptions {
  /// With `--playback`: the header's setup where the command line gave none
  /// (protocol/playback.md, "Setup from the header").
  mutating func complete(by header: TranscriptHeader?) {
    guard let header else { return }
    let used = given.completed(by: header)
    if given.profiles == nil, let profiles = used.profiles { self.profiles = profiles }
    if given.channels == nil, let channels = used.channels { pluginChannels = channels }
    if given.device == nil, let device = used.device { self.device = device }
    if given.osVersion == nil, let osVersion = used.osVersion { self.osVersion = osVersion }
    bundleId = used.bundleId
    appName = used.appName
  }
}

/// The serve loop over file descriptors: HELLO, then read(2) big chunks, serve every complete
/// frame, write(2) the replies once per batch, until end of input.
public enum Serve {
  /// End of input on a frame boundary, or the reader closed stdout.
  public static let exitOK: Int32 = 0
  /// A read error on stdin, or the recording could not be written.
  public static let exitIOError: Int32 = 1
  /// Bad options, or a scenario or record file that cannot be used.
  public static let exitUsage: Int32 = 2
  /// End of input inside a frame.
  public static let exitTruncated: Int32 = 3

  /// Serves stdin/stdout with a fresh ``Dispatcher``; returns the exit status.
  public static func run(_ options: ServeOptions, input: Int32 = 0, output: Int32 = 1) -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    let logger = Logger(level: options.logLevel)
    if let problem = readAndWrittenProblem(options) {
      Logger.writeStderr("hkbridge serve: \(problem)\n")
      return exitUsage
    }
    var options = options
    var playbackFiles: [Transcript] = []
    if !options.playbackPaths.isEmpty {
      do {
        playbackFiles = try PlaybackHandler.read(options)
      } catch {
        Logger.writeStderr("hkbridge serve: cannot use --playback: \(error)\n")
        return exitUsage
      }
      options.complete(by: playbackFiles.lazy.compactMap(\.header).first)
      if let problem = Emulator.configurationProblem(
        device: options.device, osVersion: options.osVersion)
      {
        Logger.writeStderr("hkbridge serve: --playback: the header's setup: \(problem)\n")
        return exitUsage
      }
    }
    let emulator = Emulator.make(
      pluginChannels: options.pluginChannels, device: options.device,
      osVersion: options.osVersion, profiles: options.profiles,
      warnings: { logger.warning($0) })
    if let problem = EmulatorControl.applyIdentity(
      bundleId: options.bundleId, appName: options.appName, on: emulator)
    {
      Logger.writeStderr("hkbridge serve: --bundle-id/--app-name: \(problem)\n")
      return exitUsage
    }
    guard !options.playbackPaths.isEmpty else {
      return run(
        handler: emulator, options: options, logger: logger, input: input, output: output)
    }
    let playback: PlaybackHandler
    do {
      playback = try PlaybackHandler(
        transcripts: playbackFiles, model: emulator, mode: options.playbackMode,
        warn: { logger.warning($0) })
    } catch {
      Logger.writeStderr("hkbridge serve: cannot use --playback: \(error)\n")
      return exitUsage
    }
    return run(handler: playback, options: options, logger: logger, input: input, output: output)
  }

  /// Defect 1 of issue 22: `--record` naming a file that `--playback` or `--scenario` reads
  /// would truncate it before it is read (the only copy of a device recording).
  static func readAndWrittenProblem(_ options: ServeOptions) -> String? {
    guard let recordPath = options.recordPath else { return nil }
    let read =
      options.playbackPaths.map { ("--playback", $0) }
      + (options.scenarioPath.map { [("--scenario", $0)] } ?? [])
    for (flag, path) in read
    where path == recordPath || FileIO.isSameFile(path, recordPath) {
      return "\(flag) \(path) and --record \(recordPath) are the same file: recording would "
        + "truncate it before it is read; record to another file"
    }
    return nil
  }

  /// Serves with any handler (tests use a fake).
  public static func run(
    handler: MessageHandling, options: ServeOptions, logger: Logger, input: Int32, output: Int32
  ) -> Int32 {
    // A closed stdout would hand its descriptor to the --record file: refuse it first.
    guard fcntl(output, F_GETFD) >= 0 else {
      Logger.writeStderr("hkbridge serve: cannot write stdout: \(FileIO.errnoText())\n")
      return exitIOError
    }
    var scenario: Transcript?
    if let scenarioPath = options.scenarioPath {
      do {
        scenario = try TranscriptReader.read(path: scenarioPath, requireReply: false)
      } catch {
        Logger.writeStderr("hkbridge serve: cannot use --scenario: \(error)\n")
        return exitUsage
      }
      if scenario?.exchanges.isEmpty == true {
        Logger.writeStderr(
          "hkbridge serve: cannot use --scenario: \(scenarioPath): it has no exchanges to run\n")
        return exitUsage
      }
    }
    let server = FrameServer(handler: handler, maxFrame: options.maxFrame, logger: logger)
    // A setLatency delay first writes the replies already made, so a client sees the delay.
    let model = (handler as? PlaybackHandler)?.model ?? handler
    model.setBeforeDelay { [weak server] in
      if let server { _ = server.flushPendingOutput() }
    }
    if let recordPath = options.recordPath {
      do {
        server.recorder = try TranscriptRecorder(
          path: recordPath, methodChannels: handler.methodChannels)
      } catch {
        Logger.writeStderr("hkbridge serve: cannot use --record: \(error)\n")
        return exitUsage
      }
      server.recorder?.header(options.recordHeader)
      server.recorder?.clock = EmulatorControl.clock(of: handler)
      // A recording replays from the default state in protocol/state.md#default-state (iPhone, iOS 17.5): it starts with the
      // configure call that gives the device serve was started with.
      if options.device != Emulator.defaultDevice || options.osVersion != Emulator.defaultOSVersion
      {
        server.recorder?.setupCall = MethodCall(
          "configure",
          .object([("device", .string(options.device)), ("osVersion", .string(options.osVersion))]))
        server.recorder?.recordSetup(
          on: handler,
          why:
            "recorded by serve --device \(options.device) --os \(options.osVersion): this "
            + "configure call gives a replay the same device")
      }
    }
    if let scenario,
      let failure = ScenarioRunner.run(
        scenario, on: handler, logger: logger, recorder: server.recorder)
    {
      Logger.writeStderr("hkbridge serve: --scenario step failed: \(failure)\n")
      return finish(server.recorder, exitUsage, logger)
    }
    if options.jsonl {
      let lines = JSONLServer(
        handler: handler, recorder: server.recorder, maxLine: options.maxFrame, logger: logger)
      model.setBeforeDelay { [weak lines] in lines?.flushPendingOutput() }
      return lines.run(emulatorVersion: options.emulatorVersion, input: input, output: output)
    }
    server.outputWriter = { FileIO.writeAll(output, $0) }
    var recordingWarned = false
    var sawInput = false
    server.appendHello(emulatorVersion: options.emulatorVersion)
    logger.info(
      "serving \(handler.channels.joined(separator: ", ")) (max frame \(options.maxFrame) bytes)")
    while true {
      if let status = flush(server, logger: logger, warned: &recordingWarned) {
        return finish(server.recorder, status, logger)
      }
      let space = server.readSpace()
      let n = read(input, space.baseAddress, space.count)
      if n > 0 {
        if !sawInput {
          sawInput = true
          if let hint = textInputHint(UnsafeRawBufferPointer(rebasing: space[..<n])) {
            logger.warning(hint)
          }
        }
        server.didRead(n)
      } else if n == 0 {
        if let status = flush(server, logger: logger, warned: &recordingWarned) {
          return finish(server.recorder, status, logger)
        }
        if server.isInsideFrame {
          Logger.writeStderr(
            "hkbridge serve: end of input inside a frame: the last frame is incomplete\n")
          return finish(server.recorder, exitTruncated, logger)
        }
        logger.info(
          "end of input: \(server.messagesServed) messages served, "
            + "\(server.protocolErrors) protocol errors")
        return finish(server.recorder, exitOK, logger)
      } else if errno == EAGAIN || errno == EWOULDBLOCK {
        FileIO.waitUntilReady(input, for: Int16(POLLIN))
      } else if errno != EINTR {
        Logger.writeStderr("hkbridge serve: cannot read stdin: \(FileIO.errnoText())\n")
        return finish(server.recorder, exitIOError, logger)
      }
    }
  }

  /// Writes the pending frames; `nil` to go on, or the exit status: ``exitOK`` when the reader
  /// closed stdout (EPIPE: serving stops quietly), ``exitIOError`` (with a message on stderr) for
  /// any other write error, such as ENOSPC on /dev/full. A recording that fails is warned about
  /// once, when it first fails, and serving goes on.
  private static func flush(_ server: FrameServer, logger: Logger, warned: inout Bool) -> Int32? {
    server.flushPendingOutput()
    warnIfRecordingFailed(server.recorder, logger: logger, warned: &warned)
    return server.outputFailure.map { writeFailureStatus($0, logger: logger) }
  }

  /// A hint when the first bytes of binary-mode input look like text: a length field of four
  /// printable ASCII bytes (at least 0x09090909: over 151 MB, an absurd frame), as `{"ca` or
  /// `isAv` are. A `{` alone is no sign: it is the first byte of a 123-byte frame.
  static func textInputHint(_ first: UnsafeRawBufferPointer) -> String? {
    func printable(_ byte: UInt8) -> Bool {
      (0x20...0x7E).contains(byte) || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
    let head = first.prefix(4)
    guard head.count == 4 && head.allSatisfy(printable) else { return nil }
    let shown = String(
      decoding: first.prefix(24).map { printable($0) && $0 >= 0x20 ? $0 : 0x2E }, as: UTF8.self)
    return "the input looks like text (\"\(shown)\"), not binary frames: for one JSON call a "
      + "line, use serve --jsonl (protocol/text-mode.md)"
  }

  /// The exit status for a failed stdout write: EPIPE (the reader left) ends serving quietly
  /// with ``exitOK``; any other error is reported on stderr, ``exitIOError``.
  static func writeFailureStatus(_ failure: Int32, logger: Logger) -> Int32 {
    if failure == EPIPE {
      logger.info("stdout closed by the reader (EPIPE): stopping")
      return exitOK
    }
    Logger.writeStderr(
      "hkbridge serve: cannot write stdout: \(String(cString: strerror(failure))); stopping\n")
    return exitIOError
  }

  /// Warns once, when the recording first fails; serving goes on.
  static func warnIfRecordingFailed(
    _ recorder: TranscriptRecorder?, logger: Logger, warned: inout Bool
  ) {
    if let failure = recorder?.failure, !warned {
      warned = true
      logger.warning("\(failure); serving goes on without recording")
    }
  }

  static func finish(_ recorder: TranscriptRecorder?, _ status: Int32, _ logger: Logger) -> Int32 {
    guard let recorder else { return status }
    recorder.flush()
    if let failure = recorder.failure {
      Logger.writeStderr("hkbridge serve: \(failure)\n")
      return status == exitOK ? exitIOError : status
    }
    return status
  }
}
