import FlutterCodec
import Foundation
import HKBridgeCLI
import Harness
import Testing

/// A scratch directory for transcript files, removed when the test ends.
final class ScratchDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "hkbridge-harness-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  func write(_ name: String, _ text: String) throws -> String {
    let path = url.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func read(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }
}

@Suite struct ReplayTests {
  init() { Composition.install() }
  // echo(7) → 00 03 07000000; count → 00 03 01000000 on a fresh handler.
  static let echoLine =
    #"{"channel": "fake_channel", "call": {"method": "echo", "args": 7}, "reply": {"ok": 7}, "replyHex": "000307000000"}"#
  /// The echo of 7 expected to be 8, value and hex agreeing (int32 8 is 03 08000000).
  static let wrongEcho =
    #"{"channel": "fake_channel", "call": {"method": "echo", "args": 7}, "reply": {"ok": 8}, "replyHex": "000308000000"}"#

  func replay(_ text: String, mode: MatchMode? = nil) throws -> FileReplayResult {
    let transcript = try TranscriptReader.parse(text, path: "t.jsonl")
    return Replayer(mode: mode, makeHandler: { FakeHandler() }).replay(transcript)
  }

  func run(_ paths: [String], mode: MatchMode? = nil, update: Bool = false, json: Bool = false)
    -> (status: Int32, out: String, err: String)
  {
    var out = ""
    var err = ""
    let status = ReplayRun.run(
      paths: paths, mode: mode, update: update, json: json, makeHandler: { FakeHandler() },
      output: { out += $0 }, errors: { err += $0 })
    return (status, out, err)
  }

  @Test func bytesModeIsTheDefaultWithReplyHex() throws {
    let result = try replay(Self.echoLine)
    #expect(result.passed == 1 && result.failed == 0)
  }

