import FlutterCodec
import HKBridgeCLI
import Harness
import Testing

/// The in-place MESSAGE path of ``FrameServer`` (taken with the real emulator, which answers bytes
/// in place) against the general path (strings and arrays, taken with any other handler): the
/// same frames in must give the same bytes out.
@Suite struct InPlaceServeTests {
  init() { Composition.install() }
  let codec = StandardMethodCodec()
  var plugin: String { Emulator.defaultPluginChannel }
  var control: String { Emulator.controlChannel }

  /// Hides the emulator's in-place method, so that the server takes the general path.
  final class StringsOnly: MessageHandling {
    let inner: MessageHandling
    init(_ inner: MessageHandling) { self.inner = inner }
    var channels: [String] { inner.channels }
    var deviceDescription: ChannelValue { inner.deviceDescription }
    func handleMessage(channel: String, payload: [UInt8]?) -> [UInt8]? {
      inner.handleMessage(channel: channel, payload: payload)
    }
  }

  func served(_ input: [UInt8], inPlace: Bool, logLevel: LogLevel = .quiet) -> [UInt8] {
    let emulator = Emulator.make(warnings: { _ in })
    let handler = inPlace ? emulator : StringsOnly(emulator)
    let server = FrameServer(handler: handler, logger: Logger(level: logLevel))
    server.feed(input)
    return server.takeOutput()
  }

  @Test func anIsAvailableReplyFrameIsPinned() {
    // Length 0x1f (8 + 21 + 2), REPLY, no flags, id 7, channel length 0x15, the channel, then
    // the success envelope 00 01 (true).
    let expected =
      hex("1f000000 02 00 07000000 1500") + Array("healthkit_permissions".utf8) + hex("00 01")
    #expect(served(messageFrame(7, plugin, callPayload("isAvailable")), inPlace: true) == expected)
  }

  /// A value that is not plain (a string) is encoded once its length is known, behind the same
  /// head: length 0x28 (8 + 21 + 11), REPLY, id 9, the channel, then the envelope 00 (success),
  /// 07 (a string), 08 (its length) and "iOS 17.5" (the default device's system and version).
  @Test func aStringReplyIsEncodedBehindTheSameHead() {
    let expected =
      hex("28000000 02 00 09000000 1500") + Array("healthkit_permissions".utf8)
      + hex("00 07 08") + Array("iOS 17.5".utf8)
    let frame = messageFrame(9, plugin, callPayload("getPlatformVersion"))
    #expect(served(frame, inPlace: true) == expected)
    #expect(served(frame, inPlace: false) == expected)
  }

  /// A REPLY's header and channel are copied from its MESSAGE as they lie, but its kind and
  /// flags are its own: flag bits Dart set on the MESSAGE (unused ones) are not echoed, and
  /// each reply carries its own MESSAGE's id, channel after channel.
  @Test func aReplyTakesItsIdAndChannelFromItsMessageButNotItsFlags() {
    let expected =
      hex("1f000000 02 00 07000000 1500") + Array("healthkit_permissions".utf8) + hex("00 01")
    for flags: UInt8 in [0x02, 0x80, 0xfe] {
      var frame = messageFrame(7, plugin, callPayload("isAvailable"))
      frame[5] = flags
      #expect(served(frame, inPlace: true) == expected, "flags \(flags)")
      #expect(served(frame, inPlace: true) == served(frame, inPlace: false), "flags \(flags)")
    }
    var input: [UInt8] = []
    for id: UInt32 in 1...6 {
      input += messageFrame(
        0x0102_0300 + id, id % 2 == 0 ? control : plugin,
        callPayload(id % 2 == 0 ? "snapshot" : "isAvailable"))
    }
    let frames = splitFrames(served(input, inPlace: true))
    #expect(frames.map(\.id) == (1...6).map { 0x0102_0300 + $0 })
    #expect(frames.map(\.channel) == (1...6).map { $0 % 2 == 0 ? control : plugin })
    #expect(frames.allSatisfy { $0.kind == .reply })
    #expect(served(input, inPlace: true) == served(input, inPlace: false))
  }

