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
