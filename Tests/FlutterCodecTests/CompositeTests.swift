import Testing

@testable import FlutterCodec

@Suite struct CompositeTests {
  /// A map holding every type, with non-string keys. Offsets, worked out by hand:
  ///
  ///      0 0d 08                       map of 8 entries
  ///      2 07 01 6e | 5 00             "n": null
  ///      6 01 | 7 02                   true: false
  ///      8 03 03000000 | 13 04 04…00   int32 3: int64 4
  ///     22 05 01 61                    largeInt "a":
  ///     25 06, padding 26…31, 32 1.5   float64 1.5 = 0x3ff8000000000000
  ///     40 07 01 73 | 43 08 01 01      "s": Uint8List [1]
  ///     46 09 01, 48 02000000          Int32List [2] (48 is already a multiple of 4):
  ///     52 0a 01, padding 54…55, 56 3  Int64List [3]
  ///     64 0e 01, padding 66…67, 68    Float32List [0.5] (0x3f000000):
  ///     72 0b 01, padding 74…79, 80    Float64List [0.25] (0x3fd0000000000000)
  ///     88 0c 01 00                    [null]:
  ///     91 0d 01 07 01 6b 82 07 01 76  {"k": extension 130 holding "v"}
  static let value: ChannelValue = .map([
    ChannelMapEntry("n", nil),
    ChannelMapEntry(true, false),
    ChannelMapEntry(.int32(3), .int64(4)),
    ChannelMapEntry(.largeInt("a"), .float64(1.5)),
    ChannelMapEntry("s", .uint8List([1])),
    ChannelMapEntry(.int32List([2]), .int64List([3])),
    ChannelMapEntry(.float32List([0.5]), .float64List([0.25])),
    ChannelMapEntry([nil], ["k": .ext(tag: 130, value: "v")]),
  ])
  static let bytes = """
    0d08
    07016e 00
    01 02
    03 03000000 04 0400000000000000
    050161 06 000000000000 000000000000f83f
    070173 080101
    09 01 02000000 0a 01 0000 0300000000000000
    0e 01 0000 0000003f 0b 01 000000000000 000000000000d03f
    0c0100 0d01 07016b 82 070176
    """

  @Test func everyTypeInOneMessage() {
    #expect(hex(Self.bytes).count == 100)
    expectPinned(Self.value, Self.bytes)
  }

  @Test func extensionTagsAreRefusedUnlessEnabled() {
    // The 0x82 byte sits at offset 96.
    expectError(.unknownTag, at: 96, decoding: hex(Self.bytes))
  }

  @Test func mapOrderIsKeptAndMatters() throws {
    let ba: ChannelValue = ["b": 1, "a": 2]
    let ab: ChannelValue = ["a": 2, "b": 1]
    expectPinned(ba, "0d02 070162 03 01000000 070161 03 02000000")
    #expect(ba != ab)
    #expect(try plainCodec.decode(plainCodec.encode(ba)).mapEntries?.map(\.key) == ["b", "a"])
  }

  @Test func repeatedKeysAreKeptAndTheLastWinsForLookup() {
    let value: ChannelValue = .map([ChannelMapEntry("k", 1), ChannelMapEntry("k", 2)])
    expectPinned(value, "0d02 07016b 03 01000000 07016b 03 02000000")
    #expect(value["k"] == 2)
    #expect(value["missing"] == nil)
  }

  @Test func nestedMapsWithNonStringKeys() {
    // {1: {null: {[]: "x"}}}
    let value: ChannelValue = [1: [nil: [[]: "x"]]]
    expectPinned(value, "0d01 03 01000000 0d01 00 0d01 0c00 070178")
  }

  @Test func stringsCompareByTheirBytes() {
    // U+00E9 and e + U+0301 are canonically equivalent but different bytes, and Dart's `==`
    // tells them apart: so does ChannelValue.
    #expect(ChannelValue.string("\u{E9}") != .string("e\u{301}"))
    #expect(ChannelValue.string("\u{E9}") == .string("\u{E9}"))
    #expect(ChannelValue.largeInt("\u{E9}") != .largeInt("e\u{301}"))
    expectPinned(.string("e\u{301}"), "07 03 65cc81")
  }

  @Test func accessors() {
    let value: ChannelValue = ["i": 1, "l": .int64(1 << 40), "d": 2.5, "s": "x", "b": true]
    #expect(value["i"]?.intValue == 1)
    #expect(value["l"]?.intValue == 1 << 40)
    #expect(value["i"]?.doubleValue == 1.0)
    #expect(value["d"]?.doubleValue == 2.5)
    #expect(value["d"]?.intValue == nil)
    #expect(value["s"]?.stringValue == "x")
    #expect(value["b"]?.boolValue == true)
    #expect(value["s"]?.boolValue == nil)
    #expect(ChannelValue.null.isNull)
    #expect(value.typeName == "map")
    #expect(ChannelValue.ext(tag: 129, value: nil).typeName == "extension tag 129")
    #expect(ChannelValue.list([1]).listValue == [1])
    #expect(ChannelValue.int32(1)["k"] == nil)
  }
}
