import ChannelJSON
import FlutterCodec
import Testing

@Suite("Typed JSON: the canonical printer")
struct PrintTests {
  @Test("Documented example: one line, \", \" and \": \" separators, UTF-8 text")
  func specExample() {
    let value: ChannelValue = [1, 1.0, .int64(1), "é"]
    #expect(ChannelJSON.print(value) == #"[1, 1.0, {"$int64": 1}, "é"]"#)
    #expect(ChannelJSON.print(["a": [true, nil], "b": 2]) == #"{"a": [true, null], "b": 2}"#)
  }

  @Test("integers: int32 plain, int64 plain only outside int32 range")
  func integers() {
    #expect(ChannelJSON.print(.int32(-2_147_483_648)) == "-2147483648")
    #expect(ChannelJSON.print(.int64(2_147_483_647)) == #"{"$int64": 2147483647}"#)
    #expect(ChannelJSON.print(.int64(2_147_483_648)) == "2147483648")
    #expect(ChannelJSON.print(.int64(Int64.min)) == "-9223372036854775808")
    #expect(ChannelJSON.print(.int64(Int64.max)) == "9223372036854775807")
    #expect(
      ChannelJSON.print([0, -7, .int64(-10), .int64(0)])
        == #"[0, -7, {"$int64": -10}, {"$int64": 0}]"#)
    #expect(ChannelJSON.print(.int32(Int32.max)) == "2147483647")
  }

  @Test("printing into an array made at a given size gives the same bytes")
  func reservingCapacity() {
    let value: ChannelValue = ["a": [1, .int64(1 << 40), "é"], "ab": nil]
    let text = #"{"a": [1, 1099511627776, "é"], "ab": null}"#
    #expect(ChannelJSON.printUTF8(value, reservingCapacity: 0) == Array(text.utf8))
    #expect(ChannelJSON.printUTF8(value, reservingCapacity: 1_000) == Array(text.utf8))
  }

  @Test(
    "float64: shortest round-trip text, always with '.' or an exponent",
    arguments: [
      (1.0, "1.0"), (3.14, "3.14"), (0.1 + 0.2, "0.30000000000000004"), (1e300, "1e300"),
      (-0.0, "-0.0"), (0.0, "0.0"), (Double(bitPattern: 1), "5e-324"), (0.000_01, "1e-5"),
      (0.0001, "0.0001"), (2.5e-7, "2.5e-7"), (1e16, "1e16"), (100_000.0, "100000.0"),
      (1.797_693_134_862_315_7e308, "1.7976931348623157e308"),
      (123_456_789_012_345_680.0, "1.2345678901234568e17"), (-1.5, "-1.5"),
      (9_007_199_254_740_992.0, "9007199254740992.0"),
      (9_007_199_254_740_994.0, "9.007199254740994e15"), (0.000_099_9, "9.99e-5"),
    ])
  func float64Text(value: Double, text: String) throws {
    #expect(ChannelJSON.print(.float64(value)) == text)
    // The text reads back to the same bits.
    #expect(Double(text)?.bitPattern == value.bitPattern)
  }

  @Test("float64 specials are tagged")
  func float64Specials() {
    #expect(ChannelJSON.print(.float64(.nan)) == #"{"$float64": "NaN"}"#)
    #expect(ChannelJSON.print(.float64(-.nan)) == #"{"$float64": "NaN"}"#)
    #expect(ChannelJSON.print(.float64(.infinity)) == #"{"$float64": "Infinity"}"#)
    #expect(ChannelJSON.print(.float64(-.infinity)) == #"{"$float64": "-Infinity"}"#)
  }

  @Test("typed lists, with float32 elements in their shortest float32 text")
  func typedLists() {
    #expect(ChannelJSON.print(.uint8List([1, 2, 3, 0xFF])) == #"{"$uint8List": "AQID/w=="}"#)
    #expect(ChannelJSON.print(.int32List([1, -2])) == #"{"$int32List": [1, -2]}"#)
    #expect(ChannelJSON.print(.int64List([])) == #"{"$int64List": []}"#)
    #expect(
      ChannelJSON.print(
        .float32List([0.1, 1, 3.402_823_5e38, Float(bitPattern: 1), .nan, -.infinity]))
        == #"{"$float32List": [0.1, 1.0, 3.4028235e38, 1e-45, "NaN", "-Infinity"]}"#)
    #expect(
      ChannelJSON.print(.float64List([0.1, -0.0, .infinity]))
        == #"{"$float64List": [0.1, -0.0, "Infinity"]}"#)
  }