  @Test func oneChangedByteFailsWithItsOffset() throws {
    let line = Self.echoLine.replacingOccurrences(of: "000307000000", with: "000308000000")
    let result = try replay(line)
    #expect(result.failed == 1)
    let mismatch = try #require(result.mismatches.first)
    #expect(mismatch.mode == .bytes)
    #expect(mismatch.firstDifference == 2)
    #expect(mismatch.line == 1 && mismatch.method == "echo" && mismatch.channel == "fake_channel")
    #expect(
      ReplayReport.block(mismatch) == """
        FAIL t.jsonl:1
          channel:  fake_channel
          method:   echo
          match:    bytes
          expected: {"ok": 7}
          actual:   {"ok": 7}
          first differing byte: offset 2 (0x08 expected, 0x07 actual)
          expected bytes: 000308000000
          actual bytes:   000307000000
        """)
  }

  @Test func valueModeIgnoresTheBytesAndNumberKinds() throws {
    // The stated reply says 7.0 (float64) and the bytes are wrong: value mode passes, bytes fails.
    let line =
      #"{"channel": "fake_channel", "call": {"method": "echo", "args": 7}, "reply": {"ok": 7.0}, "replyHex": "00"}"#
    #expect(try replay(line, mode: .value).passed == 1)
    #expect(try replay(line, mode: .bytes).failed == 1)
    #expect(try replay(line).failed == 1)
  }

  @Test func linesWithoutReplyHexCompareByValue() throws {
    let line =
      #"{"channel": "fake_channel", "call": {"method": "echo", "args": {"b": 1, "a": [2]}}, "reply": {"ok": {"a": [2.0], "b": 1}}}"#
    let result = try replay(line, mode: .bytes)
    #expect(result.passed == 1)
  }

  @Test func codeModeComparesErrorsByCode() throws {
    let line =
      #"{"channel": "fake_channel", "call": {"method": "fail"}, "reply": {"error": {"code": "FAKE_ERROR", "message": "other text", "details": null}}}"#
    #expect(try replay(line, mode: .code).passed == 1)
    #expect(try replay(line, mode: .value).failed == 1)
    let wrongCode = line.replacingOccurrences(of: "FAKE_ERROR", with: "OTHER")
    #expect(try replay(wrongCode, mode: .code).failed == 1)
  }

  @Test func notImplementedAndUnknownChannels() throws {
    let text = """
      {"channel": "fake_channel", "call": {"method": "nothing"}, "reply": {"notImplemented": true}, "replyHex": null}
      {"channel": "nowhere", "message": "hi", "reply": {"message": null}, "replyHex": null}
      {"channel": "nowhere", "call": {"method": "x"}, "reply": {"notImplemented": true}}
      """
    let result = try replay(text)
    #expect(result.passed == 3)
    let wrong =
      #"{"channel": "fake_channel", "call": {"method": "nothing"}, "reply": {"ok": null}, "replyHex": "0000"}"#
    let mismatch = try #require(try replay(wrong).mismatches.first)
    #expect(mismatch.actual == .notImplemented)
    #expect(mismatch.firstDifference == 0)
    #expect(ReplayReport.block(mismatch).contains("(0x00 expected, a null reply actual)"))
  }

  @Test func callHexIsSentVerbatim() throws {
    let text =
      #"{"channel": "fake_channel", "call": null, "callHex": "0701", "reply": {"error": {"code": "MALFORMED_MESSAGE", "message": "not a method call", "details": {}}}}"#
    #expect(try replay(text).passed == 1)
  }

  @Test func everyFileGetsAFreshEmulator() throws {
    let scratch = try ScratchDirectory()
    let line =
      #"{"channel": "fake_channel", "call": {"method": "count"}, "reply": {"ok": 1}, "replyHex": "000301000000"}"#
    let a = try scratch.write("a.jsonl", line + "\n")
    let b = try scratch.write("b.jsonl", line + "\n")
    let result = run([a, b])
    #expect(result.status == 0)
    #expect(result.out == "2 passed, 0 failed\n")
  }

  @Test func exitCodesAndTheSummaryLine() throws {
    let scratch = try ScratchDirectory()
    let good = try scratch.write("good.jsonl", Self.echoLine + "\n")
    let bad = try scratch.write("bad.jsonl", Self.wrongEcho + "\n")
    let broken = try scratch.write("broken.jsonl", "{\"note\": \"x\"}\n{\"channel\": 1}\n")
    let passing = run([good])
    #expect(passing.status == 0 && passing.out == "1 passed, 0 failed\n")
    let failing = run([good, bad])
    #expect(failing.status == 1)
    #expect(failing.out.hasPrefix("FAIL \(bad):1\n"))
    #expect(failing.out.hasSuffix("\n1 passed, 1 failed\n"))
    let errors = run([good, broken])
    #expect(errors.status == 2)
    #expect(errors.out.isEmpty)
    #expect(errors.err.contains("\(broken):2: "))
    #expect(run([]).status == 2)
    let missing = run(["/nonexistent/missing.jsonl"])
    #expect(missing.status == 2)
    #expect(missing.err.contains("/nonexistent/missing.jsonl: cannot open"))
  }

  @Test func updateRewritesOnlyChangedLinesKeepingNotesAndOrder() throws {
    let scratch = try ScratchDirectory()
    let original = """
      {"note": "keep me"}

      {"channel": "fake_channel",   "call": {"method": "echo", "args": 7}, "reply": {"ok": 7}, "replyHex": "000307000000"}
      {"channel": "fake_channel", "call": {"method": "echo", "args": "x"}, "reply": {"ok": "y"}}
      {"note": "and me"}
      {"channel": "fake_channel", "call": {"method": "nothing"}, "reply": {"notImplemented": true}}

      """
    let path = try scratch.write("u.jsonl", original)
    let result = run([path], update: true)
    #expect(result.status == 0)
    #expect(
      result.out == """
        updated \(path):4 echo: reply {"ok": "y"} -> {"ok": "x"}, replyHex added
        updated \(path):6 nothing: replyHex added
        rewrote \(path): 2 line(s)
        3 passed, 0 failed

        """)
    let lines = try scratch.read(path).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 7)
    #expect(lines[0] == #"{"note": "keep me"}"#)
    #expect(lines[1] == "")
    // Unchanged lines are kept byte for byte (the extra spaces too).
    #expect(
      lines[2]
        == #"{"channel": "fake_channel",   "call": {"method": "echo", "args": 7}, "reply": {"ok": 7}, "replyHex": "000307000000"}"#
    )
    #expect(
      lines[3]
        == #"{"channel": "fake_channel", "call": {"method": "echo", "args": "x"}, "reply": {"ok": "x"}, "replyHex": "00070178"}"#
    )
    #expect(lines[4] == #"{"note": "and me"}"#)
    #expect(
      lines[5]
        == #"{"channel": "fake_channel", "call": {"method": "nothing", "args": null}, "reply": {"notImplemented": true}, "replyHex": null}"#
    )
    #expect(lines[6] == "")
    #expect(run([path]) == (0, "3 passed, 0 failed\n", ""))
  }

  @Test func jsonReport() throws {
    let scratch = try ScratchDirectory()
    let bad = try scratch.write("bad.jsonl", Self.wrongEcho + "\n")
    let result = run([bad], json: true)
    #expect(result.status == 1)
    #expect(
      result.out
        == #"{"passed": 0, "failed": 1, "files": [{"file": "\#(bad)", "passed": 0, "failed": 1, "mismatches": [{"file": "\#(bad)", "line": 1, "channel": "fake_channel", "method": "echo", "match": "bytes", "expected": {"ok": 8}, "actual": {"ok": 7}, "expectedHex": "000308000000", "actualHex": "000307000000", "firstDifferingByte": 2, "differences": [{"path": "reply.ok", "expected": 8, "actual": 7, "expectedAbsent": false, "actualAbsent": false, "matcher": null}], "differenceCount": 1}], "updated": []}]}"#
        + "\n")
  }
}

func == (lhs: (Int32, String, String), rhs: (Int32, String, String)) -> Bool {
  lhs.0 == rhs.0 && lhs.1 == rhs.1 && lhs.2 == rhs.2
}
