import FlutterCodec
import Foundation
import HKBridgeCLI
import Harness
import Testing

/// A channel the user declares (`--custom-channel`, the header's `customChannels`): any method
/// name for stubs, scenarios and playback (protocol/custom-channels.md).
@Suite struct CustomChannelTests {
  init() { Composition.install() }
  static let stub =
    #"{"channel": "hkbridge/control", "call": {"method": "stub", "args": {"method": "getSteps", "reply": {"ok": 1200}}}}"#
  static let getSteps =
    #"{"channel": "my_plugin", "call": {"method": "getSteps", "args": {"day": "2024-01-01"}}}"#

  static func lines(_ result: BinaryRunner.Result) -> [String] {
    String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// Without the channel declared, `stub` refuses a method no profile has (as before).
  @Test func aMethodOfNoProfileIsRefusedWithoutACustomChannel() throws {
    let result = try BinaryRunner.run(
      ["serve", "--jsonl"], input: Array((Self.stub + "\n").utf8))
    #expect(Self.lines(result)[1].contains(#"method \"getSteps\" is not a plugin method"#))
  }

  /// Declared: the stub answers with its bytes, an unstubbed method gets the null reply and
  /// one warning; the recording's header names the channel, and the recording replays.
  @Test func stubsAnswerAnyMethodAndTheRecordingReplays() throws {
    let scratch = try ScratchDirectory()
    let record = scratch.url.appendingPathComponent("r.jsonl").path
    let other = #"{"channel": "my_plugin", "call": {"method": "getSleep"}}"#
    let result = try BinaryRunner.run(
      ["serve", "--custom-channel", "my_plugin", "--jsonl", "--record", record],
      input: Array([Self.stub, Self.getSteps, other].joined(separator: "\n").utf8 + [10]))
    #expect(result.status == 0)
    let lines = Self.lines(result)
    #expect(lines[0].contains(#""customChannels": ["my_plugin"]"#))
    #expect(lines[2].contains(#""reply": {"ok": 1200}"#))
    #expect(lines[2].contains(#""replyHex": "0003b0040000""#))
    #expect(lines[3].contains(#""reply": {"notImplemented": true}"#))
    #expect(
      result.stderr
        == "hkbridge serve: warning: nothing answers \"getSleep\" on the custom channel "
        + "\"my_plugin\": replied not implemented (a null reply, as Flutter does); stub it on "
        + "hkbridge/control, or serve a recording with --playback\n")
    let recorded = try scratch.read(record)
    #expect(
      recorded.hasPrefix(
        #"{"hkbridge": {"version": "0.1.0", "channels": ["healthkit_permissions"], "customChannels": ["my_plugin"], "#
      ))
    let replay = try BinaryRunner.run(["replay", record], input: [])
    #expect(String(decoding: replay.stdout, as: UTF8.self) == "3 passed, 0 failed\n")
    #expect(replay.status == 0)
  }

  /// Playback from a header with `customChannels` answers a recorded call and misses others.
  @Test func playbackAnswersACustomChannel() throws {
    let scratch = try ScratchDirectory()
    let cassette = try scratch.write(
      "c.jsonl",
      #"{"hkbridge": {"customChannels": ["my_plugin"]}}"# + "\n"
        + Self.getSteps.dropLast() + #", "reply": {"ok": 1200}}"# + "\n")
    let call2 = Self.getSteps.replacing("01-01", with: "01-02")
    let result = try BinaryRunner.run(
      ["serve", "--playback", cassette, "--jsonl"],
      input: Array([Self.getSteps, call2].joined(separator: "\n").utf8 + [10]))
    let lines = Self.lines(result)
    #expect(lines[0].contains(#""customChannels": ["my_plugin"]"#))
    #expect(lines[1].contains(#""reply": {"ok": 1200}"#))
    #expect(lines[2].contains(#""code": "PLAYBACK_MISS""#))
  }

  /// A scenario stubs a custom method before HELLO.
  @Test func aScenarioStubsACustomMethod() throws {
    let scratch = try ScratchDirectory()
    let scenario = try scratch.write("s.jsonl", Self.stub + "\n")
    let result = try BinaryRunner.run(
      ["serve", "--custom-channel", "my_plugin", "--scenario", scenario, "--jsonl"],
      input: Array((Self.getSteps + "\n").utf8))
    #expect(Self.lines(result)[1].contains(#""reply": {"ok": 1200}"#))
  }

  /// The control channel's name, or a channel `--channel` serves, is refused (exit 2).
  @Test func unusableNamesAreRefused() throws {
    let control = try BinaryRunner.run(
      ["serve", "--custom-channel", "hkbridge/control"], input: [])
    #expect(control.status == 2)
    #expect(control.stderr.contains("that is the control channel's name"))
    let twice = try BinaryRunner.run(
      ["serve", "--channel", "my_plugin", "--custom-channel", "my_plugin"], input: [])
    #expect(twice.status == 2)
    #expect(twice.stderr.contains("--custom-channel my_plugin: --channel serves it already"))
  }
}
