import FlutterCodec
import Testing

@testable import PluginHost
@testable import PluginProfiles

/// The router's reply before it is encoded (``MessageReply``), the names it compares as bytes,
/// and the calls it reads without a reader.
@Suite struct MessageReplyTests {
  let codec = StandardMethodCodec()

  @Test func eachReplyHasTheCodecsBytes() {
    #expect(MessageReply.null.bytes == nil)
    #expect(MessageReply.success(.bool(true)).bytes == hex("00 01"))
    // 01 flag; "E": 07 01 45; message null 00; details null 00.
    let error = FlutterError(code: "E", message: nil, details: .null)
    #expect(MessageReply.error(error).bytes == hex("01 07 01 45 00 00"))
    #expect(MessageReply.bytes(hex("0a 0b")).bytes == hex("0a 0b"))
    #expect(MessageReply(nil).bytes == nil)
  }

  @Test func theLoggedCodeIsReadWithoutDecodingWhereTheValueIsThere() {
    let error = FlutterError(code: "HEALTH_DATA_UNAVAILABLE", message: "m", details: .null)
    #expect(MessageReply.null.loggedCode == "notImplemented")
    #expect(MessageReply.success(.null).loggedCode == nil)
    #expect(MessageReply.error(error).loggedCode == "HEALTH_DATA_UNAVAILABLE")
    #expect(
      MessageReply.bytes(codec.encodeErrorEnvelope(error)).loggedCode == "HEALTH_DATA_UNAVAILABLE")
    #expect(MessageReply.bytes(hex("00 01")).loggedCode == nil)
  }

  @Test func theRouterGivesValuesAndTheSameBytesAsHandleMessage() {
    let dispatcher = Dispatcher()
    let channel = Array(Dispatcher.defaultPluginChannel.utf8)
    let calls: [[UInt8]] = [
      hex("07 0b 69 73 41 76 61 69 6c 61 62 6c 65 00"),  // isAvailable, null
      codec.encodeMethodCall(MethodCall("isAvailable", ["extra": 1])),
      codec.encodeMethodCall(MethodCall("noSuchMethod", .null)),
      hex("07 0b 69 73 41 76 61 69 6c 61 62 6c 65 00 00"),  // one byte too many
    ]
    let replies = calls.map { call in
      channel.withUnsafeBytes { name in
        call.withUnsafeBytes { dispatcher.reply(channelUTF8: name, payload: $0) }
      }
    }
    guard case .success(.bool(true)) = replies[0] else {
      Issue.record("isAvailable: \(replies[0])")
      return
    }
    guard case .error(let unknownKey) = replies[1], case .null = replies[2],
      case .error(let malformed) = replies[3]
    else {
      Issue.record("replies: \(replies)")
      return
    }
    #expect(unknownKey.code == "INVALID_ARGUMENTS")
    #expect(malformed.code == "MALFORMED_MESSAGE")
    for (call, reply) in zip(calls, replies) {
      #expect(
        reply.bytes
          == Dispatcher().handleMessage(channel: Dispatcher.defaultPluginChannel, payload: call))
    }
  }

  @Test func scalarArgumentsReadWithoutAReaderAreTheValuesSent() {
    let dispatcher = Dispatcher()
    let channel = Array(Dispatcher.defaultPluginChannel.utf8)
    let sent: [ChannelValue] = [.bool(true), .bool(false), .int32(-3), .int64(1 << 40)]
    for arguments in sent {
      let call = codec.encodeMethodCall(MethodCall("isAvailable", arguments))
      let reply = channel.withUnsafeBytes { name in
        call.withUnsafeBytes { dispatcher.reply(channelUTF8: name, payload: $0) }
      }
      // isAvailable takes no arguments: refused by its key check, logged as sent.
      guard case .error(let error) = reply else {
        Issue.record("\(arguments): \(reply)")
        continue
      }
      #expect(error.code == "INVALID_ARGUMENTS", "\(arguments)")
      #expect(dispatcher.verification.loggedCalls.last?.arguments == arguments)
    }
  }

  @Test func consecutiveCallsOnOtherChannelsFindTheirOwnRoute() {
    let dispatcher = Dispatcher()
    let plugin = Dispatcher.defaultPluginChannel
    let control = Dispatcher.controlChannel
    let isAvailable = codec.encodeMethodCall(MethodCall("isAvailable"))
    let snapshot = codec.encodeMethodCall(MethodCall("snapshot"))
    for channel in [plugin, control, control, plugin, "no_such_channel", plugin] {
      let call = channel == control ? snapshot : isAvailable
      let got = dispatcher.handleMessage(channel: channel, payload: call)
      let expected = Dispatcher().handleMessage(channel: channel, payload: call)
      #expect(got == expected, "\(channel)")
    }
  }

  @Test func nameBytesCompareEveryLengthAndEveryByte() {
    // Short (under 8), two words (8-16), and every count of middle words up to 40 bytes.
    for length in 0...40 {
      let name = (0..<length).map { UInt8(65 + $0) }
      let bytes = NameBytes(name)
      name.withUnsafeBytes { #expect(bytes.equals($0), "length \(length)") }
      (name + [0]).withUnsafeBytes { #expect(!bytes.equals($0), "one byte longer, \(length)") }
      for position in 0..<length {
        var other = name
        other[position] ^= 0x20
        other.withUnsafeBytes { #expect(!bytes.equals($0), "byte \(position) of \(length)") }
      }
    }
  }

  @Test func theMethodIndexFindsNamesByTheirBytesOnly() {
    let index = MethodIndex(["a": .plain { _ in .null }, "isAvailable": .plain { _ in .null }])
    for name in ["a", "isAvailable"] {
      let position = Array(name.utf8).withUnsafeBytes { index.position(utf8: $0) }
      #expect(position.map(index.name(at:)) == name)
    }
    for name in ["", "b", "isAvailablE", "isAvailable2"] {
      #expect(Array(name.utf8).withUnsafeBytes { index.position(utf8: $0) } == nil, "\(name)")
    }
  }
}
