import FlutterCodec
import Foundation
import HKBridgeCLI
import Harness
import Testing

/// `serve --profile` and `replay --profile` with the real binary.
@Suite struct ProfileEndToEndTests {
  init() { Composition.install() }
  func hello(_ arguments: [String]) throws -> ChannelValue {
    let result = try BinaryRunner.run(arguments, input: [])
    #expect(result.status == 0)
    return try StandardMessageCodec().decode(
      try #require(splitFrames(result.stdout).first?.payload))
  }

  @Test func helloListsTheProfilesServedAfterTheOtherKeys() throws {
    let plain = try hello(["serve"])
    #expect(plain["profiles"] == ["healthkit_permissions"])
    guard case .map(let entries) = plain else {
      Issue.record("HELLO is not a map")
      return
    }
    #expect(
      entries.map(\.key) == [
        "protocol", "emulator", "channels", "device", "profiles", "eventChannels",
      ])
    let health = try hello(["serve", "--profile", "health"])
    #expect(health["profiles"] == ["health"])
    #expect(
      health["channels"] == [
        "flutter_health", "dev.fluttercommunity.plus/device_info", "hkbridge/control",
      ])
    let both = try hello([
      "serve", "--profile", "healthkit_permissions", "--profile", "health", "--profile", "health",
    ])
    #expect(both["profiles"] == ["healthkit_permissions", "health"])
    #expect(both["channels"]?.items.first == "healthkit_permissions")
  }

  @Test func theHealthChannelAnswersOverFrames() throws {
    let call = StandardMethodCodec().encodeMethodCall(MethodCall("checkIfHealthDataAvailable"))
    let frame = FrameWriter.encode(
      Frame(kind: .message, id: 7, channel: "flutter_health", payload: call))
    let result = try BinaryRunner.run(["serve", "--profile", "health"], input: frame)
    #expect(result.status == 0)
    #expect(
      splitFrames(result.stdout).dropFirst().map { $0 } == [
        Frame(kind: .reply, id: 7, channel: "flutter_health", payload: [0x00, 0x01])
      ])
  }

  @Test func badProfileOptionsExitTwo() throws {
    let unknown = try BinaryRunner.run(["serve", "--profile", "fitbit"], input: [])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("unknown profile 'fitbit'"))
    #expect(unknown.stdout.isEmpty)
    let renamed = try BinaryRunner.run(
      ["serve", "--profile", "health", "--channel", "x"], input: [])
    #expect(renamed.status == 2)
    #expect(renamed.stderr.contains("--channel"))
    let replay = try BinaryRunner.run(["replay", "--profile", "fitbit", "x.jsonl"], input: [])
    #expect(replay.status == 2)
    #expect(replay.stderr.contains("unknown profile 'fitbit'"))
  }

  @Test func replayUsesTheProfile() throws {
    let scratch = try ScratchDirectory()
    let path = try scratch.write(
      "health.jsonl",
      """
      {"channel": "flutter_health", "call": {"method": "checkIfHealthDataAvailable", "args": null}, "reply": {"ok": true}}
      {"channel": "flutter_health", "call": {"method": "hasPermissions", "args": {"types": ["STEPS"], "permissions": [0]}}, "reply": {"ok": null}}

      """)
    let result = try BinaryRunner.run(["replay", "--profile", "health", path], input: [])
    #expect(result.status == 0)
    #expect(String(decoding: result.stdout, as: UTF8.self) == "2 passed, 0 failed\n")
    // Without the profile nothing answers on flutter_health.
    let plain = try BinaryRunner.run(["replay", path], input: [])
    #expect(plain.status == 1)
  }

  @Test func aRecordingNamesItsProfilesAndReplaysWithoutTheOption() throws {
    let scratch = try ScratchDirectory()
    let path = scratch.url.appendingPathComponent("run.jsonl").path
    let input = messageFrame(
      1, "flutter_health",
      callPayload("hasPermissions", ["types": ["STEPS"], "permissions": [1]]))
    let served = try BinaryRunner.run(
      ["serve", "--profile", "health", "--record", path], input: input)
    #expect(served.status == 0)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let header = text.split(separator: "\n").first.map(String.init) ?? ""
    // No channels: they name the default profile's channels, which were not served.
    #expect(header.hasPrefix(#"{"hkbridge": {"version": ""#), "\(header)")
    #expect(
      header.hasSuffix(#"", "profiles": ["health"], "device": "iPhone", "osVersion": "17.5"}}"#),
      "\(header)")
    let replay = try BinaryRunner.run(["replay", path], input: [])
    #expect(replay.status == 0)
    #expect(String(decoding: replay.stdout, as: UTF8.self) == "1 passed, 0 failed\n")
    // Served with the default profile too, the header keeps the channel names.
    let both = try BinaryRunner.run(
      ["serve", "--profile", "healthkit_permissions", "--profile", "health", "--record", path],
      input: input)
    #expect(both.status == 0)
    let bothText = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      bothText.contains(
        #"", "channels": ["healthkit_permissions"], "profiles": ["healthkit_permissions", "health"], "#
      ), "\(bothText)")
  }

  @Test func aHeaderWithAnUnknownProfileIsATranscriptError() throws {
    let scratch = try ScratchDirectory()
    let path = try scratch.write(
      "bad.jsonl",
      """
      {"hkbridge": {"profiles": ["fitbit"]}}
      {"channel": "flutter_health", "call": {"method": "checkIfHealthDataAvailable", "args": null}, "reply": {"ok": true}}

      """)
    let result = try BinaryRunner.run(["replay", path], input: [])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\"profiles\": unknown profile 'fitbit'"), "\(result.stderr)")
  }
}

extension ChannelValue {
  fileprivate var items: [ChannelValue] {
    if case .list(let items) = self { return items }
    return []
  }
}
