import ArgumentParser
import Harness

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `hkbridge serve`: the stdin/stdout harness of protocol/frames.md.
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the plugin channel over stdin/stdout frames (for Dart tests).",
    discussion: """
      Writes a HELLO frame, then answers every MESSAGE frame on stdin with one
      REPLY frame of the same id on stdout, in order. Frames: uint32 LE length,
      then kind, flags, id (uint32 LE), channel length (uint16 LE), channel
      name, payload. Logs go to stderr only.

      Exit status: 0 at end of input on a frame boundary (or when stdout is
      closed), 3 at end of input inside a frame, 2 for bad options or an
      unusable --scenario/--record file.

      Examples:
        hkbridge serve
        hkbridge serve --device iPad --os 16.4 --log-level info
        hkbridge serve --scenario setup.jsonl --record run.jsonl
        hkbridge serve --channel healthkit_permissions --channel my_health_channel
      """
  )

  @Option(
    name: .customLong("channel"),
    help: "A plugin method channel name (repeatable; default healthkit_permissions).")
  var channels: [String] = []

  @Option(help: "The emulated device: iPhone or iPad.")
  var device: String = "iPhone"

  @Option(name: .customLong("os"), help: "The iOS / iPadOS version, e.g. 17.5 or 16.4.")
  var osVersion: String = "17.5"

  @Option(help: "Write every exchange served to FILE as a transcript with bytes.")
  var record: String?

  @Option(help: "Run a transcript's calls before serving (sets the store up; also recorded).")
  var scenario: String?

  @Option(help: "Frames longer than BYTES are refused and skipped (default 64 MiB).")
  var maxFrame: Int = FrameLayout.defaultMaxFrame

  @Option(help: "stderr verbosity: quiet, error, warning, info or debug.")
  var logLevel: String = "warning"

  func run() throws {
    let options: ServeOptions
    switch makeOptions() {
    case .success(let made): options = made
    case .failure(let problem):
      Logger.writeStderr("hkbridge serve: \(problem.message)\n")
      throw ExitCode(Serve.exitUsage)
    }
    let status = Serve.run(options)
    if status != 0 { throw ExitCode(status) }
  }

  struct Problem: Error {
    var message: String
  }

  /// Checks every option and builds the harness options; a problem names the option.
  func makeOptions() -> Result<ServeOptions, Problem> {
    var names: [String] = []
    for name in channels.isEmpty ? [Emulator.defaultPluginChannel] : channels {
      if name.isEmpty {
        return .failure(Problem(message: "--channel needs a non-empty channel name"))
      }
      if name.utf8.count > Int(UInt16.max) {
        return .failure(Problem(message: "--channel \(name.prefix(20))…: longer than 65535 bytes"))
      }
      if name == Emulator.controlChannel {
        return .failure(
          Problem(message: "--channel hkbridge/control: that is the control channel's name"))
      }
      if !names.contains(name) { names.append(name) }
    }
    guard device == "iPhone" || device == "iPad" else {
      return .failure(Problem(message: "--device \(device): expected iPhone or iPad"))
    }
    guard Self.isVersion(osVersion) else {
      return .failure(
        Problem(message: "--os \(osVersion): expected a version like 17.5, 16.4 or 12.0"))
    }
    guard maxFrame >= 8 && maxFrame <= Int(UInt32.max) else {
      return .failure(
        Problem(
          message:
            "--max-frame \(maxFrame): expected a byte count from 8 (the smallest frame) to "
            + "4294967295"))
    }
    if let problem = Emulator.configurationProblem(device: device, osVersion: osVersion) {
      return .failure(Problem(message: "--device \(device) --os \(osVersion): \(problem)"))
    }
    guard let level = LogLevel(name: logLevel) else {
      return .failure(
        Problem(
          message: "--log-level \(logLevel): expected quiet, error, warning, info or debug"))
    }
    return .success(
      ServeOptions(
        pluginChannels: names, device: device, osVersion: osVersion, recordPath: record,
        scenarioPath: scenario, maxFrame: maxFrame, logLevel: level,
        emulatorVersion: HKBridge.version))
  }

  /// `17`, `17.5` or `17.5.1`: one to three dot-separated numbers.
  static func isVersion(_ text: String) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return (1...3).contains(parts.count)
      && parts.allSatisfy {
        !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) && Int($0) != nil
      }
  }
}
