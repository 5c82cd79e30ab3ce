import FlutterCodec
import HKBridgeCLI
import Harness
import Testing

@Suite struct FrameServerTests {
  init() { Composition.install() }
  let codec = StandardMethodCodec()

  func makeServer(maxFrame: Int = FrameLayout.defaultMaxFrame) -> (FrameServer, FakeHandler) {
    let handler = FakeHandler()
    return (
      FrameServer(handler: handler, maxFrame: maxFrame, logger: Logger(level: .quiet)), handler
    )
  }

  func message(_ id: UInt32, _ method: String, _ args: ChannelValue = nil) -> [UInt8] {
    FrameWriter.encode(
      Frame(
        kind: .message, id: id, channel: FakeHandler.channel,
        payload: codec.encodeMethodCall(MethodCall(method, args))))
  }

  @Test func helloIsTheSpecMapWithIDZeroAndNoChannel() throws {
    let (server, _) = makeServer()
    server.appendHello(emulatorVersion: "9.9.9")
    let frames = splitFrames(server.takeOutput())
    #expect(frames.count == 1)
    #expect(frames[0].kind == .hello && frames[0].id == 0 && frames[0].channel == "")
    let hello = try StandardMessageCodec().decode(try #require(frames[0].payload))
    let expected: ChannelValue = [
      "protocol": 1, "emulator": "9.9.9", "channels": ["fake_channel", "hkbridge/control"],
      "device": ["model": "iPhone"], "profiles": [],
    ]
    #expect(hello == expected)
  }

  @Test func helloBytesArePinned() {
    let (server, _) = makeServer()
    server.appendHello(emulatorVersion: "1")
    // 0d 05 map of 5; "protocol": int32 1; "emulator": "1"; "channels": [2 strings];
    // "device": {"model": "iPhone"}; "profiles": [] (the fake names no profile)
    let payload = hex(
      """
      0d05 0708 70726f746f636f6c 03 01000000
      0708 656d756c61746f72 0701 31
      0708 6368616e6e656c73 0c02 070c 66616b655f6368616e6e656c
      0710 686b6272696467652f636f6e74726f6c
      0706 646576696365 0d01 0705 6d6f64656c 0706 6950686f6e65
      0708 70726f66696c6573 0c00
      """)
    #expect(server.takeOutput() == FrameWriter.encode(Frame(kind: .hello, id: 0, payload: payload)))
  }

  @Test func aMessageGetsOneReplyWithTheSameIDAndChannel() throws {
    let (server, handler) = makeServer()
    server.feed(message(42, "echo", ["a": 1]))
    let frames = splitFrames(server.takeOutput())
    #expect(frames.count == 1)
    #expect(frames[0].kind == .reply && frames[0].id == 42 && frames[0].channel == "fake_channel")
    // 00 success, map of 1: "a" → int32 1
    #expect(frames[0].payload == hex("00 0d01 070161 0301000000"))
    #expect(handler.calls.count == 1)
  }

  @Test func aNullReplySetsTheNullFlag() {
    let (server, _) = makeServer()
    server.feed(message(7, "notImplementedHere"))
    #expect(server.takeOutput() == hex("14000000 02 01 07000000 0c00") + Array("fake_channel".utf8))
  }

  @Test func aNullPayloadReachesTheHandlerAsNil() {
    let (server, handler) = makeServer()
    server.feed(FrameWriter.encode(Frame(kind: .message, id: 1, channel: "x", payload: nil)))
    server.feed(FrameWriter.encode(Frame(kind: .message, id: 2, channel: "x", payload: [])))
    #expect(handler.calls.count == 2)
    #expect(handler.calls[0].payload == nil)
    #expect(handler.calls[1].payload == [])
  }

  @Test func malformedCallBytesGetTheHandlersErrorEnvelope() throws {
    let (server, _) = makeServer()
    server.feed(
      FrameWriter.encode(
        Frame(kind: .message, id: 3, channel: FakeHandler.channel, payload: [0x07])))
    let frames = splitFrames(server.takeOutput())
    let envelope = try codec.decodeEnvelope(try #require(frames.first?.payload))
    guard case .error(let error) = envelope else {
      Issue.record("expected an error envelope, got \(envelope)")
      return
    }
    #expect(error.code == "MALFORMED_MESSAGE")
    #expect(frames.first?.id == 3)
  }

  @Test func protocolErrorsNameTheFrameAndServingGoesOn() {
    let (server, handler) = makeServer()
    var input: [UInt8] = []
    input += hex("08000000 09 00 05000000 0000")  // unknown kind, id 5
    input += hex("06000000 01 00 06000000")  // short header, id 6
    input += hex("0a000000 01 00 07000000 0500 6162")  // channel length past end, id 7
    input += hex("0a000000 01 00 08000000 0200 ff61")  // bad UTF-8 channel, id 8
    input += hex("08000000 02 00 09000000 0000")  // REPLY sent by Dart, id 9
    input += hex("04000000 01000000")  // 4-byte body: id unknown → 0
    input += message(10, "echo", "ok")
    server.feed(input)
    let frames = splitFrames(server.takeOutput())
    #expect(
      frames.map(\.kind) == [
        .protocolError, .protocolError, .protocolError, .protocolError, .protocolError,
        .protocolError, .reply,
      ])
    #expect(frames.map(\.id) == [5, 6, 7, 8, 9, 0, 10])
    let reasons = frames.dropLast().map { String(decoding: $0.payload ?? [], as: UTF8.self) }
    #expect(reasons[0].hasPrefix("unknown kind 0x09"))
    #expect(reasons[1].hasPrefix("short header"))
    #expect(reasons[2].hasPrefix("channel length 5 runs past the end"))
    #expect(reasons[3] == "the channel name is not valid UTF-8")
    #expect(reasons[4].hasPrefix("REPLY (0x02) is sent by the host"))
    #expect(server.protocolErrors == 6)
    #expect(handler.calls.count == 1)
  }

  @Test func framesSplitAtEveryByteAreServedTheSame() {
    let (server, _) = makeServer()
    let input = message(1, "echo", [1, 2.5, "x"]) + message(2, "count") + message(3, "fail")
    for byte in input { server.feed([byte]) }
    let chunked = server.takeOutput()
    let (whole, _) = makeServer()
    whole.feed(input)
    #expect(chunked == whole.takeOutput())
    #expect(splitFrames(chunked).map(\.id) == [1, 2, 3])
    #expect(!server.isInsideFrame)
  }

  @Test func repliesKeepRequestOrder() throws {
    let (server, _) = makeServer()
    var input: [UInt8] = []
    for id in 1...500 { input += message(UInt32(id), "count") }
    server.feed(input)
    let frames = splitFrames(server.takeOutput())
    #expect(frames.map(\.id) == (1...500).map(UInt32.init))
    let values = try frames.map { try codec.decodeEnvelope($0.payload ?? []) }
    #expect(values == (1...500).map { Envelope.success(.int32(Int32($0))) })
  }

  @Test func oversizeFramesAreSkippedWithoutBeingHeld() {
    let (server, _) = makeServer(maxFrame: 1024)
    let capacityBefore = server.inputCapacity
    // A 10 MiB frame (id 77) fed in 64 KiB chunks, then a normal message.
    let length = 10 * 1024 * 1024
    server.feed(hex("00 00 a0 00") + hex("01 00 4d000000 0000"))
    let chunk = [UInt8](repeating: 0xAB, count: 64 * 1024)
    var sent = 8
    while sent + chunk.count <= length {
      server.feed(chunk)
      sent += chunk.count
    }
    server.feed([UInt8](repeating: 0xAB, count: length - sent))
    #expect(server.inputCapacity == capacityBefore)
    #expect(!server.isInsideFrame)
    server.feed(message(78, "echo", true))
    let frames = splitFrames(server.takeOutput())
    #expect(frames.map(\.kind) == [.protocolError, .reply])
    #expect(frames.map(\.id) == [77, 78])
    #expect(
      String(decoding: frames[0].payload ?? [], as: UTF8.self)
        == "frame length 10485760 exceeds --max-frame 1024: the frame was skipped")
  }

