import CKTypeRecords
import ChannelJSON
import Foundation
import HKBridgeCLI
import Harness
import HealthKitModel
import Testing

/// `protocol/record-shapes.md` shows, for every CKType, a `writeRecord` call and what comes back.
/// These tests replay every example against a fresh emulator, so the page cannot drift from the
/// code. `UPDATE_GOLDENS=1 swift test --filter RecordShapesDocTests` rewrites the replies on the
/// page (then read the diff, as for a golden).
@Suite struct RecordShapesDocTests {
  init() { Composition.install() }
  static let page = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("protocol/record-shapes.md")

  static let examplesHeading = "## Every CKType"

  /// One `METHOD ARGS` line of the page and the `→ REPLY` line after it.
  struct Example {
    var ckType: String
    var method: String
    var arguments: String
    var reply: String
    /// Index of the `→` line in the page's lines.
    var replyLine: Int
  }

  static func examples(in lines: [String]) -> [Example] {
    guard let start = lines.firstIndex(of: examplesHeading) else { return [] }
    var found: [Example] = []
    var ckType = ""
    for index in start..<lines.count {
      let line = lines[index]
      if line.hasPrefix("#### `") {
        ckType = String(line.dropFirst(6).prefix { $0 != "`" })
        continue
      }
      for method in ["writeRecord", "readRecords"] where line.hasPrefix(method + " ") {
        guard index + 1 < lines.count, lines[index + 1].hasPrefix("→ ") else { continue }
        found.append(
          Example(
            ckType: ckType, method: method, arguments: String(line.dropFirst(method.count + 1)),
            reply: String(lines[index + 1].dropFirst(2)), replyLine: index + 1))
      }
    }
    return found
  }

  static func pageLines() throws -> [String] {
    try String(contentsOf: page, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test func everyCKTypeHasAnExample() throws {
    let examples = Self.examples(in: try Self.pageLines())
    let written = Set(examples.filter { $0.method == "writeRecord" }.map(\.ckType))
    let missing = RecordTypeMapper.allCKTypes.filter { !written.contains($0) }
    #expect(missing.isEmpty, "no writeRecord example for \(missing)")
    for example in examples where example.method == "writeRecord" {
      #expect(example.arguments.contains("\"type\": \"\(example.ckType)\""), "\(example.ckType)")
    }
  }

  /// Each CKType on a fresh emulator: `reset`, read and write permission for that type when the
  /// write succeeds, the `writeRecord` call, then (after a success) `readRecords`.
  @Test func everyExampleReplays() throws {
    var lines = try Self.pageLines()
    let examples = Self.examples(in: lines)
    #expect(examples.count > 100)
    var transcript: [String] = []
    var exampleAtLine: [Int: Example] = [:]
    let plugin = #"{"channel": "healthkit_permissions", "call": {"method": "#
    for example in examples {
      if example.method == "writeRecord" {
        transcript.append(
          #"{"channel": "hkbridge/control", "call": {"method": "reset", "args": null}, "reply": {"ok": null}}"#
        )
        if example.reply.hasPrefix(#"{"ok""#) {
          let types = #"["\#(example.ckType)"]"#
          transcript.append(
            plugin
              + #""requestPermissions", "args": {"read": \#(types), "write": \#(types)}}, "reply": {"ok": true}}"#
          )
        }
      }
      transcript.append(
        plugin
          + #""\#(example.method)", "args": \#(example.arguments)}, "reply": \#(example.reply)}"#)
      exampleAtLine[transcript.count] = example
    }
    let parsed = try TranscriptReader.parse(
      transcript.joined(separator: "\n"), path: "protocol/record-shapes.md")
    let replayer = Replayer(mode: .value, makeHandler: { Emulator.make(warnings: { _ in }) })
    let result = replayer.replay(parsed, update: false)
    let updating = ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1"
    for mismatch in result.mismatches {
      guard let example = exampleAtLine[mismatch.line] else {
        Issue.record(Comment(rawValue: ReplayReport.block(mismatch)))
        continue
      }
      if updating {
        lines[example.replyLine] = "→ " + ChannelJSON.print(mismatch.actual.channelValue)
      } else {
        Issue.record(
          Comment(
            rawValue: "record-shapes.md, \(example.ckType) \(example.method):\n"
              + ReplayReport.block(mismatch)))
      }
    }
    if updating, !result.mismatches.isEmpty {
      try lines.joined(separator: "\n").write(to: Self.page, atomically: true, encoding: .utf8)
    }
  }
}
