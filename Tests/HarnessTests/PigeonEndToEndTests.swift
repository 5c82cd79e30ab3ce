import FlutterCodec
import Foundation
import HKBridgeCLI
import Harness
import Testing

/// `serve --profile connect_kit`: Pigeon messages over frames, recorded and replayed byte for byte.
@Suite struct PigeonEndToEndTests {
  init() { Composition.install() }
  static let prefix = "dev.flutter.pigeon.connect_kit.ConnectKitHostApi."

  @Test func helloListsEveryPigeonChannel() throws {
    let result = try BinaryRunner.run(["serve", "--profile", "connect_kit"], input: [])
    #expect(result.status == 0)
    let hello = try StandardMessageCodec().decode(
      try #require(splitFrames(result.stdout).first?.payload))
    #expect(hello["profiles"] == ["connect_kit"])
    #expect(hello["channels"]?.listValue?.count == 8)
    #expect(hello["channels"]?.listValue?.first == .string(Self.prefix + "getPlatformVersion"))
  }

  /// A method without parameters is a frame with the null flag; a reply is `[result]`.
  @Test func pigeonMessagesAnswerOverFrames() throws {
    let check = PigeonCodec().encodeArguments([["steps": ["write"]], nil, nil])
    let input =
      messageFrame(1, Self.prefix + "isSdkAvailable", nil)
      + messageFrame(2, Self.prefix + "checkPermissions", check)
    let result = try BinaryRunner.run(["serve", "--profile", "connect_kit"], input: input)
    #expect(result.status == 0)
    let replies = splitFrames(result.stdout).dropFirst().map { $0 }
    #expect(replies.count == 2)
    #expect(replies.first?.payload == hex("0c01 0709 617661696c61626c65"))
    #expect(
      replies.last?.payload
        == hex(
          "0c01 81 0c03 0d01 0705 7374657073 0d01 0705 7772697465 070d 6e6f7444657465726d696e6564 00 00"
        ))
  }

  /// What `serve --record` writes of Pigeon traffic replays green in bytes mode.
  @Test func recordedPigeonTrafficReplays() throws {
    let scratch = try ScratchDirectory()
    let path = try scratch.write("run.jsonl", "")
    let pigeon = PigeonCodec()
    let record: ChannelValue = .object([
      ("recordKind", "data"), ("type", "steps"), ("startTime", .int64(1_704_060_000_000)),
      ("endTime", .int64(1_704_063_600_000)),
      ("data", .object([("valuePattern", "quantity"), ("value", 1200.0), ("unit", "count")])),
    ])
    let input =
      messageFrame(1, Self.prefix + "getPlatformVersion", nil)
      + messageFrame(
        2, Self.prefix + "requestPermissions", pigeon.encodeArguments([nil, ["steps"], nil, nil]))
      + messageFrame(3, Self.prefix + "writeRecords", pigeon.encodeArguments([[record]]))
      + messageFrame(4, Self.prefix + "requestPermissions", pigeon.encodeArguments([["steps"]]))
    let served = try BinaryRunner.run(
      ["serve", "--profile", "connect_kit", "--record", path], input: input)
    #expect(served.status == 0)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("\"messageHex\": null"))
    #expect(text.contains("{\"$ext\": {\"tag\": 130, \"value\": [\"completeSuccess\""))
    let replay = try BinaryRunner.run(["replay", "--profile", "connect_kit", path], input: [])
    #expect(String(decoding: replay.stdout, as: UTF8.self) == "4 passed, 0 failed\n")
    #expect(replay.status == 0)
  }
}
