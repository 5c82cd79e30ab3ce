import PluginHost

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The serve loop over file descriptors: HELLO, then read(2) big chunks, serve every complete
/// frame, write(2) the replies once per batch, until end of input. This file holds the exit
/// statuses and what is served (the emulator, or playback in front of it); the loop is in
/// ServeLoop.swift, how it ends in ServeExit.swift.
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
    Emulator.replyTimeoutMs = options.replyTimeoutMs
    let emulator = Emulator.make(
      pluginChannels: options.pluginChannels, device: options.device,
      osVersion: options.osVersion, profiles: options.profiles,
      customChannels: options.customChannels, warnings: { logger.warning($0) })
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
}
