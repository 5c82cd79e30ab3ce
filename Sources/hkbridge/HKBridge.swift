import ArgumentParser

/// The `hkbridge` command: the root of every subcommand.
@main
struct HKBridge: ParsableCommand {
  static let version = "0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "hkbridge",
    abstract: "Emulates the iOS side of a Flutter HealthKit plugin on Linux.",
    discussion: """
      hkbridge speaks Flutter's StandardMessageCodec byte for byte, serves the
      `healthkit_permissions` method channel over stdin/stdout for Dart tests, and
      replays golden transcripts of channel traffic.

      Examples:
        hkbridge replay golden/*.jsonl
        hkbridge encode message '[1, 1.0, {"$int64": 1}, "é"]'
        hkbridge decode message 0c0403...
        hkbridge types --os 12.0
      """,
    version: version,
    subcommands: [
      ServeCommand.self, ReplayCommand.self, EncodeCommand.self, DecodeCommand.self,
      TypesCommand.self,
    ]
  )
}
