import Foundation
import HKBridgeCLI
import Harness
import Testing

/// Runs the real `hkbridge replay` on a transcript.
@Suite struct ReplayEndToEndTests {
  init() { Composition.install() }
  static let transcript = """
    {"note": "iPhone on iOS 17.5 (the default state): HealthKit is available"}
    {"channel": "healthkit_permissions", "call": {"method": "isAvailable", "args": null}, "reply": {"ok": true}, "replyHex": "0001"}
    {"channel": "healthkit_permissions", "call": {"method": "getPlatformVersion", "args": null}, "reply": {"ok": "iOS 17.5"}, "replyHex": "000708694f532031372e35"}

    """

  @Test func aPassingTranscript() throws {
    let scratch = try ScratchDirectory()
    let path = try scratch.write("ok.jsonl", Self.transcript)
    let result = try BinaryRunner.run(["replay", path], input: [])
    #expect(result.status == 0)
    #expect(String(decoding: result.stdout, as: UTF8.self) == "2 passed, 0 failed\n")
  }

  @Test func oneEditedReplyByteFailsWithAReadableDiff() throws {
    let scratch = try ScratchDirectory()
    // "iOS 17.5" → "iOS 17.6" in the expected value and bytes: offset 10 of the reply.
    let edited = Self.transcript.replacingOccurrences(
      of: "000708694f532031372e35", with: "000708694f532031372e36"
    ).replacingOccurrences(of: #"{"ok": "iOS 17.5"}"#, with: #"{"ok": "iOS 17.6"}"#)
    let path = try scratch.write("edited.jsonl", edited)
    let result = try BinaryRunner.run(["replay", path], input: [])
    #expect(result.status == 1)
    let out = String(decoding: result.stdout, as: UTF8.self)
    #expect(
      out == """
        FAIL \(path):3
          channel:  healthkit_permissions
          method:   getPlatformVersion
          match:    bytes
          expected: {"ok": "iOS 17.6"}
          actual:   {"ok": "iOS 17.5"}
          at reply.ok: expected "iOS 17.6", got "iOS 17.5"
          first differing byte: offset 10 (0x36 expected, 0x35 actual)
          expected bytes: 000708694f532031372e36
          actual bytes:   000708694f532031372e35
        1 passed, 1 failed

        """)
    // By value it fails the same way, without the bytes.
    let byValue = try BinaryRunner.run(["replay", "--match", "value", path], input: [])
    #expect(byValue.status == 1)
    #expect(
      String(decoding: byValue.stdout, as: UTF8.self).contains(
        "  match:    value\n  expected: {\"ok\": \"iOS 17.6\"}\n  actual:   {\"ok\": \"iOS 17.5\"}\n"
          + "  at reply.ok: expected \"iOS 17.6\", got \"iOS 17.5\"\n1 passed, 1 failed\n"))
  }

  /// A hand edit of the reply with a stale replyHex is a transcript error in every mode, naming
  /// file:line and the differing path.
  @Test func anEditedReplyWithAStaleReplyHexFailsInEveryMode() throws {
    let scratch = try ScratchDirectory()
    let edited = Self.transcript.replacingOccurrences(
      of: #"{"ok": "iOS 17.5"}"#, with: #"{"ok": "iOS 17.6"}"#)
    let path = try scratch.write("stale.jsonl", edited)
    for mode in [[], ["--match", "bytes"], ["--match", "value"], ["--match", "code"]] {
      let result = try BinaryRunner.run(["replay"] + mode + [path], input: [])
      #expect(result.status == 2)
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr.contains(
          "\(path):3: \"reply\" and \"replyHex\" disagree at reply.ok: \"reply\" has \"iOS 17.6\", "
            + "\"replyHex\" decodes to \"iOS 17.5\""))
    }
    // The same for a call whose args were edited but not its callHex.
    let call = try scratch.write(
      "call.jsonl",
      #"{"channel": "healthkit_permissions", "call": {"method": "isAvailable", "args": 1}, "reply": {"ok": true}, "callHex": "070b6973417661696c61626c6500"}"#
        + "\n")
    let callResult = try BinaryRunner.run(["replay", "--match", "value", call], input: [])
    #expect(callResult.status == 2)
    #expect(
      callResult.stderr.contains(
        "\(call):1: \"call\" and \"callHex\" disagree at call.args: \"call\" has 1, "
          + "\"callHex\" decodes to null"))
    // --update rewrites both sides from what was sent and answered.
    let updated = try BinaryRunner.run(["replay", "--update", path], input: [])
    #expect(updated.status == 0)
    #expect(try BinaryRunner.run(["replay", path], input: []).status == 0)
    #expect(try scratch.read(path) == Self.transcript)
  }

  @Test func aTranscriptErrorExitsTwoNamingFileAndLine() throws {
    let scratch = try ScratchDirectory()
    let path = try scratch.write(
      "bad.jsonl", Self.transcript + "{\"channel\": \"x\", \"call\": 3, \"reply\": {\"ok\": 1}}\n")
    let result = try BinaryRunner.run(["replay", path], input: [])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(path):4: \"call\" must be a JSON object"))
    #expect(result.stdout.isEmpty)
  }
}
