import FlutterCodec
import HKBridgeCLI
import PluginHost
import PluginProfiles
import Testing

@testable import Harness

/// Playback finds the exchange that answers a call through an index (protocol/playback.md), with
/// the same choice as a scan from the next exchange in order.
@Suite struct PlaybackIndexTests {
  init() { Composition.install() }
  static let channel = "healthkit_permissions"

  static func handler(_ text: String) throws -> PlaybackHandler {
    let transcript = try TranscriptReader.parse(text, path: "p.jsonl")
    let model = Dispatcher()
    model.warningHandler = { _ in }
    return try PlaybackHandler(transcripts: [transcript], model: model, mode: .once, warn: { _ in })
  }

  static func call(_ method: String, _ args: ChannelValue) -> [UInt8] {
    StandardMethodCodec().encodeMethodCall(MethodCall(method, args))
  }

  static func ok(_ value: ChannelValue) -> [UInt8] {
    StandardMethodCodec().encodeSuccessEnvelope(value)
  }

  /// Values Dart finds equal hash alike: ints and doubles of the same value, maps in any order.
  @Test func dartEqualValuesHashAlike() {
    let pairs: [(ChannelValue, ChannelValue)] = [
      (.int32(1), .float64(1.0)), (.int64(7), .int32(7)), (.float64(0), .float64(-0.0)),
      (.largeInt("10"), .int32(16)), (.float64(.nan), .float64(.nan)),
      (.map([.init("a", 1), .init("b", "x")]), .map([.init("b", "x"), .init("a", 1.0)])),
    ]
    for (a, b) in pairs {
      #expect(DartEquality.equal(a, b))
      #expect(DartHash.value(a) == DartHash.value(b), "\(a) and \(b)")
    }
    #expect(DartHash.value(.list([1, 2])) != DartHash.value(.list([2, 1])))
  }

  /// 2,000 exchanges played back last first: each call gets its own reply.
  @Test func reverseOrderGetsEachRecordedReply() throws {
    let count = 2_000
    let lines = (0..<count).map {
      #"{"channel": "healthkit_permissions", "call": {"method": "readRecords", "args": "#
        + #"{"type": "steps", "limit": \#($0 + 1)}}, "reply": {"ok": \#($0)}}"#
    }
    let handler = try Self.handler(lines.joined(separator: "\n") + "\n")
    for i in (0..<count).reversed() {
      let reply = handler.handleMessage(
        channel: Self.channel,
        payload: Self.call(
          "readRecords", .object([("limit", .float64(Double(i + 1))), ("type", "steps")])))
      #expect(reply == Self.ok(.int(i)))
    }
    #expect(handler.misses == 0)
  }

  /// The next exchange in order wins over an earlier one, also when one has matchers on its
  /// request and the other is matched by value; used exchanges answer no more.
  @Test func theNextInOrderWinsAcrossMatchersAndValues() throws {
    let text = """
      {"channel": "healthkit_permissions", "call": {"method": "readRecords", "args": {"type": "steps", "limit": 1}}, "reply": {"ok": "a"}}
      {"channel": "healthkit_permissions", "call": {"method": "isAvailable", "args": null}, "reply": {"ok": "b"}}
      {"channel": "healthkit_permissions", "call": {"method": "readRecords", "args": {"type": "steps", "limit": 9}}, "reply": {"ok": "c"}, "match": {"call.args.limit": "int"}}
      {"channel": "healthkit_permissions", "call": {"method": "readRecords", "args": {"type": "steps", "limit": 1}}, "reply": {"ok": "d"}}

      """
    let handler = try Self.handler(text)
    let limit1 = Self.call("readRecords", ["type": "steps", "limit": 1])
    #expect(
      handler.handleMessage(channel: Self.channel, payload: Self.call("isAvailable", .null))
        == Self.ok("b"))
    // After line 2: line 3 (matcher) comes before line 4 (value).
    #expect(handler.handleMessage(channel: Self.channel, payload: limit1) == Self.ok("c"))
    #expect(handler.handleMessage(channel: Self.channel, payload: limit1) == Self.ok("d"))
    // Wrapped around to line 1, then nothing is left.
    #expect(handler.handleMessage(channel: Self.channel, payload: limit1) == Self.ok("a"))
    let miss = handler.handleMessage(channel: Self.channel, payload: limit1)
    #expect(miss?.first == 1)
    #expect(handler.misses == 1)
  }
}
