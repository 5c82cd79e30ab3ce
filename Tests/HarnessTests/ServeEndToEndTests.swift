import FlutterCodec
import Foundation
import HKBridgeCLI
import Harness
import Testing

/// Spawns the real `hkbridge serve` and speaks frames over pipes.
@Suite struct ServeEndToEndTests {
  init() { Composition.install() }
  let codec = StandardMethodCodec()
  static let channel = "healthkit_permissions"

  func message(_ id: UInt32, _ method: String, channel: String = channel) -> [UInt8] {
    FrameWriter.encode(
      Frame(
        kind: .message, id: id, channel: channel,
        payload: codec.encodeMethodCall(MethodCall(method))))
  }

  @Test func helloComesFirstAndEmptyInputExitsZero() throws {
    let result = try BinaryRunner.run(["serve", "--device", "iPad", "--os", "16.4"], input: [])
    #expect(result.status == 0)
    let frames = splitFrames(result.stdout)
    #expect(frames.count == 1)
    #expect(frames.first?.kind == .hello && frames.first?.id == 0 && frames.first?.channel == "")
    let hello = try StandardMessageCodec().decode(try #require(frames.first?.payload))
    #expect(hello["protocol"] == .int32(1))
    #expect(hello["emulator"]?.stringValue?.isEmpty == false)
    #expect(
      hello["channels"] == [
        "healthkit_permissions", "healthkit_permissions/observe", "healthkit_permissions/anchored",
        "healthkit_permissions/statistics", "hkbridge/control",
      ])
    #expect(hello["device"]?["model"] == "iPad")
    #expect(hello["device"]?["osVersion"] == "16.4")
  }

  @Test func channelFlagRenamesThePluginChannel() throws {
    let result = try BinaryRunner.run(["serve", "--channel", "a", "--channel", "b"], input: [])
    let hello = try StandardMessageCodec().decode(
      try #require(splitFrames(result.stdout).first?.payload))
    #expect(
      hello["channels"] == [
        "a", "b", "a/observe", "a/anchored", "a/statistics", "b/observe", "b/anchored",
        "b/statistics", "hkbridge/control",
      ])
  }

  @Test func unknownChannelGetsANullReply() throws {
    let result = try BinaryRunner.run(
      ["serve"], input: message(5, "anything", channel: "nobody.home"))
    #expect(result.status == 0)
    let frames = splitFrames(result.stdout)
    #expect(
      frames.dropFirst().map { $0 } == [
        Frame(kind: .reply, id: 5, channel: "nobody.home", payload: nil)
      ])
  }

  @Test func protocolErrorsAndOversizeFramesLeaveServingAlive() throws {
    var input: [UInt8] = []
    input += hex("08000000 09 00 0b000000 0000")  // unknown kind, id 11
    input += hex("0a000000 01 00 0c000000 0900 6162")  // channel length 9 past the end, id 12
    // A 300-byte frame with --max-frame 100, id 13: skipped.
    input += hex("2c010000 01 00 0d000000 0000") + [UInt8](repeating: 0xEE, count: 292)
    input += message(14, "x", channel: "nobody")
    let result = try BinaryRunner.run(["serve", "--max-frame", "100"], input: input)
    #expect(result.status == 0)
    let frames = splitFrames(result.stdout).dropFirst()
    #expect(frames.map(\.kind) == [.protocolError, .protocolError, .protocolError, .reply])
    #expect(frames.map(\.id) == [11, 12, 13, 14])
    #expect(result.stderr.contains("PROTOCOL_ERROR for frame 13"))
  }

  @Test func endOfInputInsideAFrameExitsThree() throws {
    let whole = message(1, "x", channel: "nobody")
    let result = try BinaryRunner.run(["serve"], input: whole + Array(whole.prefix(6)))
    #expect(result.status == 3)
    #expect(result.stderr.contains("end of input inside a frame"))
    // The complete frame before it was still answered.
    #expect(splitFrames(result.stdout).map(\.kind) == [.hello, .reply])
  }

  @Test func endOfInputInsideASkippedFrameExitsThree() throws {
    let result = try BinaryRunner.run(
      ["serve", "--max-frame", "16"], input: hex("00010000 01 00 01000000 0000 abcd"))
    #expect(result.status == 3)
  }

  @Test func twentyThousandPipelinedCallsAreAnsweredInOrder() throws {
    var input: [UInt8] = []
    let count = 20_000
    input.reserveCapacity(count * 40)
    for id in 1...count { input += message(UInt32(id), "isAvailable") }
    let result = try BinaryRunner.run(["serve"], input: input)
    #expect(result.status == 0)
    let frames = splitFrames(result.stdout)
    #expect(frames.count == count + 1)
    #expect(frames.dropFirst().map(\.id) == (1...count).map(UInt32.init))
    // isAvailable on the default iPhone: a success envelope holding true.
    #expect(frames.dropFirst().allSatisfy { $0.kind == .reply && $0.payload == [0x00, 0x01] })
  }

  @Test func malformedCallBytesGetAMalformedMessageError() throws {
    var input: [UInt8] = []
    // A method name declaring 5 bytes with 2 left, then a null payload, then a good call.
    input += FrameWriter.encode(
      Frame(kind: .message, id: 21, channel: Self.channel, payload: hex("0705 6162")))
    input += FrameWriter.encode(Frame(kind: .message, id: 22, channel: Self.channel, payload: nil))
    input += message(23, "isAvailable")
    let result = try BinaryRunner.run(["serve"], input: input)
    #expect(result.status == 0)
    let frames = Array(splitFrames(result.stdout).dropFirst())
    #expect(frames.map(\.id) == [21, 22, 23])
    let first = try codec.decodeEnvelope(frames[0].payload ?? [])
    guard case .error(let error) = first else {
      Issue.record("expected an error envelope, got \(first)")
      return
    }
    #expect(error.code == "MALFORMED_MESSAGE")
    // The integer width of the offset is the plugin's (pinned by golden/malformed.jsonl).
    #expect(DartEquality.equal(error.details, ["offset": 1, "reason": "sizeOutOfBounds"]))
    guard case .error(let null) = try codec.decodeEnvelope(frames[1].payload ?? []) else {
      Issue.record("expected an error envelope for the null payload")
      return
    }
    #expect(null.code == "MALFORMED_MESSAGE")
    #expect(frames[2].payload == [0x00, 0x01])
  }

  @Test func aClosedStdoutEndsServingCleanly() throws {
    var input: [UInt8] = []
    for id in 1...2_000 { input += message(UInt32(id), "isAvailable") }
    let result = try BinaryRunner.run(["serve"], input: input, closeStdoutEarly: true)
    #expect(result.exitedNormally)
    #expect(result.status == 0)
  }

  @Test func badOptionsExitTwo() throws {
    for arguments in [
      ["serve", "--device", "Watch"], ["serve", "--os", "seventeen"],
      ["serve", "--max-frame", "4"], ["serve", "--log-level", "loud"],
      ["serve", "--channel", "hkbridge/control"],
      ["serve", "--scenario", "/nonexistent/scenario.jsonl"],
      ["serve", "--record", "/nonexistent/directory/run.jsonl"], ["serve", "--os", "7.0"],
      ["serve", "--channel", ""],
    ] {
      let result = try BinaryRunner.run(arguments, input: [])
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stdout.isEmpty, "\(arguments): nothing on stdout")
      #expect(!result.stderr.isEmpty, "\(arguments): a message on stderr")
    }
  }
}
