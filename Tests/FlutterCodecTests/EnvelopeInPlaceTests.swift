import Testing

@testable import FlutterCodec

/// Success envelopes written into the caller's memory: the same bytes as the array encoder,
/// with alignment counted from the envelope's flag wherever it lies.
@Suite struct EnvelopeInPlaceTests {
  let codec = StandardMethodCodec()

  /// The envelope of `value` written at `offset` of a larger buffer, and the bytes around it.
  func written(_ value: ChannelValue, at offset: Int) -> (envelope: [UInt8], before: [UInt8]) {
    let count = codec.successEnvelopeCount(value)
    var buffer = [UInt8](repeating: 0xEE, count: offset + count + StandardMethodCodec.writeSlack)
    buffer.withUnsafeMutableBytes { raw in
      codec.writeSuccessEnvelope(value, count: count, to: raw.baseAddress! + offset)
    }
    return (Array(buffer[offset..<(offset + count)]), Array(buffer[0..<offset]))
  }

  @Test func trueIsTwoBytes() {
    #expect(codec.successEnvelopeCount(.bool(true)) == 2)
    #expect(written(.bool(true), at: 5).envelope == hex("00 01"))
  }

  @Test func aDoubleIsAlignedFromTheFlagNotFromTheBuffer() {
    // 00 flag, 06 float64 tag, 6 padding bytes to offset 8 of the envelope, then 1.0.
    let expected = hex("00 06 00 00 00 00 00 00 00 00 00 00 00 00 f0 3f")
    for offset in [0, 1, 3, 7, 12] {
      let result = written(.float64(1.0), at: offset)
      #expect(result.envelope == expected, "at offset \(offset)")
      #expect(result.before.allSatisfy { $0 == 0xEE }, "nothing written before the envelope")
    }
  }

  @Test func shortAndLongStringsAreTheArrayEncodersBytes() {
    let values: [ChannelValue] = [
      .string(""), .string("isAvailable"), .string(String(repeating: "a", count: 15)),
      .string(String(repeating: "b", count: 16)), .string(String(repeating: "c", count: 254)),
      ["a": 1, "b": [1.5, "x", nil]],
    ]
    for value in values {
      #expect(written(value, at: 3).envelope == codec.encodeSuccessEnvelope(value))
    }
  }

  @Test func aShortStringAtTheEndStaysInsideTheSlack() {
    // "abc": 00 07 03 61 62 63; the two words of the inline string may reach past the end, into
    // the slack the caller leaves, never past it.
    let value = ChannelValue.string("abc")
    let count = codec.successEnvelopeCount(value)
    var buffer = [UInt8](repeating: 0xEE, count: count + StandardMethodCodec.writeSlack + 4)
    buffer.withUnsafeMutableBytes { raw in
      codec.writeSuccessEnvelope(value, count: count, to: raw.baseAddress!)
    }
    #expect(Array(buffer[0..<count]) == hex("00 07 03 61 62 63"))
    #expect(buffer.suffix(4).allSatisfy { $0 == 0xEE })
  }
}
