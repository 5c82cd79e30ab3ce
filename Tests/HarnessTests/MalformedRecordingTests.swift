import ChannelJSON
import FlutterCodec
import Foundation
import HKBridgeCLI
import Testing

@testable import Harness

/// Whatever `serve` records replays: bytes that are not one message are recorded as
/// `"message": null` with their `messageHex`, and `replay` and `--playback` send those bytes as
/// they are (protocol/transcripts.md, "Consistency").
@Suite struct MalformedRecordingTests {
  init() { Composition.install() }
  static let channel = "dev.flutter.pigeon.connect_kit.ConnectKitHostApi.checkPermissions"

  /// Empty, truncated, trailing bytes, bad UTF-8, nested 513 deep (on a channel not served).
  static let payloads: [(String, String)] = [
    (channel, ""), (channel, "81"), (channel, "0000"), (channel, "0702fffe"),
    ("not.served", String(repeating: "0c01", count: 513) + "00"),
  ]

  static var lines: [String] {
    payloads.map { #"{"channel": "\#($0.0)", "message": null, "messageHex": "\#($0.1)"}"# }
  }

  @Test func aRecordingOfMalformedMessagesReplaysAndPlaysBack() throws {
    let scratch = try ScratchDirectory()
    let recording = scratch.url.appendingPathComponent("bad.jsonl").path
    let input = Array((Self.lines.joined(separator: "\n") + "\n").utf8)
    let live = try BinaryRunner.run(
      ["serve", "--jsonl", "--profile", "connect_kit", "--record", recording], input: input)
    #expect(live.status == 0)
    let replayed = try BinaryRunner.run(["replay", recording], input: [])
    #expect(String(decoding: replayed.stdout, as: UTF8.self) == "5 passed, 0 failed\n")
    #expect(replayed.status == 0)
    // Played back in reverse order, each gets its own recorded reply (matched by bytes).
    let reversed = Array((Self.lines.reversed().joined(separator: "\n") + "\n").utf8)
    let played = try BinaryRunner.run(
      ["serve", "--jsonl", "--profile", "connect_kit", "--playback", recording], input: reversed)
    #expect(played.status == 0)
    let liveLines = String(decoding: live.stdout, as: UTF8.self).split(separator: "\n")
    let playedLines = String(decoding: played.stdout, as: UTF8.self).split(separator: "\n")
    #expect(Array(playedLines.dropFirst()) == Array(liveLines.dropFirst().reversed()))
  }

  /// A non-null `message` whose hex is not one message is still refused, saying what to write.
  @Test func aValueWithUndecodableHexIsStillRefused() {
    let exchange = TranscriptExchange(
      channel: Self.channel, request: .message(.int(1)), requestBytes: .bytes([0x81]))
    #expect(
      TranscriptConsistency.problem(exchange)
        == #""messageHex" is not one standard message (write "message": null)"#)
  }
}
