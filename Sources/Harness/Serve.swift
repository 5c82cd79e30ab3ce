import FlutterCodec
import HealthPlugin

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

  public init(
    pluginChannels: [String] = [Dispatcher.defaultPluginChannel], device: String = "iPhone",
    osVersion: String = "17.5", recordPath: String? = nil, scenarioPath: String? = nil,
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
    let emulator = Emulator.make(
      pluginChannels: options.pluginChannels, device: options.device,
      osVersion: options.osVersion, warnings: { logger.warning($0) })
    return run(
      handler: emulator, options: options, logger: logger, input: input, output: output)
  }

  /// Serves with any handler (tests use a fake).
  public static func run(
    handler: MessageHandling, options: ServeOptions, logger: Logger, input: Int32, output: Int32
  ) -> Int32 {
    var scenario: Transcript?
    if let scenarioPath = options.scenarioPath {
      do {
        scenario = try TranscriptReader.read(path: scenarioPath, requireReply: false)
      } catch {
        Logger.writeStderr("hkbridge serve: cannot use --scenario: \(error)\n")
        return exitUsage
      }
    }
    let server = FrameServer(handler: handler, maxFrame: options.maxFrame, logger: logger)
    if let recordPath = options.recordPath {
      do {
        server.recorder = try TranscriptRecorder(path: recordPath, methodChannels: handler.channels)
      } catch {
        Logger.writeStderr("hkbridge serve: cannot use --record: \(error)\n")
        return exitUsage
      }
      // A recording replays from the default state in protocol/state.md#default-state (iPhone, iOS 17.5): it starts with the
      // configure call that gives the device serve was started with.
      if options.device != "iPhone" || options.osVersion != "17.5" {
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
    if let scenario {
      ScenarioRunner.run(scenario, on: handler, logger: logger, recorder: server.recorder)
    }
    server.appendHello(emulatorVersion: options.emulatorVersion)
    logger.info(
      "serving \(handler.channels.joined(separator: ", ")) (max frame \(options.maxFrame) bytes)")
    while true {
      if !flush(server, to: output, logger: logger) { return finish(server, exitOK, logger) }
      let space = server.readSpace()
      let n = read(input, space.baseAddress, space.count)
      if n > 0 {
        server.didRead(n)
      } else if n == 0 {
        if !flush(server, to: output, logger: logger) { return finish(server, exitOK, logger) }
        if server.isInsideFrame {
          Logger.writeStderr(
            "hkbridge serve: end of input inside a frame: the last frame is incomplete\n")
          return finish(server, exitTruncated, logger)
        }
        logger.info(
          "end of input: \(server.messagesServed) messages served, "
            + "\(server.protocolErrors) protocol errors")
        return finish(server, exitOK, logger)
      } else if errno == EAGAIN || errno == EWOULDBLOCK {
        FileIO.waitUntilReady(input, for: Int16(POLLIN))
      } else if errno != EINTR {
        Logger.writeStderr("hkbridge serve: cannot read stdin: \(FileIO.errnoText())\n")
        return finish(server, exitIOError, logger)
      }
    }
  }

  /// Writes the pending frames; false when the reader has closed stdout (or it fails).
  private static func flush(_ server: FrameServer, to fd: Int32, logger: Logger) -> Bool {
    server.recorder?.flush()
    guard server.hasOutput else { return true }
    let failure = server.withOutput { FileIO.writeAll(fd, $0) }
    server.discardOutput()
    if let failure {
      logger.info("stdout closed (\(String(cString: strerror(failure)))): stopping")
      return false
    }
    return true
  }

  private static func finish(_ server: FrameServer, _ status: Int32, _ logger: Logger) -> Int32 {
    guard let recorder = server.recorder else { return status }
    recorder.flush()
    if let failure = recorder.failure {
      Logger.writeStderr("hkbridge serve: \(failure)\n")
      return status == exitOK ? exitIOError : status
    }
    return status
  }
}
