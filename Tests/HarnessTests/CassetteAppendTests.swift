import Foundation
import HKBridgeCLI
import Testing

@testable import Harness

/// Appends that cannot tear a cassette, and a cassette extended with `--record-mode new` that
/// replays clean (protocol/playback.md).
@Suite struct CassetteAppendTests {
  init() { Composition.install() }
  static let permissions =
    #"{"call": {"method": "requestPermissions", "args": {"read": ["steps"], "write": ["steps"]}}}"#
  static let write =
    #"{"call": {"method": "writeRecord", "args": {"type": "steps", "start": 1704067200000, "value": 12, "unit": "count"}}}"#
  static let read = #"{"call": {"method": "readRecords", "args": {"type": "steps"}}}"#

  /// Records `lines` with `serve --jsonl --record`; the cassette's path.
  static func record(_ lines: [String], in scratch: ScratchDirectory) throws -> String {
    let path = scratch.url.appendingPathComponent("cassette.jsonl").path
    let input = Array((lines.joined(separator: "\n") + "\n").utf8)
    let result = try BinaryRunner.run(["serve", "--jsonl", "--record", path], input: input)
    #expect(result.status == 0)
    return path
  }

  static func extend(_ path: String, with lines: [String]) throws -> BinaryRunner.Result {
    let input = Array((lines.joined(separator: "\n") + "\n").utf8)
    return try BinaryRunner.run(
      ["serve", "--jsonl", "--playback", path, "--record-mode", "new"], input: input)
  }

  static func replay(_ path: String) throws -> (String, Int32) {
    let result = try BinaryRunner.run(["replay", path], input: [])
    return (String(decoding: result.stdout, as: UTF8.self), result.status)
  }

  /// The new call is answered from the state the whole cassette leaves (the write is seen), so
  /// the extended cassette replays.
  @Test func aCassetteExtendedInNewModeReplaysClean() throws {
    let scratch = try ScratchDirectory()
    let path = try Self.record([Self.permissions, Self.write], in: scratch)
    let extended = try Self.extend(path, with: [Self.read])
    #expect(extended.status == 0)
    let text = try scratch.read(path)
    #expect(text.split(separator: "\n").count == 4)
    #expect(text.hasSuffix("\n"))
    #expect(text.contains(#""value": 12"#))
    let (report, status) = try Self.replay(path)
    #expect(report == "3 passed, 0 failed\n")
    #expect(status == 0)
  }