  /// Oversize frames whose bodies have come whole, in one feed with the frames around them:
  /// each is answered with a PROTOCOL_ERROR and skipped, and framing goes on right after it
  /// (two in a row, then a normal message).
  @Test func oversizeFramesInsideOneFeedAreSkippedAndFramingGoesOn() {
    let (server, _) = makeServer(maxFrame: 64)
    func oversize(_ id: UInt8) -> [UInt8] {
      hex("64 00 00 00 01 00") + [id, 0, 0, 0] + [UInt8](repeating: 0xCD, count: 94)
    }
    server.feed(
      message(1, "echo", true) + oversize(2) + oversize(3) + message(4, "echo", false))
    let frames = splitFrames(server.takeOutput())
    #expect(frames.map(\.kind) == [.reply, .protocolError, .protocolError, .reply])
    #expect(frames.map(\.id) == [1, 2, 3, 4])
    #expect(!server.isInsideFrame)
  }

  @Test func aFrameLargerThanTheBufferButWithinMaxFrameIsServed() throws {
    let (server, _) = makeServer()
    let big = ChannelValue.uint8List([UInt8](repeating: 7, count: 1_000_000))
    server.feed(message(5, "echo", big))
    let frames = splitFrames(server.takeOutput())
    #expect(frames.count == 1)
    #expect(try codec.decodeEnvelope(frames[0].payload ?? []) == .success(big))
  }

