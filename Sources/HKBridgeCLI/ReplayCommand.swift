import ArgumentParser
import Harness

/// `hkbridge replay`: replays transcripts against a fresh emulator per file (protocol/transcripts.md).
struct ReplayCommand: ParsableCommand, FastParsable {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay transcripts against the emulator and diff the replies.",
    discussion: """
      Each FILE is JSON Lines: notes and exchanges (channel, call or message,
      reply, and optionally callHex/messageHex and replyHex). Every file runs
      against a fresh emulator. Prints one block per mismatch, then
      `N passed, M failed` on the last line.

      A first line {"hkbridge": {"channels", "profiles", "device", "osVersion", ...}}
      (written by serve --record) sets the emulator up as the recording was made;
      --channel, --profile, --device and --os override it or supply it. Exchanges (or the
      header) may carry "match": {"reply.ok[*].uuid": "uuid", ...} matchers,
      honoured when matching by value (see protocol/matchers.md). A "uuid"
      matcher binds the recorded id to the emulator's: later calls send the
      emulator's id where the recording has the device's, and later replies
      compare it as equal. An exchange's "at" (the client's clock, ms since
      1970) moves the emulator's clock first; the header's "bundleId" and
      "appName" make the emulated app the recorded one. Event lines
      ({"channel", "event": {"ok"|"error"|"end"}, "eventHex"}) after an exchange are
      the events its call caused (protocol/events.md); a missing, extra or different
      event fails.

      Exit status: 0 all passed, 1 some failed, 2 a transcript or usage error
      (file:line): unreadable or empty file, byte-order mark, a value that
      disagrees with its hex, an "at" earlier than the emulator's clock. A
      header-only recording is 0 passed, not an error.

      Examples:
        hkbridge replay golden/*.jsonl
        hkbridge replay --match code recorded.jsonl
        hkbridge replay --update golden/availability.jsonl
        hkbridge replay --json golden/*.jsonl
        hkbridge replay --profile health old-health-recording.jsonl
        hkbridge replay --channel my_health_channel --os 16.4 device.jsonl
      """
  )

  @Argument(help: "Transcript files (.jsonl).")
  var files: [String] = []

  @Option(
    help:
      "bytes (the default for lines with replyHex), value (as Dart's equals) or code (errors by code only)."
  )
  var match: MatchMode?

  @Flag(help: "Rewrite the files with the actual replies and bytes, keeping notes and order.")
  var update = false

  @Flag(help: "Print a machine-readable JSON report instead of text.")
  var json = false

  @OptionGroup var emulator: EmulatorOptions
  var profiles: [String] { emulator.profiles }
  var channels: [String] { emulator.channels }
  var customChannels: [String] { emulator.customChannels }
  var device: String? { emulator.device }
  var osVersion: String? { emulator.osVersion }

  @Option(
    name: .customShort("j"),
    help: ArgumentHelp(
      "Replay N files at a time, on N threads (0: one per core); the output is the same.",
      valueName: "n"))
  var jobs: Int = 1

  /// Every option as the fast path reads it (FastPath/), in the order declared above.
  static var fastOptions: [FastOption<Self>] {
    [
      .optional("--match", MatchMode.init(rawValue:)) { $0.match = $1 },
      .flag("--update") { $0.update = $1 },
      .flag("--json") { $0.json = $1 },
    ] + EmulatorOptions.fastOptions(set: { $0.emulator = $1 }, change: { $1(&$0.emulator) }) + [
      .int("-j", default: 1) { $0.jobs = $1 }
    ]
  }

  static func fastArguments(_ words: [String], into command: inout Self) -> Bool {
    command.files = words
    return true
  }

  func validate() throws {
    if jobs < 0 {
      throw ValidationError("-j \(jobs): expected a number of threads, 1 or more (0: one per core)")
    }
    if !profiles.isEmpty, let problem = Emulator.profileProblem(profiles) {
      throw ValidationError("--profile: \(problem)")
    }
    for name in channels where name.isEmpty || name == Emulator.controlChannel {
      throw ValidationError("--channel \(name): expected a plugin channel name")
    }
    for name in customChannels {
      if let problem = CustomChannelOption.problem(name, served: []) {
        throw ValidationError(problem)
      }
    }
    if let device, !Emulator.deviceNames.contains(device) {
      throw ValidationError(
        "--device \(device): expected \(Emulator.deviceNames.joined(separator: " or "))")
    }
    if let problem = Emulator.configurationProblem(
      device: device ?? Emulator.defaultDevice, osVersion: osVersion ?? Emulator.defaultOSVersion)
    {
      throw ValidationError("--device/--os: \(problem)")
    }
  }

  func run() throws {
    let setup = ReplaySetup(
      channels: channels.isEmpty ? nil : channels, device: device, osVersion: osVersion,
      profiles: profiles.isEmpty ? nil : profiles,
      customChannels: customChannels.isEmpty ? nil : customChannels)
    Emulator.replyTimeoutMs = emulator.replyTimeoutMs
    let status = ReplayRun.run(
      paths: files, mode: match, update: update, json: json, setup: setup,
      // A native plugin's code runs on the one main queue: its files replay one at a time.
      jobs: Emulator.host == nil ? jobs : 1,
      makeConfiguredHandler: Emulator.make,
      output: { Self.write($0, to: 1) }, errors: { Self.write($0, to: 2) })
    if status != 0 { throw ExitCode(status) }
  }

  static func write(_ text: String, to fd: Int32) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { FileIO.writeAll(fd, UnsafeRawBufferPointer($0)) }
  }
}

extension MatchMode: ExpressibleByArgument {}
