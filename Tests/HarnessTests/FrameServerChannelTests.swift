import FlutterCodec
import HKBridgeCLI
import Harness
import Testing

/// The frame server's channel names: the last one compared first, then its cache of recent
/// names (8), whatever order frames come in; and the header check without an error made.
@Suite struct FrameServerChannelTests {
  init() { Composition.install() }
  let codec = StandardMethodCodec()

  @Test func everyReplyNamesItsMessagesChannelWhateverTheOrder() {
    let server = FrameServer(handler: FakeHandler(), logger: Logger(level: .quiet))
    let others = (1...10).map { "other_\($0)" }
    let order =
      [FakeHandler.channel] + others + [FakeHandler.channel, "other_1", "other_10"]
      + others.reversed() + [FakeHandler.channel, FakeHandler.channel]
    let echo = codec.encodeMethodCall(MethodCall("echo", "x"))
    var input: [UInt8] = []
    for (id, channel) in order.enumerated() {
      input += FrameWriter.encode(
        Frame(kind: .message, id: UInt32(id + 1), channel: channel, payload: echo))
    }
    server.feed(input)
    let frames = splitFrames(server.takeOutput())
    #expect(frames.count == order.count)
    for (frame, (id, channel)) in zip(frames, order.enumerated()) {
      #expect(frame.kind == .reply && frame.id == UInt32(id + 1) && frame.channel == channel)
      let expected = channel == FakeHandler.channel ? codec.encodeSuccessEnvelope("x") : nil
      #expect(frame.payload == expected, "frame \(id + 1) on \(channel)")
    }
  }

  @Test func theQuickHeaderCheckAgreesWithTheFullOne() {
    let bodies: [[UInt8]] = [
      [], hex("01"), hex("01 00 07 00 00 00 00"),  // short
      hex("01 00 07 00 00 00 00 00"), hex("09 00 07 00 00 00 00 00"),  // ok; unknown kind
      hex("01 00 07 00 00 00 03 00 61 62"),  // channel past the end
      hex("01 01 07 00 00 00 01 00 61"), hex("01 01 07 00 00 00 01 00 61 00"),  // null flag
      hex("04 00 02 00 00 00 01 00 61 00 01"), hex("01 fe 07 00 00 00 00 00 00"),
    ]
    for body in bodies {
      body.withUnsafeBytes { raw in
        let quick = FrameParser.wellFormedHeader(raw)
        switch FrameParser.parseHeader(raw) {
        case .success(let header): #expect(quick == header, "\(body)")
        case .failure: #expect(quick == nil, "\(body)")
        }
      }
    }
  }

  /// The serve loop's first check (a well-formed MESSAGE, its kind looked at first) gives the
  /// full check's header for every well-formed MESSAGE and `nil` for every other body: every
  /// kind byte, flag byte, channel length and body length up to 12 bytes.
  @Test func theMessageCheckAgreesWithTheFullOneOnEveryShortBody() {
    var checked = 0
    for kind: UInt8 in [0, 1, 2, 3, 4, 5, 0x7f, 0x81] {
      for flags: UInt8 in [0, 1, 2, 3, 0x80] {
        for channelLength: UInt16 in [0, 1, 3, 4, 5, 0x0100, 0xffff] {
          for count in 0...12 {
            var body = [UInt8](repeating: 0x61, count: count)
            let fields: [UInt8] = [
              kind, flags, 9, 0, 0, 0, UInt8(channelLength & 0xff), UInt8(channelLength >> 8),
            ]
            for (index, byte) in fields.enumerated() where index < count { body[index] = byte }
            body.withUnsafeBytes { raw in
              let message = FrameParser.wellFormedMessage(raw)
              switch FrameParser.parseHeader(raw) {
              case .success(let header) where header.kind == .message:
                #expect(message == header, "\(body)")
              default: #expect(message == nil, "\(body)")
              }
            }
            checked += 1
          }
        }
      }
    }
    #expect(checked == 8 * 5 * 7 * 13)
  }
}