  @Test("large ints and extensions")
  func largeIntAndExt() {
    #expect(ChannelJSON.print(.largeInt("ff")) == #"{"$largeInt": "ff"}"#)
    #expect(
      ChannelJSON.print(.ext(tag: 130, value: ["x": .int64(1)]))
        == #"{"$ext": {"tag": 130, "value": {"x": {"$int64": 1}}}}"#)
  }

  @Test("maps: objects when every key is a distinct string, else $map")
  func maps() {
    #expect(ChannelJSON.print(.map([])) == "{}")
    #expect(ChannelJSON.print([1: "one"]) == #"{"$map": [[1, "one"]]}"#)
    #expect(ChannelJSON.print(["$int64": 1]) == #"{"$map": [["$int64", 1]]}"#)
    #expect(ChannelJSON.print(["$foo": 1]) == #"{"$foo": 1}"#)
    #expect(ChannelJSON.print(["$int64": 1, "b": 2]) == #"{"$int64": 1, "b": 2}"#)
    // Repeated keys (possible on the wire) and NUL in a key (jansson refuses it) need $map.
    #expect(
      ChannelJSON.print(.map([.init("a", 1), .init("a", 2)]))
        == #"{"$map": [["a", 1], ["a", 2]]}"#)
    #expect(ChannelJSON.print(["a\u{0}": 1]) == #"{"$map": [["a\u0000", 1]]}"#)
    // Keys of one length told apart by their bytes; a repeat after keys of other lengths.
    #expect(ChannelJSON.print(["ab": 1, "ac": 2]) == #"{"ab": 1, "ac": 2}"#)
    #expect(
      ChannelJSON.print(.map([.init("ab", 1), .init("a", 2), .init("abc", 3), .init("ab", 4)]))
        == #"{"$map": [["ab", 1], ["a", 2], ["abc", 3], ["ab", 4]]}"#)
    // Canonically equivalent but different bytes: distinct keys for jansson, so an object.
    #expect(ChannelJSON.print(["\u{E9}": 1, "e\u{301}": 2]) == "{\"\u{E9}\": 1, \"e\u{301}\": 2}")
  }

  /// Past 16 keys the repeats are found by a set of keys: the same rules.
  @Test func mapsOfManyKeys() throws {
    let filler = (0..<20).map { ChannelMapEntry(.string("k\($0)"), .int32(Int32($0))) }
    let plain = ChannelJSON.print(.map(filler))
    #expect(plain.hasPrefix(#"{"k0": 0, "k1": 1, "#) && plain.hasSuffix(#""k19": 19}"#))
    // Canonically equivalent but different bytes: still an object, and it reads back.
    let equivalent = filler + [.init("\u{E9}", 1), .init("e\u{301}", 2)]
    let text = ChannelJSON.print(.map(equivalent))
    #expect(text.hasPrefix("{\"k0\"") && text.hasSuffix("\"\u{E9}\": 1, \"e\u{301}\": 2}"))
    #expect(try ChannelJSON.parse(text) == .map(equivalent))
    // The same bytes twice, or one of those twice beside its equivalent: $map.
    for repeated in [
      filler + [.init("k3", 9)],
      filler + [.init("\u{E9}", 1), .init("e\u{301}", 2), .init("\u{E9}", 3)],
    ] {
      let printed = ChannelJSON.print(.map(repeated))
      #expect(printed.hasPrefix(#"{"$map": [["k0", 0], "#))
      #expect(try ChannelJSON.parse(printed) == .map(repeated))
    }
  }

  @Test("strings: quote, backslash and control characters escaped; other text as UTF-8")
  func strings() {
    #expect(ChannelJSON.print("a\"b\\c") == #""a\"b\\c""#)
    #expect(ChannelJSON.print("\u{8}\u{C}\n\r\t") == #""\b\f\n\r\t""#)
    #expect(ChannelJSON.print("\u{0}\u{1F}\u{7F}\u{85}") == #""\u0000\u001f\u007f\u0085""#)
    #expect(ChannelJSON.print("é/漢字🙂\u{2028}") == "\"é/漢字🙂\u{2028}\"")
  }

  @Test("bytes of the printed text are exact (no escapes for non-ASCII)")
  func utf8Bytes() {
    #expect(Array(ChannelJSON.print("é").utf8) == [0x22, 0xC3, 0xA9, 0x22])
  }
}
