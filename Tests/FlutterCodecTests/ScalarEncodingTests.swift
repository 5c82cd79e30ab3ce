import Testing

@testable import FlutterCodec

// Each expected byte string is derived from the format: a tag byte (0 null, 1 true, 2 false,
// 3 int32, 4 int64, 5 large int, 6 float64, 7 string, 8 Uint8List, 9 Int32List, 10 Int64List,
// 11 Float64List, 12 list, 13 map, 14 Float32List), little-endian numbers, one-byte sizes below
// 254, and alignment counted from the first byte of the message.

@Suite struct ScalarEncodingTests {
  @Test func nullAndBooleans() {
    expectPinned(.null, "00")
    expectPinned(.bool(true), "01")
    expectPinned(.bool(false), "02")
  }

  @Test func int32Values() {
    expectPinned(.int32(0), "03 00000000")
    expectPinned(.int32(5), "03 05000000")
    expectPinned(.int32(-1), "03 ffffffff")
    // 0x12345678 little-endian.
    expectPinned(.int32(0x1234_5678), "03 78563412")
  }

  @Test func int64Values() {
    expectPinned(.int64(5), "04 0500000000000000")
    expectPinned(.int64(-2), "04 feffffffffffffff")
    expectPinned(.int64(0x0102_0304_0506_0708), "04 0807060504030201")
  }

  @Test func largeIntIsSizeAndASCIIHex() {
    // "1f" = 0x31 0x66.
    expectPinned(.largeInt("1f"), "05 02 3166")
    expectPinned(.largeInt("-ff"), "05 03 2d6666")
  }

  @Test func float64IsPaddedToEightFromTheMessageStart() {
    // Tag at 0, padding 1…7, then 1.0 = 0x3ff0000000000000 little-endian.
    expectPinned(.float64(1.0), "06 00000000000000 000000000000f03f")
    // -2.5 = 0xc004000000000000.
    expectPinned(.float64(-2.5), "06 00000000000000 00000000000004c0")
    // 0.1 = 0x3fb999999999999a.
    expectPinned(.float64(0.1), "06 00000000000000 9a9999999999b93f")
  }

  @Test func strings() {
    expectPinned(.string(""), "07 00")
    expectPinned(.string("hello"), "07 05 68656c6c6f")
    // U+00E9 is c3 a9 in UTF-8; U+1F600 is f0 9f 98 80.
    expectPinned(.string("\u{E9}"), "07 02 c3a9")
    expectPinned(.string("\u{1F600}"), "07 04 f09f9880")
    // NUL is an ordinary character.
    expectPinned(.string("a\u{0}b"), "07 03 610062")
  }

  @Test func uint8ListHasNoPadding() {
    expectPinned(.uint8List([]), "08 00")
    expectPinned(.uint8List([1, 2, 255]), "08 03 0102ff")
  }

  @Test func typedListsAtTheMessageStart() {
    // Size byte at 1, so the elements start at 4 (Int32List, Float32List) or 8.
    expectPinned(.int32List([1, -2]), "09 02 0000 01000000 feffffff")
    expectPinned(.int64List([1]), "0a 01 000000000000 0100000000000000")
    // 1.0f = 0x3f800000.
    expectPinned(.float32List([1.0]), "0e 01 0000 0000803f")
    expectPinned(.float64List([1.0]), "0b 01 000000000000 000000000000f03f")
    // Empty typed lists are still padded.
    expectPinned(.int32List([]), "09 00 0000")
    expectPinned(.int64List([]), "0a 00 000000000000")
    expectPinned(.float32List([]), "0e 00 0000")
    expectPinned(.float64List([]), "0b 00 000000000000")
  }

  @Test func listsAndMaps() {
    expectPinned(.list([]), "0c 00")
    expectPinned(.map([]), "0d 00")
    expectPinned([1, "a"], "0c 02 03 01000000 07 01 61")
    expectPinned(["a": nil], "0d 01 07 01 61 00")
  }

  @Test func extensionValueIsItsTagThenOneValue() {
    // Pigeon's convention: the custom tag byte, then one ordinary value.
    expectPinned(.ext(tag: 130, value: .int32(5)), "82 03 05000000")
    expectPinned(.ext(tag: 255, value: ["x": true]), "ff 0d 01 07 01 78 01")
    expectPinned(.ext(tag: 128, value: .ext(tag: 129, value: .null)), "80 81 00")
  }
}

@Suite struct IntegerWriterRuleTests {
  @Test func intHelperPicksInt32WhenItFits() {
    // 2^31-1 = 0x7fffffff and -2^31 = 0x80000000 fit in int32.
    expectPinned(.int(2_147_483_647), "03 ffffff7f")
    expectPinned(.int(-2_147_483_648), "03 00000080")
    // 2^31 = 0x0000000080000000 and -2^31-1 = 0xffffffff7fffffff need int64.
    expectPinned(.int(2_147_483_648), "04 0000008000000000")
    expectPinned(.int(-2_147_483_649), "04 ffffff7fffffffff")
    expectPinned(.int(Int.max), "04 ffffffffffffff7f")
    expectPinned(.int(Int.min), "04 0000000000000080")
    #expect(ChannelValue.int(0) == .int32(0))
    #expect(ChannelValue.int(2_147_483_648) == .int64(2_147_483_648))
  }

  @Test func integerLiteralsFollowTheSameRule() {
    let small: ChannelValue = 7
    let big: ChannelValue = 4_294_967_296
    #expect(small == .int32(7))
    #expect(big == .int64(4_294_967_296))
  }

  @Test func int64MarkedSmallValueKeepsTag4() {
    expectPinned(.int64(7), "04 0700000000000000")
    expectPinned(.int64(-2_147_483_648), "04 00000080ffffffff")
    #expect(ChannelValue.int64(7) != .int32(7))
  }
}
