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
struct ServeCommand: ParsableCommand, FastParsable {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the plugin channel over stdin/stdout frames (for Dart tests).",
    discussion: """
      Writes a HELLO frame, then answers every MESSAGE frame on stdin with one
      REPLY frame of the same id on stdout, in order. Frames: uint32 LE length,
      then kind, flags, id (uint32 LE), channel length (uint16 LE), channel
      name, payload. Logs go to stderr only.

      Exit status: 0 at end of input on a frame boundary, or when the reader
      closed stdout (EPIPE); 1 when stdin cannot be read, stdout cannot be
      written (any error but EPIPE, e.g. a full disk) or the --record file
      failed (warned about when it first fails; serving goes on); 2 for bad
      options, an unusable --scenario/--record file or a failed --scenario
      step (naming FILE:LINE); 3 at end of input inside a frame.

      --jsonl is a text mode for people and scripts: one request a line, e.g.
      {"call": {"method": "isAvailable"}} (the channel defaults to the plugin
      channel), answered by one transcript line with "reply" and "replyHex";
      the first line out is {"hello": {...}}; a bad line gets an
      {"error": {"line", "column", "message"}} line and serving goes on.

      Examples:
        hkbridge serve
        echo '{"call": {"method": "getPlatformVersion"}}' | hkbridge serve --jsonl
        hkbridge serve --device iPad --os 16.4 --log-level info
        hkbridge serve --scenario setup.jsonl --record run.jsonl
        hkbridge serve --channel healthkit_permissions --channel my_health_channel
        hkbridge serve --profile health
        hkbridge serve --profile healthkit_permissions --profile health
        hkbridge serve --profile connect_kit
        hkbridge serve --custom-channel my_plugin --scenario stubs.jsonl
        hkbridge serve --playback device.jsonl
        hkbridge serve --playback device.jsonl --record-mode new
        hkbridge serve --bundle-id com.acme.run --app-name "Acme Run" --record run.jsonl

      With --playback, the first FILE's header sets up what the options above do
      not (profiles, channels, device, OS, bundle id, app name). --record never
      names a file --playback or --scenario reads (exit 2). --jsonl exits 2 at
      the end when it refused any line.
      """
  )

  @OptionGroup var emulator: EmulatorOptions
  var channels: [String] { emulator.channels }
  var profiles: [String] { emulator.profiles }
  var customChannels: [String] { emulator.customChannels }
  var device: String { emulator.device ?? Emulator.defaultDevice }
  var deviceGiven: Bool { emulator.device != nil }
  var osVersion: String { emulator.osVersion ?? Emulator.defaultOSVersion }
  var osGiven: Bool { emulator.osVersion != nil }

  @Option(
    name: .customLong("bundle-id"),
    help:
      "The emulated app's bundle id (HELLO, the app's samples' source; default com.example.app).")
  var bundleId: String?

  @Option(
    name: .customLong("app-name"),
    help: "The emulated app's display name (its samples' source name).")
  var appName: String?

  @Option(help: "Write every exchange served to FILE as a transcript with bytes.")
  var record: String?

  @Option(help: "Run a transcript's calls before serving (sets the store up; also recorded).")
  var scenario: String?

  @Option(help: "Frames longer than BYTES are refused and skipped (default 64 MiB).")
  var maxFrame: Int = FrameLayout.defaultMaxFrame

  @Option(help: "stderr verbosity: quiet, error, warning, info or debug.")
  var logLevel: String = "warning"

  @Flag(
    help: "Text mode: one typed-JSON call a line on stdin, one transcript line a reply on stdout.")
  var jsonl = false

  @Option(
    help:
      "Answer calls from this recorded transcript instead of the model (repeatable; see protocol/playback.md)."
  )
  var playback: [String] = []

  @Option(
    help:
      "With --playback, an unmatched call: once (PLAYBACK_MISS error), new (the model answers, appended to the first file), all (the model answers every call, each appended)."
  )
  var recordMode: String = "once"

  /// Every option as the fast path reads it (FastPath/), in the order declared above.
  static var fastOptions: [FastOption<Self>] {
    EmulatorOptions.fastOptions(set: { $0.emulator = $1 }, change: { $1(&$0.emulator) }) + [
      .optional("--bundle-id") { $0.bundleId = $1 },
      .optional("--app-name") { $0.appName = $1 },
      .optional("--record") { $0.record = $1 },
      .optional("--scenario") { $0.scenario = $1 },
      .int("--max-frame", default: FrameLayout.defaultMaxFrame) { $0.maxFrame = $1 },
      .value("--log-level", default: "warning") { $0.logLevel = $1 },
      .flag("--jsonl") { $0.jsonl = $1 },
      .repeating("--playback") { $0.playback = $1 },
      .value("--record-mode", default: "once") { $0.recordMode = $1 },
    ]
  }

  func run() throws {
    let options: ServeOptions
    do {
      options = try makeOptions()
    } catch {
      Logger.writeStderr("hkbridge serve: \(error.message)\n")
      throw ExitCode(Serve.exitUsage)
    }
    let status = Serve.run(options)
    if status != 0 { throw ExitCode(status) }
  }

  struct Problem: Error {
    var message: String
  }

  /// Checks every option and builds the harness options; a problem names the option. (Typed
  /// throws rather than a `Result`: a `Result`'s type is built at start by checking `Error`
  /// conformances, a scan of the binary's conformance records.)
  func makeOptions() throws(Problem) -> ServeOptions {
    var profileNames: [String] = []
    for name in profiles.isEmpty ? [Emulator.defaultProfile] : profiles
    where !profileNames.contains(name) {
      profileNames.append(name)
    }
    if let problem = Emulator.profileProblem(profileNames) {
      throw Problem(message: "--profile: \(problem)")
    }
    if !channels.isEmpty && !profileNames.contains(Emulator.defaultProfile) {
      throw Problem(
        message:
          "--channel renames profile \(Emulator.defaultProfile)'s channel; add --profile "
          + "\(Emulator.defaultProfile) to serve it")
    }
    var names: [String] = []
    for name in channels.isEmpty ? [Emulator.defaultPluginChannel] : channels {
      if name.isEmpty {
        throw Problem(message: "--channel needs a non-empty channel name")
      }
      if name.utf8.count > Int(UInt16.max) {
        throw Problem(message: "--channel \(name.prefix(20))…: longer than 65535 bytes")
      }
      if name == Emulator.controlChannel {
        throw Problem(message: "--channel hkbridge/control: that is the control channel's name")
      }
      if !names.contains(name) { names.append(name) }
    }
    var custom: [String] = []
    for name in customChannels where !custom.contains(name) {
      if let problem = CustomChannelOption.problem(name, served: names) {
        throw Problem(message: problem)
      }
      custom.append(name)
    }
    guard Emulator.deviceNames.contains(device) else {
      throw Problem(
        message: "--device \(device): expected "
          + Emulator.deviceNames.joined(separator: " or "))
    }
    if let problem = OSOption.problem(osVersion) {
      throw Problem(message: problem)
    }
    guard maxFrame >= 8 && maxFrame <= Int(UInt32.max) else {
      throw Problem(
        message:
          "--max-frame \(maxFrame): expected a byte count from 8 (the smallest frame) to "
          + "4294967295")
    }
    if let problem = Emulator.configurationProblem(device: device, osVersion: osVersion) {
      throw Problem(message: "--device \(device) --os \(osVersion): \(problem)")
    }
    guard let level = LogLevel(name: logLevel) else {
      throw Problem(
        message: "--log-level \(logLevel): expected quiet, error, warning, info or debug")
    }
    if let bundleId, bundleId.isEmpty || bundleId.contains(where: \.isWhitespace) {
      throw Problem(
        message:
          "--bundle-id \"\(bundleId)\": expected a non-empty identifier without spaces, like "
          + "com.example.app")
    }
    if appName?.isEmpty == true {
      throw Problem(message: "--app-name needs a non-empty name, like \"Acme Run\"")
    }
    guard let playbackMode = PlaybackRecordMode(rawValue: recordMode) else {
      throw Problem(message: "--record-mode \(recordMode): expected once, new or all")
    }
    var options = ServeOptions(
      pluginChannels: names, device: device, osVersion: osVersion, recordPath: record,
      scenarioPath: scenario, maxFrame: maxFrame, logLevel: level,
      emulatorVersion: HKBridge.version)
    options.profiles = profileNames
    options.customChannels = custom
    options.jsonl = jsonl
    options.playbackPaths = playback
    options.playbackMode = playbackMode
    options.bundleId = bundleId
    options.appName = appName
    options.replyTimeoutMs = emulator.replyTimeoutMs
    options.given = ReplaySetup(
      channels: channels.isEmpty ? nil : names, device: deviceGiven ? device : nil,
      osVersion: osGiven ? osVersion : nil, profiles: profiles.isEmpty ? nil : profileNames,
      bundleId: bundleId, appName: appName, customChannels: custom.isEmpty ? nil : custom)
    return options
  }
}
