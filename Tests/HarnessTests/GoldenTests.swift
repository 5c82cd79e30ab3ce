import Foundation
import HKBridgeCLI
import Harness
import Testing

/// Replays every `golden/*.jsonl` in `bytes` mode against a fresh emulator per file, set up by
/// the file's header (a `health-…` golden starts with `{"hkbridge": {"profiles": ["health"]}}`).
/// `UPDATE_GOLDENS=1 swift test --filter GoldenTests` rewrites them with the actual replies
/// (then read every changed reply before committing it).
@Suite struct GoldenTests {
  init() { Composition.install() }
  /// `golden/` at the root of the package, found from this file's path.
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("golden")

  static let files: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".jsonl") }.sorted()
  }()

  static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" }

  @Test func theGoldensAreThere() {
    for name in ["availability.jsonl", "control.jsonl", "malformed.jsonl", "not-implemented.jsonl"]
    {
      #expect(Self.files.contains(name), "golden/\(name) is missing")
    }
  }

  @Test(arguments: files)
  func goldenReplaysByteForByte(_ name: String) throws {
    let path = Self.directory.appendingPathComponent(name).path
    let transcript = try TranscriptReader.read(path: path)
    #expect(!transcript.exchanges.isEmpty, "\(name) has no exchanges")
    for (line, exchange) in transcript.exchanges {
      #expect(exchange.replyBytes != nil || Self.updating, "\(name):\(line) has no replyHex")
    }
    for (line, event) in transcript.events {
      #expect(event.eventBytes != nil || Self.updating, "\(name):\(line) has no eventHex")
    }
    // Set up as `hkbridge replay` does: a golden of another profile says so in its header.
    let replayer = Replayer(
      mode: .bytes, setup: ReplaySetup(), makeConfiguredHandler: Emulator.make)
    let result = replayer.replay(transcript, update: Self.updating)
    if Self.updating {
      if let rewritten = result.updatedTranscript, !result.updates.isEmpty {
        try FileIO.replaceFile(path, with: Array(TranscriptWriter.text(of: rewritten).utf8))
        print(ReplayReport.text([result], updated: true), terminator: "")
      }
      return
    }
    for mismatch in result.mismatches {
      Issue.record(Comment(rawValue: ReplayReport.block(mismatch)))
    }
    // Each exchange and each event line is one check.
    #expect(
      result.failed == 0
        && result.passed == transcript.exchanges.count + transcript.events.count)
  }
}
