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

  /// The scalars written as their few bytes: pinned, the array encoder's bytes, at odd offsets,
  /// nothing written past the envelope (a following byte stays as it was).
  @Test func scalarsAreTheirFewBytesAnywhere() {
    let pinned: [(ChannelValue, String)] = [
      (.null, "00 00"), (.bool(true), "00 01"), (.bool(false), "00 02"),
      (.int32(-2), "00 03 fe ff ff ff"), (.int32(0x0102_0304), "00 03 04 03 02 01"),
      (.int64(-2), "00 04 fe ff ff ff ff ff ff ff"),
      (.int64(0x0102_0304_0506_0708), "00 04 08 07 06 05 04 03 02 01"),
    ]
    for (value, bytes) in pinned {
      #expect(codec.successEnvelopeCount(value) == hex(bytes).count)
      #expect(codec.encodeSuccessEnvelope(value) == hex(bytes))
      for offset in [0, 1, 3, 6] {
        let count = codec.successEnvelopeCount(value)
        var buffer = [UInt8](repeating: 0xEE, count: offset + count + 1)
        buffer.withUnsafeMutableBytes { raw in
          codec.writeSuccessEnvelope(value, count: count, to: raw.baseAddress! + offset)
        }
        #expect(Array(buffer[offset..<(offset + count)]) == hex(bytes), "\(value) at \(offset)")
        #expect(buffer[..<offset].allSatisfy { $0 == 0xEE } && buffer.last == 0xEE)
      }
    }
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

  /// The plain writer gives the same bytes as the array encoder for null, bools and numbers (a
  /// double aligned from the flag, at any offset), says how many, writes nothing past them; and
  /// writes nothing at all for any other value.
  @Test func thePlainWriterWritesScalarsOnly() {
    let pinned: [(ChannelValue, String)] = [
      (.null, "00 00"), (.bool(true), "00 01"), (.bool(false), "00 02"),
      (.int32(-2), "00 03 fe ff ff ff"),
      (.int64(0x0102_0304_0506_0708), "00 04 08 07 06 05 04 03 02 01"),
      (.float64(1.5), "00 06 00 00 00 00 00 00 00 00 00 00 00 00 f8 3f"),
    ]
    let capacity = StandardMethodCodec.plainSuccessEnvelopeCapacity
    for (value, bytes) in pinned {
      #expect(codec.encodeSuccessEnvelope(value) == hex(bytes))
      for offset in [0, 1, 3, 7] {
        var buffer = [UInt8](repeating: 0xEE, count: offset + capacity + 1)
        let count = buffer.withUnsafeMutableBytes { raw in
          codec.writePlainSuccessEnvelope(value, to: raw.baseAddress! + offset)
        }
        #expect(count == hex(bytes).count, "\(value) at \(offset)")
        let end = offset + (count ?? 0)
        #expect(Array(buffer[offset..<end]) == hex(bytes), "\(value) at \(offset)")
        #expect(buffer[..<offset].allSatisfy { $0 == 0xEE })
        #expect(buffer[end...].allSatisfy { $0 == 0xEE }, "\(value): nothing past the envelope")
      }
    }
    for value: ChannelValue in [.string("a"), .list([]), .map([]), .uint8List([1])] {
      var buffer = [UInt8](repeating: 0xEE, count: capacity)
      let count = buffer.withUnsafeMutableBytes { raw in
        codec.writePlainSuccessEnvelope(value, to: raw.baseAddress!)
      }
      #expect(count == nil, "\(value)")
      #expect(buffer.allSatisfy { $0 == 0xEE }, "\(value): nothing written")
    }
  }
}
