import Foundation
import HKBridgeCLI
import Testing

@testable import Harness

/// `replay` streams its report: each mismatch is written as it is found and not kept, so memory
/// stays bounded by one exchange however many fail (protocol/transcripts.md).
@Suite struct ReplayStreamingTests {
  init() { Composition.install() }
  static func write(_ lines: [String], in scratch: ScratchDirectory) throws -> String {
    let path = scratch.url.appendingPathComponent("t.jsonl").path
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func eachMismatchIsWrittenAsItIsFound() throws {
    let scratch = try ScratchDirectory()
    let path = try Self.write(
      [ReplayTests.wrongEcho, ReplayTests.echoLine, ReplayTests.wrongEcho], in: scratch)
    var pieces: [String] = []
    let status = ReplayRun.run(
      paths: [path], mode: nil, update: false, json: false, makeHandler: { FakeHandler() },
      output: { pieces.append($0) }, errors: { _ in })
    #expect(status == ReplayRun.exitFailed)
    #expect(pieces.count == 3)
    #expect(pieces.first?.hasPrefix("FAIL \(path):1\n") == true)
    #expect(pieces.dropFirst().first?.hasPrefix("FAIL \(path):3\n") == true)
    #expect(pieces.last == "1 passed, 2 failed\n")
  }

  /// The JSON report holds the same mismatches as before, spliced in as text.
  @Test func theJSONReportKeepsItsShape() throws {
    let scratch = try ScratchDirectory()
    let path = try Self.write([ReplayTests.wrongEcho, ReplayTests.echoLine], in: scratch)
    var out = ""
    _ = ReplayRun.run(
      paths: [path], mode: nil, update: false, json: true, makeHandler: { FakeHandler() },
      output: { out += $0 }, errors: { _ in })
    let transcript = try TranscriptReader.read(path: path)
    let kept = Replayer(mode: nil, makeHandler: { FakeHandler() }).replay(transcript)
    #expect(out == ReplayReport.json([kept]) + "\n")
    #expect(out.contains(#""mismatches": [{"file": "#))
  }
}
