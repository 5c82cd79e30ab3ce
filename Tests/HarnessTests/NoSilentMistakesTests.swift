import FlutterCodec
import Foundation
import HKBridgeCLI
import Harness
import Testing

/// Issue 31's silent mistakes: a matcher path that matches nothing, an unknown method or
/// channel, an `--update` that left failures.
@Suite struct NoSilentMistakesTests {
  init() { Composition.install() }
  static let header =
    #"{"hkbridge": {"channels": ["healthkit_permissions"], "device": "iPhone", "osVersion": "17.5"}}"#
  static let write =
    #"{"channel": "healthkit_permissions", "call": {"method": "writeRecord", "args": {"type": "steps", "start": 1704067200000, "value": 10, "unit": "count"}}, "reply": {"ok": {"uuid": "6513270E-269E-4D37-B2A7-4DE452E6B438", "hkType": "HKQuantityTypeIdentifierStepCount"}}}"#
  static let grant =
    #"{"channel": "healthkit_permissions", "call": {"method": "requestPermissions", "args": {"read": ["steps"], "write": ["steps"]}}, "reply": {"ok": true}}"#

  /// A typo in an exchange's matcher path is an error at its line, naming the nearest path.
  @Test func anExchangePathThatMatchesNothingIsAnError() throws {
    let typo = Self.write.dropLast() + #", "match": {"reply.ok.uid": "uuid"}}"#
    let text = [Self.header, Self.grant, String(typo)].joined(separator: "\n") + "\n"
    #expect(throws: TranscriptError.self) { try TranscriptReader.parse(text, path: "t.jsonl") }
    do {
      _ = try TranscriptReader.parse(text, path: "t.jsonl")
    } catch {
      #expect(error.line == 3)
      #expect(
        error.message
          == #"match path "reply.ok.uid" matches nothing in the recorded line; the nearest path "#
          + #"is "reply.ok.uuid" (protocol/matchers.md)"#)
    }
  }