  @Test func aMixedStreamGivesTheSameBytesOnBothPaths() {
    var input: [UInt8] = []
    input += messageFrame(1, plugin, callPayload("isAvailable"))
    input += messageFrame(
      2, plugin, callPayload("requestPermissions", ["types": ["STEPS"], "access": "read"]))
    input += messageFrame(3, plugin, callPayload("checkPermissions", ["types": ["STEPS"]]))
    input += messageFrame(4, plugin, nil)  // a null message: MALFORMED_MESSAGE
    input += messageFrame(5, plugin, [])  // an empty payload: MALFORMED_MESSAGE
    input += messageFrame(6, plugin, hex("07 03 66 6f 6f"))  // a name and no arguments
    input += messageFrame(7, plugin, callPayload("noSuchMethod"))  // null reply
    input += messageFrame(8, "unknown_channel", callPayload("isAvailable"))  // null reply
    input += messageFrame(9, control, callPayload("snapshot"))
    input += messageFrame(10, control, callPayload("reset"))
    input += FrameWriter.encode(Frame(kind: .reply, id: 11, channel: plugin, payload: []))
    input += hex("09000000 01 00 0c000000 01 00 ff")  // channel name not UTF-8
    input += hex("03000000 01 00 0d")  // short header
    input += messageFrame(14, plugin, callPayload("getPlatformVersion"))
    let inPlace = served(input, inPlace: true)
    #expect(inPlace == served(input, inPlace: false))
    let frames = splitFrames(inPlace)
    #expect(frames.map(\.id) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 14])
    #expect(
      frames.map(\.kind) == [
        .reply, .reply, .reply, .reply, .reply, .reply, .reply, .reply, .reply, .reply,
        .protocolError, .protocolError, .protocolError, .reply,
      ])
    #expect(frames[6].payload == nil && frames[7].payload == nil)
    #expect(frames[7].channel == "unknown_channel")
  }

  /// The frame server keeps the emulator's route with each channel it has seen: channels
  /// coming back after others, after the cache of recent channels has dropped them (more than
  /// eight names), and an event channel (no route: routed by name) give the same bytes as the
  /// general path.
  @Test func routesKeptPerChannelGiveTheSameBytesAsTheGeneralPath() {
    let others = (1...9).map { "unknown_\($0)" }
    let order =
      [plugin, control, plugin] + others + [control, plugin, "healthkit_permissions/observe"]
      + others.reversed() + [plugin, plugin, control]
    var input: [UInt8] = []
    for (index, channel) in order.enumerated() {
      let id = UInt32(index + 1)
      let payload =
        channel == control
        ? callPayload("calls")
        : channel.hasSuffix("observe")
          ? callPayload("listen", ["type": "STEPS"]) : callPayload("isAvailable")
      input += messageFrame(id, channel, payload)
    }
    let inPlace = served(input, inPlace: true)
    #expect(inPlace == served(input, inPlace: false))
    let frames = splitFrames(inPlace)
    #expect(frames.filter { $0.kind == .reply }.map(\.channel) == order)
    #expect(frames.first?.payload == hex("00 01"))
  }

  @Test func aDebugLogTakesTheGeneralPathWithTheSameBytes() {
    let input =
      messageFrame(1, plugin, callPayload("isAvailable"))
      + messageFrame(2, control, callPayload("snapshot"))
    #expect(
      served(input, inPlace: true, logLevel: .debug)
        == served(input, inPlace: true, logLevel: .quiet))
  }

  /// The reply is written into the output block, which grows for a frame bigger than its first
  /// size (256 KiB) and goes on serving afterwards.
  @Test func aReplyBiggerThanTheOutputBlockComesOutWhole() throws {
    let handler = FakeHandler()
    let server = FrameServer(handler: handler, logger: Logger(level: .quiet))
    let big = ChannelValue.uint8List((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    server.feed(
      messageFrame(3, FakeHandler.channel, callPayload("echo", big)))
    server.feed(
      messageFrame(4, FakeHandler.channel, callPayload("echo", 5)))
    let frames = splitFrames(server.takeOutput())
    #expect(frames.map(\.id) == [3, 4])
    #expect(frames[0].payload == codec.encodeSuccessEnvelope(big))
    #expect(frames[1].payload == hex("00 03 05000000"))
    server.feed(
      messageFrame(5, FakeHandler.channel, callPayload("echo", true)))
    #expect(splitFrames(server.takeOutput()).map(\.payload) == [hex("00 01")])
  }
}