  @Test func endOfInputInsideAFrameIsVisible() {
    let (server, _) = makeServer()
    server.feed(hex("0a00"))
    #expect(server.isInsideFrame)
    let (other, _) = makeServer()
    other.feed(Array(message(1, "echo").dropLast()))
    #expect(other.isInsideFrame)
    other.feed([0x00])
    #expect(!other.isInsideFrame)
  }

  @Test func hostRepliesAreRoutedToTheirHostMessage() {
    let (server, _) = makeServer()
    var got: [[UInt8]?] = []
    let id = server.sendHostMessage(channel: "events", payload: [1, 2]) { got.append($0) }
    let sent = splitFrames(server.takeOutput())
    #expect(sent == [Frame(kind: .hostMessage, id: id, channel: "events", payload: [1, 2])])
    #expect(server.pendingHostMessageCount == 1)
    server.feed(
      FrameWriter.encode(Frame(kind: .hostReply, id: id, channel: "events", payload: [9])))
    #expect(got == [[9]])
    #expect(server.pendingHostMessageCount == 0)
    // A HOST_REPLY with no pending HOST_MESSAGE is logged and dropped: nothing is written.
    server.feed(
      FrameWriter.encode(Frame(kind: .hostReply, id: 999, channel: "events", payload: nil)))
    #expect(server.takeOutput().isEmpty)
    #expect(got == [[9]])
  }

  /// A HOST_REPLY whose channel name is not UTF-8 is refused like a MESSAGE's: a PROTOCOL_ERROR
  /// with its id and the same reason, and its HOST_MESSAGE still waits for a reply.
  @Test func aHostReplyOnANonUTF8ChannelIsAProtocolError() {
    let (server, _) = makeServer()
    var got: [[UInt8]?] = []
    let id = server.sendHostMessage(channel: "events", payload: [1]) { got.append($0) }
    _ = server.takeOutput()
    // HOST_REPLY (04), no flags, the id, channel length 2: ff 61, payload 09.
    var body = hex("04 00") + withUnsafeBytes(of: id.littleEndian) { Array($0) }
    body += hex("0200 ff61 09")
    server.feed(withUnsafeBytes(of: UInt32(body.count).littleEndian) { Array($0) } + body)
    let frames = splitFrames(server.takeOutput())
    #expect(frames.map(\.kind) == [.protocolError])
    #expect(frames.first?.id == id)
    #expect(
      frames.first.map { String(decoding: $0.payload ?? [], as: UTF8.self) }
        == "the channel name is not valid UTF-8")
    #expect(got.isEmpty && server.pendingHostMessageCount == 1)
    #expect(server.protocolErrors == 1)
  }

  @Test func hostMessageSentByDartIsAProtocolError() {
    let (server, _) = makeServer()
    server.feed(FrameWriter.encode(Frame(kind: .hostMessage, id: 4, channel: "e", payload: [])))
    let frames = splitFrames(server.takeOutput())
    #expect(frames.map(\.kind) == [.protocolError])
    #expect(frames.first?.id == 4)
  }
}
