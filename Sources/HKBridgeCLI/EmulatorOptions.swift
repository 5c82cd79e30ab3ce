import ArgumentParser
import Harness

/// The options `serve` and `replay` share: what the emulator serves (profiles, channels, the
/// user's own channels), the device and iOS version, and how long a native plugin's result may
/// take. `replay` takes them as overrides of each transcript header's setup; `serve --playback`
/// as overrides of the first recording's.
struct EmulatorOptions: ParsableArguments {
  @Option(
    name: .customLong("profile"),
    help:
      "A plugin profile to serve (repeatable; default healthkit_permissions; overrides a transcript header's). See protocol/profiles/."
  )
  var profiles: [String] = []

  @Option(
    name: .customLong("channel"),
    help:
      "A plugin method channel name (repeatable; default healthkit_permissions; overrides a transcript header's)."
  )
  var channels: [String] = []

  @Option(
    name: .customLong("custom-channel"),
    help:
      "A channel of your own plugin, any method name, answered by stubs, scenarios and playback (repeatable; overrides a header's customChannels). See protocol/custom-channels.md."
  )
  var customChannels: [String] = []

  @Option(
    name: .customLong("device"),
    help: "The emulated device: iPhone or iPad (default iPhone; overrides a transcript header's).")
  var device: String?

  @Option(
    name: .customLong("os"),
    help: "The iOS / iPadOS version, e.g. 17.5 or 16.4 (default 17.5; overrides a header's).")
  var osVersion: String?

  // An option, not a group of its own: each option group costs a run-time conformance lookup
  // at start (protocol/performance.md).
  @Option(
    help:
      "A native plugin's result may take this many seconds before stderr names the call (default 10; see protocol/native.md)."
  )
  var replyTimeout: Double = ReplyTimeoutOption.defaultSeconds

  /// `--reply-timeout` in milliseconds.
  var replyTimeoutMs: Int { ReplyTimeoutOption.milliseconds(replyTimeout) }

  init() {}

  func validate() throws {
    if let problem = ReplyTimeoutOption.problem(replyTimeout) { throw ValidationError(problem) }
  }

  /// The fast path's rows (FastPath/) for these options, into the command's group: the first
  /// row sets the whole group with `set` (a group holds no value until set, and cannot be read
  /// before: no key paths, which would read it first); the later rows change it with `change`.
  static func fastOptions<Command>(
    set: @escaping (inout Command, Self) -> Void,
    change: @escaping (inout Command, (inout Self) -> Void) -> Void
  ) -> [FastOption<Command>] {
    [
      .repeating("--profile") { command, names in
        var fresh = Self()
        fresh.profiles = names
        set(&command, fresh)
      },
      .repeating("--channel") { command, names in change(&command) { $0.channels = names } },
      .repeating("--custom-channel") { command, names in
        change(&command) { $0.customChannels = names }
      },
      .optional("--device") { command, name in change(&command) { $0.device = name } },
      .optional("--os") { command, version in change(&command) { $0.osVersion = version } },
      .value(
        "--reply-timeout", default: ReplyTimeoutOption.defaultSeconds, ReplyTimeoutOption.seconds
      ) { command, seconds in
        change(&command) { $0.replyTimeout = seconds }
      },
    ]
  }
}
