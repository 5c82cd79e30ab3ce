import FlutterCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The serve loop proper: `--scenario` and `--record` set up, then `--jsonl`'s line server or
/// the frame loop over read(2) and write(2).
extension Serve {
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
    let model = handler.emulatorModel
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
    server.replyTimeoutMs = options.replyTimeoutMs
    while true {
      if let status = flush(server, logger: logger, warned: &recordingWarned) {
        return finish(server.recorder, status, logger)
      }
      if server.laterReplies != nil && !awaitInput(server, input) { continue }
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
        server.pumpLater()
      } else if n == 0 {
        if let status = flush(server, logger: logger, warned: &recordingWarned) {
          return finish(server.recorder, status, logger)
        }
        if let status = awaitReplies(server, logger: logger, warned: &recordingWarned) {
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

  /// Waits for input or for work answered later (a native plugin's): true when input is ready
  /// to read, false when later work ran instead (its output is then pending). Writes the
  /// diagnostic of each reply that is overdue.
  private static func awaitInput(_ server: FrameServer, _ input: Int32) -> Bool {
    guard let later = server.laterReplies else { return true }
    while true {
      let timeout = server.checkOverdue() ?? -1
      var fds = [
        pollfd(fd: input, events: Int16(POLLIN), revents: 0),
        pollfd(fd: later.wakeDescriptor, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 2, Int32(clamping: timeout))
      if ready < 0 && errno != EINTR { return true }
      if fds[1].revents != 0 {
        server.pumpLater()
        if server.hasOutput { return false }
      }
      if fds[0].revents != 0 { return true }
    }
  }

  /// At end of input: waits for the replies still to come, each up to its deadline (then named
  /// on stderr), writing them as they come; `nil` when done, else the exit status of a failed
  /// write.
  private static func awaitReplies(_ server: FrameServer, logger: Logger, warned: inout Bool)
    -> Int32?
  {
    guard let later = server.laterReplies else { return nil }
    server.pumpLater()
    while server.waitingCount > 0 {
      if let status = flush(server, logger: logger, warned: &warned) { return status }
      guard let timeout = server.checkOverdue() else { break }
      FileIO.waitUntilReady(later.wakeDescriptor, for: Int16(POLLIN), timeoutMs: timeout)
      server.pumpLater()
    }
    server.recordHeldEvents()
    return flush(server, logger: logger, warned: &warned)
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
}
