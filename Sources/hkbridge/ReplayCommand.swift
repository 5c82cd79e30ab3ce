import ArgumentParser
import Harness

/// `hkbridge replay`: replays transcripts against a fresh emulator per file (protocol/transcripts.md).
struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay transcripts against the emulator and diff the replies.",
    discussion: """
      Each FILE is JSON Lines: notes and exchanges (channel, call or message,
      reply, and optionally callHex/messageHex and replyHex). Every file runs
      against a fresh emulator. Prints one block per mismatch, then
      `N passed, M failed` on the last line.

      Exit status: 0 all passed, 1 some failed, 2 a transcript or usage error
      (file:line).

      Examples:
        hkbridge replay golden/*.jsonl
        hkbridge replay --match code recorded.jsonl
        hkbridge replay --update golden/availability.jsonl
        hkbridge replay --json golden/*.jsonl
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

  func run() throws {
    let status = ReplayRun.run(
      paths: files, mode: match, update: update, json: json,
      makeHandler: Self.makeDispatcher,
      output: { Self.write($0, to: 1) }, errors: { Self.write($0, to: 2) })
    if status != 0 { throw ExitCode(status) }
  }

  /// A fresh emulator in the default state; its warnings are left out of the report.
  static func makeDispatcher() -> MessageHandling {
    Emulator.make(warnings: { _ in })
  }

  static func write(_ text: String, to fd: Int32) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { FileIO.writeAll(fd, UnsafeRawBufferPointer($0)) }
  }
}

extension MatchMode: ExpressibleByArgument {}
