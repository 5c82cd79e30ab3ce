import Foundation
import Harness
import Testing

/// Runs the real `hkbridge replay` on a transcript.
@Suite struct ReplayEndToEndTests {
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
    // "iOS 17.5" → "iOS 17.6" in the expected bytes only: offset 10 of the reply.
    let edited = Self.transcript.replacingOccurrences(
      of: "000708694f532031372e35", with: "000708694f532031372e36")
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
          expected: {"ok": "iOS 17.5"}
          actual:   {"ok": "iOS 17.5"}
          first differing byte: offset 10 (0x36 expected, 0x35 actual)
          expected bytes: 000708694f532031372e36
          actual bytes:   000708694f532031372e35
        1 passed, 1 failed

        """)
    // By value the stated reply still matches.
    let byValue = try BinaryRunner.run(["replay", "--match", "value", path], input: [])
    #expect(byValue.status == 0)
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
