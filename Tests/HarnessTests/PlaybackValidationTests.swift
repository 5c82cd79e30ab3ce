import Foundation
import HKBridgeCLI
import Testing

@testable import Harness

/// `serve --playback` checks its files as `replay` does, with the same bound on their size
/// (protocol/playback.md).
@Suite struct PlaybackValidationTests {
  init() { Composition.install() }
  /// A reply and its replyHex that disagree, and a replyHex that is not an envelope: refused.
  @Test(arguments: [
    (#"{"ok": true}"#, #""0000""#, #"disagree at reply.ok"#),
    (#"{"ok": true}"#, #""ff""#, #"disagree at reply"#),
  ])
  func playbackRefusesWhatReplayRefuses(reply: String, replyHex: String, says: String) throws {
    let scratch = try ScratchDirectory()
    let path = scratch.url.appendingPathComponent("bad.jsonl").path
    let line =
      #"{"channel": "healthkit_permissions", "call": {"method": "isAvailable", "args": null}, "#
      + #""reply": \#(reply), "replyHex": \#(replyHex)}"# + "\n"
    try line.write(toFile: path, atomically: true, encoding: .utf8)
    let replayed = try BinaryRunner.run(["replay", path], input: [])
    #expect(replayed.status == 2)
    let played = try BinaryRunner.run(["serve", "--playback", path], input: [])
    #expect(played.status == 2)
    #expect(
      played.stderr.contains("cannot use --playback: \(path):1: \"reply\" and \"replyHex\" \(says)")
    )
  }

  /// A file that never ends is refused once past the bound, by both.
  @Test func aFileThatNeverEndsIsRefused() throws {
    for arguments in [["serve", "--playback", "/dev/zero"], ["replay", "/dev/zero"]] {
      let result = try BinaryRunner.run(arguments, input: [])
      #expect(result.status == 2)
      #expect(result.stderr.contains("/dev/zero: is larger than 256 MiB"))
    }
  }
}