  /// The model sees the cassette without sleeping for its recorded latencies.
  @Test func primingSkipsRecordedLatencies() throws {
    let scratch = try ScratchDirectory()
    let path = scratch.url.appendingPathComponent("slow.jsonl").path
    let lines = [
      #"{"channel": "hkbridge/control", "call": {"method": "setLatency", "args": {"ms": 60000}}, "reply": {"ok": null}}"#,
      #"{"channel": "healthkit_permissions", "call": {"method": "isAvailable", "args": null}, "reply": {"ok": true}}"#,
    ]
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    let clock = ContinuousClock()
    var result: BinaryRunner.Result?
    let time = try clock.measure {
      result = try Self.extend(
        path, with: [#"{"channel": "hkbridge/control", "call": {"method": "snapshot"}}"#])
    }
    #expect(result?.status == 0)
    // A control call is never delayed: only a priming that slept on isAvailable would take 60 s.
    #expect(time < .seconds(50))
    #expect(try scratch.read(path).split(separator: "\n").count == 3)
  }

  /// A last line without a newline gets one before the first append.
  @Test func anAppendStartsOnItsOwnLine() throws {
    let scratch = try ScratchDirectory()
    let path = try Self.record([Self.permissions], in: scratch)
    var text = try scratch.read(path)
    text.removeLast()
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(try Self.extend(path, with: [Self.read]).status == 0)
    let (report, status) = try Self.replay(path)
    #expect(report == "2 passed, 0 failed\n")
    #expect(status == 0)
  }

  /// A last line cut short by a crash is ignored by readers (with a warning) and cut off before
  /// an append.
  @Test func aTornLastLineIsIgnoredThenCutOff() throws {
    let scratch = try ScratchDirectory()
    let path = try Self.record([Self.permissions], in: scratch)
    let whole = try scratch.read(path)
    try (whole + #"{"channel": "healthkit_permissions", "call": {"meth"#).write(
      toFile: path, atomically: true, encoding: .utf8)
    let replayed = try BinaryRunner.run(["replay", path], input: [])
    #expect(String(decoding: replayed.stdout, as: UTF8.self) == "1 passed, 0 failed\n")
    #expect(replayed.stderr.contains("ignoring its last line, cut short"))
    let extended = try Self.extend(path, with: [Self.read])
    #expect(extended.status == 0)
    #expect(extended.stderr.contains("cut off its last line"))
    let text = try scratch.read(path)
    #expect(text.hasPrefix(whole))
    // Header, the permission line, the appended read: the fragment is gone.
    #expect(text.split(separator: "\n").count == 3)
    #expect(try Self.replay(path) == ("2 passed, 0 failed\n", 0))
  }

  /// `replay --update` keeps a torn last line as it was, after the lines it rewrote: nothing of
  /// the file is lost.
  @Test func updateKeepsATornLastLine() throws {
    let scratch = try ScratchDirectory()
    let path = try Self.record([Self.permissions], in: scratch)
    let whole = try scratch.read(path)
    let fragment = #"{"channel": "healthkit_permissions", "call": {"meth"#
    // A reply changed by hand, so that --update rewrites the line.
    let edited = whole.replacing(#""reply": {"ok": true}"#, with: #""reply": {"ok": false}"#)
    #expect(edited != whole)
    try (edited + fragment).write(toFile: path, atomically: true, encoding: .utf8)
    let updated = try BinaryRunner.run(["replay", "--update", path], input: [])
    #expect(updated.status == 0)
    #expect(try scratch.read(path) == whole + fragment)
  }

  /// A last line without a newline that is one whole object but does not read (a repeated key,
  /// a number out of range) was written whole: it is refused as a line, not dropped as torn.
  @Test func aWholeObjectThatDoesNotReadIsNoTornLine() throws {
    let good = Array("{\"a\": 1}\n".utf8)
    for line in [#"{"note": "one", "note": "two"}"#, #"{"x": 1e999}"#, " {\"a\": [1, {}]}\r"] {
      #expect(TranscriptReader.tornFinalLine(good + Array(line.utf8)) == nil, "\(line)")
    }
    // Cut short inside a string, before its last bracket, or not an object: torn.
    for line in [#"{"note": "on"#, #"{"a": [1, 2]"#, "nul"] {
      #expect(TranscriptReader.tornFinalLine(good + Array(line.utf8)) != nil, "\(line)")
    }
    let scratch = try ScratchDirectory()
    let path = try Self.record([Self.permissions], in: scratch)
    let whole = try scratch.read(path)
    try (whole + #"{"note": "one", "note": "two"}"#).write(
      toFile: path, atomically: true, encoding: .utf8)
    for arguments in [["replay", path], ["replay", "--update", path]] {
      let result = try BinaryRunner.run(arguments, input: [])
      #expect(result.status == 2)
      #expect(result.stderr.contains("\(path):3: "), "\(result.stderr)")
      #expect(result.stderr.contains("duplicate object key"))
    }
    #expect(try scratch.read(path) == whole + #"{"note": "one", "note": "two"}"#)
  }

  /// A torn line that cuts a UTF-8 character in two is a torn line too.
  @Test func aTornLineMayEndInsideACharacter() {
    let line = Array(#"{"note": "é"#.utf8)
    let torn = Array("{\"a\": 1}\n".utf8) + line.dropLast(1)
    #expect(TranscriptReader.tornFinalLine(torn)?.count == line.count - 1)
    #expect(TranscriptReader.tornFinalLine(Array("{\"a\": 1}".utf8)) == nil)
    #expect(TranscriptReader.tornFinalLine(Array("{\"a\": 1}\n".utf8)) == nil)
  }
}