  /// A header path that matches nothing but is near a path of the file (a typo) is an error at
  /// line 1; one near nothing is a general rule the file does not use, and passes. An
  /// exchange's path near nothing lists the paths one level up.
  @Test func aHeaderPathThatMatchesNothingIsAnErrorAtLineOne() throws {
    let list =
      #"{"channel": "healthkit_permissions", "call": {"method": "readRecords", "args": {"type": "steps"}}, "reply": {"ok": [{"uuid": "6513270E-269E-4D37-B2A7-4DE452E6B438"}]}}"#
    let header = Self.header.dropLast(2) + #", "match": {"reply.ok[*].uid": "uuid"}}}"#
    let text = [String(header), Self.grant, list].joined(separator: "\n") + "\n"
    do {
      _ = try TranscriptReader.parse(text, path: "t.jsonl")
      Issue.record("expected an error")
    } catch {
      #expect(error.line == 1)
      #expect(
        error.message
          == #"match path "reply.ok[*].uid" matches nothing in any line of the file; the "#
          + #"nearest path is "reply.ok[*].uuid" (protocol/matchers.md)"#)
    }
    let general = Self.header.dropLast(2) + #", "match": {"reply.ok.sessionId": "uuid"}}}"#
    #expect(
      try TranscriptReader.parse(String(general) + "\n" + list + "\n", path: "t.jsonl")
        .exchanges.count == 1)
    let far = Self.write.dropLast() + #", "match": {"reply.ok.identifier": "uuid"}}"#
    do {
      _ = try TranscriptReader.parse(String(far) + "\n", path: "t.jsonl")
      Issue.record("expected an error")
    } catch {
      #expect(error.message.contains("the paths there: reply.ok.hkType, reply.ok.uuid"))
    }
    // Paths that match (an index pattern, a whole reply) pass.
    let good =
      Self.write.dropLast() + #", "match": {"reply.ok.uuid": "uuid", "call.args.*": "any"}}"#
    #expect(try TranscriptReader.parse(String(good) + "\n", path: "t.jsonl").exchanges.count == 1)
  }

  /// `hkbridge replay` exits 2 on such a file, naming file:line.
  @Test func replayRefusesTheTypo() throws {
    let scratch = try ScratchDirectory()
    let typo = Self.write.dropLast() + #", "match": {"reply.ok.uid": "uuid"}}"#
    let path = try scratch.write(
      "t.jsonl", [Self.header, Self.grant, String(typo)].joined(separator: "\n") + "\n")
    let result = try BinaryRunner.run(["replay", path], input: [])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(path):3: match path \"reply.ok.uid\" matches nothing"))
  }

  /// `--update` refuses, as replay does, a matcher path that matches nothing, and writes
  /// nothing: it no longer writes a file that plain replay then refuses.
  @Test func updateRefusesTheTypoAndWritesNothing() throws {
    let scratch = try ScratchDirectory()
    let typo = Self.write.dropLast() + #", "match": {"reply.ok.uid": "uuid"}}"#
    let text = [Self.header, Self.grant, String(typo)].joined(separator: "\n") + "\n"
    let path = try scratch.write("t.jsonl", text)
    let result = try BinaryRunner.run(["replay", "--update", path], input: [])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(path):3: match path \"reply.ok.uid\" matches nothing"))
    #expect(try scratch.read(path) == text)
  }

  /// `--update` says what it rewrote and exits 0 when the rewritten file passes.
  @Test func updateSaysWhatItRewroteAndExitsZeroWhenAllPass() throws {
    let scratch = try ScratchDirectory()
    let changed = Self.grant.replacing(#""reply": {"ok": true}"#, with: #""reply": {"ok": false}"#)
    let path = try scratch.write("u.jsonl", [Self.header, changed].joined(separator: "\n") + "\n")
    let result = try BinaryRunner.run(["replay", "--update", path], input: [])
    let text = String(decoding: result.stdout, as: UTF8.self)
    #expect(result.status == 0)
    #expect(text.contains("updated \(path):2 requestPermissions"))
    #expect(text.contains("rewrote \(path): 1 line(s)\n"))
    #expect(text.hasSuffix("1 passed, 0 failed\n"))
    let again = try BinaryRunner.run(["replay", "--update", path], input: [])
    #expect(
      String(decoding: again.stdout, as: UTF8.self)
        == "\(path): nothing to rewrite\n1 passed, 0 failed\n")
  }

  /// `--update` exits 1 when a line still fails after the rewrite (here a matcher the new reply
  /// cannot pass), printing its FAIL block.
  @Test func updateExitsOneWhenSomethingRemainsFailed() throws {
    let scratch = try ScratchDirectory()
    let strict = Self.grant.dropLast() + #", "match": {"reply.ok": "string"}}"#
    let path = try scratch.write(
      "s.jsonl", [Self.header, String(strict)].joined(separator: "\n") + "\n")
    let result = try BinaryRunner.run(["replay", "--update", path], input: [])
    let text = String(decoding: result.stdout, as: UTF8.self)
    #expect(result.status == 1)
    #expect(text.contains("rewrote \(path): 1 line(s)\n"))
    #expect(text.contains("FAIL \(path):2"))
    #expect(text.hasSuffix("0 passed, 1 failed\n"))
  }

  /// An unknown method and an unknown channel get the null reply on the wire, and one warning
  /// line each on stderr naming the nearest name.
  @Test func serveWarnsOnceAboutAnUnknownMethodAndChannel() throws {
    let input =
      messageFrame(1, "healthkit_permissions", callPayload("isAvalable"))
      + messageFrame(2, "healthkit_permissions", callPayload("isAvalable"))
      + messageFrame(3, "healthkit_permision", callPayload("isAvailable"))
    let result = try BinaryRunner.run(["serve"], input: input)
    #expect(result.status == 0)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        #"hkbridge serve: warning: channel "healthkit_permissions" has no method "isAvalable": replied "#
          + #"not implemented (a null reply, as Flutter does); did you mean "isAvailable"?"#,
        #"hkbridge serve: warning: no handler for channel "healthkit_permision": replied not "#
          + #"implemented (a null reply, as Flutter does); did you mean "healthkit_permissions"?"#,
      ])
  }

  /// A name with control characters in it is quoted with escapes: each warning stays one line.
  @Test func aWarningQuotingANameWithANewlineIsOneLine() throws {
    let input =
      messageFrame(1, "healthkit_permissions", callPayload("is\nAvailable"))
      + messageFrame(2, "a\nb\u{1B}", callPayload("isAvailable"))
    let result = try BinaryRunner.run(["serve"], input: input)
    #expect(result.status == 0)
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3 && lines.last == "")
    #expect(
      lines.first?.hasPrefix(
        #"hkbridge serve: warning: channel "healthkit_permissions" has no method "is\nAvailable": "#
      )
        == true)
    #expect(
      lines.dropFirst().first?.hasPrefix(
        #"hkbridge serve: warning: no handler for channel "a\nb\u001b": replied not implemented"#)
        == true)
  }
}
