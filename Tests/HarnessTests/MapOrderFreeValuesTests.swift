import FlutterCodec
import HKBridgeCLI
import Testing

@testable import Harness

/// A native channel's reply whose maps come in another order passes replay when the values and
/// their wire types are the same, even when the float64 padding makes the byte counts differ.
@Suite struct MapOrderFreeValuesTests {
  init() { Composition.install() }
  let codec = StandardMethodCodec()

  func reply(_ entries: [(String, ChannelValue)]) -> [UInt8] {
    codec.encodeSuccessEnvelope(
      .map(entries.map { ChannelMapEntry(.string($0.0), $0.1) }))
  }

  @Test func anotherOrderWithOtherPaddingPasses() {
    let recorded = reply([("value", .float64(600)), ("from", .int64(1_704_103_200_000))])
    let reordered = reply([("from", .int64(1_704_103_200_000)), ("value", .float64(600))])
    // The float64 is aligned to 8 from the start: before the int64 it needs other padding.
    #expect(recorded.count != reordered.count)
    #expect(MapOrderFreeValues.same(recorded, reordered))
  }

  @Test func anotherWireTypeOrValueFails() {
    let recorded = reply([("value", .float64(600)), ("method", .int64(2))])
    #expect(
      !MapOrderFreeValues.same(recorded, reply([("method", .int32(2)), ("value", .float64(600))])))
    #expect(
      !MapOrderFreeValues.same(recorded, reply([("method", .int64(3)), ("value", .float64(600))])))
    #expect(!MapOrderFreeValues.same(recorded, reply([("value", .float64(600))])))
  }

  @Test func errorEnvelopesAndMessagesAreComparedToo() {
    let error = codec.encodeErrorEnvelope(
      FlutterError(
        code: "E", message: "m", details: .map([ChannelMapEntry(.string("k"), .int32(1))])))
    #expect(MapOrderFreeValues.same(error, error))
    #expect(!MapOrderFreeValues.same(error, reply([])))
    let message = StandardMessageCodec().encode(.list([.string("a")]))
    #expect(MapOrderFreeValues.same(message, message))
    #expect(!MapOrderFreeValues.same(message, StandardMessageCodec().encode(.list([.string("b")]))))
  }
}

/// Replay of a native channel's message whose reply holds a Pigeon class (an extension value)
/// with maps inside in another order: it passes, as the values are equal.
@Suite struct MapOrderInsideExtensionValuesTests {
  init() { Composition.install() }

  func pigeonReply(_ first: (String, String), _ second: (String, String)) -> [UInt8] {
    // A Pigeon reply: a list holding the class (type 129) as the list of its fields.
    let map = ChannelValue.map([
      ChannelMapEntry(.string(first.0), .string(first.1)),
      ChannelMapEntry(.string(second.0), .string(second.1)),
    ])
    return StandardMessageCodec().encode(.list([.ext(tag: 129, value: .list([map, .null]))]))
  }

  func compare(expected: [UInt8], actual: [UInt8], mapOrderFree: Bool) -> ReplayMismatch? {
    let message = TranscriptReply.decode(expected, isMethodCall: false)
    let exchange = TranscriptExchange(
      channel: "dev.flutter.pigeon.example.Api.check", request: .message(.null),
      reply: message, replyBytes: .bytes(expected))
    var bindings = IdentityBindings()
    return Replayer(mode: nil, makeHandler: { Emulator.make(warnings: { _ in }) }).compare(
      exchange, line: 1, file: "t.jsonl",
      actual: TranscriptReply.decode(actual, isMethodCall: false), actualBytes: .bytes(actual),
      matchers: nil, bindings: &bindings, mapOrderFree: mapOrderFree)
  }

  @Test func anotherMapOrderInsideAPigeonClassPasses() {
    let recorded = pigeonReply(("read", "granted"), ("write", "denied"))
    let reordered = pigeonReply(("write", "denied"), ("read", "granted"))
    #expect(recorded != reordered)
    #expect(compare(expected: recorded, actual: reordered, mapOrderFree: true) == nil)
    // Outside a native channel the bytes decide, as before.
    #expect(compare(expected: recorded, actual: reordered, mapOrderFree: false) != nil)
    // Another value still fails.
    let changed = pigeonReply(("write", "granted"), ("read", "granted"))
    #expect(compare(expected: recorded, actual: changed, mapOrderFree: true) != nil)
  }
}

/// Replay of an event a native plugin's event channel sent with its map in another order (an
/// anchored query's `{deletedObjects, samples}` for the recorded `{samples, deletedObjects}`):
/// it passes, as the values are equal; on the emulator's own event channels the bytes decide.
@Suite struct MapOrderInNativeEventsTests {
  init() { Composition.install() }
  let channel = "plugin/anchored"

  func event(_ entries: [(String, ChannelValue)]) -> [UInt8] {
    StandardMethodCodec().encodeSuccessEnvelope(
      .map(entries.map { ChannelMapEntry(.string($0.0), $0.1) }))
  }

  func compare(
    expected: [UInt8], actual: [UInt8], actualChannel: String? = nil, mapOrderFree: Bool
  ) -> ReplayMismatch? {
    var bindings = IdentityBindings()
    return Replayer(mode: nil, makeHandler: { Emulator.make(warnings: { _ in }) }).compare(
      TranscriptEvent(channel: channel, payload: expected),
      actual: TranscriptEvent(channel: actualChannel ?? channel, payload: actual), line: 4,
      file: "t.jsonl", matchers: nil, bindings: &bindings, mapOrderFree: mapOrderFree)
  }

  @Test func anotherMapOrderOnANativeEventChannelPasses() {
    let recorded = event([("samples", .list([.string("a")])), ("deletedObjects", .list([]))])
    let reordered = event([("deletedObjects", .list([])), ("samples", .list([.string("a")]))])
    #expect(recorded != reordered)
    #expect(compare(expected: recorded, actual: reordered, mapOrderFree: true) == nil)
    // On the emulator's own event channels the bytes decide, as before.
    let mismatch = compare(expected: recorded, actual: reordered, mapOrderFree: false)
    #expect(mismatch?.line == 4 && mismatch?.mode == .bytes)
  }

  @Test func anotherValueOrChannelStillFails() {
    let recorded = event([("samples", .list([.string("a")])), ("deletedObjects", .list([]))])
    let changed = event([("deletedObjects", .list([])), ("samples", .list([.string("b")]))])
    #expect(compare(expected: recorded, actual: changed, mapOrderFree: true) != nil)
    let wider = event([("samples", .list([.string("a")])), ("deletedObjects", .list([.int64(0)]))])
    #expect(compare(expected: recorded, actual: wider, mapOrderFree: true) != nil)
    let elsewhere = compare(
      expected: recorded, actual: recorded, actualChannel: "plugin/observe", mapOrderFree: true)
    #expect(elsewhere?.differences.first?.path == "channel")
  }

  @Test func anEndOfStreamIsComparedAsBytes() {
    // A null payload (the end of a stream) on either side is never equal to a value.
    #expect(!MapOrderFreeValues.same(RecordedBytes.nullPayload, .nullPayload))
    #expect(!MapOrderFreeValues.same(RecordedBytes.bytes(event([])), .nullPayload))
    #expect(MapOrderFreeValues.same(RecordedBytes.bytes(event([])), .bytes(event([]))))
  }
}
