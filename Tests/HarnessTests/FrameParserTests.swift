import HKBridgeCLI
import Harness
import Testing

@Suite struct FrameParserTests {
  init() { Composition.install() }
  @Test func parsesAMessageFrameBody() throws {
    // kind 01, flags 00, id 0x01020304, channel length 3 "abc", payload 0a0b
    let body = hex("01 00 04030201 0300 616263 0a0b")
    let frame = try FrameParser.parse(body: body).get()
    #expect(frame == Frame(kind: .message, id: 0x0102_0304, channel: "abc", payload: [0x0A, 0x0B]))
  }

  @Test func nullFlagGivesANilPayloadAndEmptyIsNotNull() throws {
    let null = try FrameParser.parse(body: hex("01 01 07000000 0000")).get()
    #expect(null.payload == nil)
    let empty = try FrameParser.parse(body: hex("01 00 07000000 0000")).get()
    #expect(empty.payload == [])
  }

  @Test func shortHeaderKeepsTheIDWhenPresent() {
    #expect(FrameParser.parse(body: hex("01 00 05000000 00")).failure?.id == 5)
    #expect(FrameParser.parse(body: hex("01 00 0500")).failure?.id == 0)
    #expect(FrameParser.parse(body: []).failure?.reason.hasPrefix("short header") == true)
  }

  @Test func unknownKindIsAnError() {
    let error = FrameParser.parse(body: hex("09 00 02000000 0000")).failure
    #expect(error?.id == 2)
    #expect(error?.reason.hasPrefix("unknown kind 0x09") == true)
  }

  @Test func channelLengthPastTheEnd() {
    let error = FrameParser.parse(body: hex("01 00 03000000 0400 616263")).failure
    #expect(error?.id == 3)
    #expect(error?.reason.hasPrefix("channel length 4 runs past the end") == true)
  }

  @Test func badUTF8ChannelName() {
    let error = FrameParser.parse(body: hex("01 00 04000000 0200 c328")).failure
    #expect(error == FrameError(id: 4, reason: "the channel name is not valid UTF-8"))
  }

  @Test func nullFlagWithPayloadBytesIsAnError() {
    let error = FrameParser.parse(body: hex("01 01 06000000 0000 00")).failure
    #expect(error?.id == 6)
    #expect(error?.reason.contains("null-payload flag") == true)
  }

  @Test func writerPinsTheLayout() {
    let bytes = FrameWriter.encode(
      Frame(kind: .reply, id: 0x0A0B_0C0D, channel: "ch", payload: [0x00, 0x01]))
    #expect(bytes == hex("0c000000 02 00 0d0c0b0a 0200 6368 0001"))
    let null = FrameWriter.encode(Frame(kind: .reply, id: 1, channel: "", payload: nil))
    #expect(null == hex("08000000 02 01 01000000 0000"))
  }

  @Test func protocolErrorFrameCarriesTheReasonAsUTF8() {
    let out = FrameWriter.encode(Frame(protocolError: FrameError(id: 9, reason: "bad")))
    #expect(out == hex("0b000000 7f 00 09000000 0000 626164"))
  }

  @Test func directionOfKinds() {
    #expect(FrameKind.allCases.filter(\.isSentByDart) == [.message, .hostReply])
    #expect(FrameKind.allCases.map(\.rawValue) == [0x00, 0x01, 0x02, 0x03, 0x04, 0x7F])
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
