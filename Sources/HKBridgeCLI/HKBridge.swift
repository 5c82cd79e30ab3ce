import ArgumentParser
import Harness

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `hkbridge` command: the root of every subcommand.
struct HKBridge: ParsableCommand {
  static let version = BuildInfo.version

  static let configuration = CommandConfiguration(
    commandName: "hkbridge",
    abstract: "Emulates the iOS side of a Flutter HealthKit plugin on Linux.",
    discussion: """
      hkbridge speaks Flutter's StandardMessageCodec byte for byte and serves, over
      stdin/stdout for Dart tests, one emulated HealthKit store behind this project's
      channel API (on any --channel name), published plugins' channels (--profile
      health, connect_kit, health_kit_reporter) and channels of your own answered by
      stubs and recordings (--custom-channel). It replays golden transcripts and
      device recordings of channel traffic.

      Examples:
        hkbridge serve --channel my_plugin
        hkbridge serve --profile health
        hkbridge replay golden/*.jsonl
        hkbridge encode message '[1, 1.0, {"$int64": 1}, "é"]'
        hkbridge decode message 0c02 0301000000 0702c3a9
        hkbridge types --os 12.0
      """,
    version: BuildInfo.versionText,
    subcommands: [
      ServeCommand.self, ReplayCommand.self, EncodeCommand.self, DecodeCommand.self,
      TypesCommand.self,
    ]
  )

  /// Runs the command line. Usage errors (unknown options, missing arguments) exit with 2, the
  /// status hkbridge gives all bad input, instead of swift-argument-parser's 64.
  static func main() {
    AllocatorPolicy.apply()
    do {
      // Well-formed lines of the commands tests start most skip the reflective parse
      // (FastPath/); the rest, --help and every usage error included, are parsed below.
      var command =
        try FastCommandLine.command(CommandLine.arguments.dropFirst()) ?? parseAsRoot()
      try command.run()
    } catch {
      let code = exitCode(for: error)
      guard code == .validationFailure else { exit(withError: error) }
      let message = fullMessage(for: error)
      if !message.isEmpty {
        let text = Array((message + "\n").utf8)
        _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
      }
      _exit(2)
    }
  }
}

/// The command line's entry point: `Sources/hkbridge/main.swift` calls it (and so can any
/// executable that composes hkbridge's commands with more than this package serves).
public enum HKBridgeMain {
  /// Installs the profiles (``Composition``), parses `CommandLine.arguments`, runs the command,
  /// and exits with its status.
  public static func run() {
    Composition.install()
    HKBridge.main()
  }
}

/// The `--os` option of `serve` and `types`: the iOS versions the control channel's `configure`
/// takes, refused (exit 2) with the same range named.
enum OSOption {
  /// The accepted range, as the control channel names it.
  static let range = "from 8.0 (HealthKit's first) to 99.x"

  /// What is wrong with `text` as an `--os` value, or `nil`.
  static func problem(_ text: String) -> String? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let wellFormed =
      (1...3).contains(parts.count)
      && parts.allSatisfy {
        !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) && Int($0) != nil
      }
    guard wellFormed,
      Emulator.configurationProblem(device: Emulator.defaultDevice, osVersion: text) == nil
    else {
      return "--os \(text): expected an iOS version such as 17.5, 16.4 or 12.0, \(range)"
    }
    return nil
  }
}
