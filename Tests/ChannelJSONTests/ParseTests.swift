import ChannelJSON
import FlutterCodec
import Testing

@Suite("Typed JSON: parsing")
struct ParseTests {
  @Test("plain JSON values map to their codec types")
  func plainValues() throws {
    #expect(try ChannelJSON.parse("null") == .null)
    #expect(try ChannelJSON.parse("true") == .bool(true))
    #expect(try ChannelJSON.parse(" false ") == .bool(false))
    #expect(try ChannelJSON.parse("\"é\\u0000x\"") == .string("é\u{0}x"))
    #expect(try ChannelJSON.parse("[]") == .list([]))
    #expect(try ChannelJSON.parse("{}") == .map([]))
  }

  @Test("integers: int32 inside [-2^31, 2^31-1], int64 outside")
  func integers() throws {
    #expect(try ChannelJSON.parse("1") == .int32(1))
    #expect(try ChannelJSON.parse("-0") == .int32(0))
    #expect(try ChannelJSON.parse("2147483647") == .int32(2_147_483_647))
    #expect(try ChannelJSON.parse("-2147483648") == .int32(-2_147_483_648))
    #expect(try ChannelJSON.parse("2147483648") == .int64(2_147_483_648))
    #expect(try ChannelJSON.parse("-2147483649") == .int64(-2_147_483_649))
    #expect(try ChannelJSON.parse("9223372036854775807") == .int64(Int64.max))
    #expect(try ChannelJSON.parse("-9223372036854775808") == .int64(Int64.min))
  }

  @Test("a fraction or an exponent makes a float64")
  func floats() throws {
    #expect(try ChannelJSON.parse("1.0") == .float64(1))
    #expect(try ChannelJSON.parse("1e2") == .float64(100))
    #expect(try ChannelJSON.parse("-3.14") == .float64(-3.14))
    let negativeZero = try ChannelJSON.parse("-0.0")
    #expect(negativeZero == .float64(-0.0))
    #expect(negativeZero != .float64(0.0))
    #expect(try ChannelJSON.parse("5e-324") == .float64(Double(bitPattern: 1)))
    #expect(try ChannelJSON.parse("1e-400") == .float64(0))
  }

  @Test("object key order is kept")
  func keyOrder() throws {
    let value = try ChannelJSON.parse(#"{"z": 1, "a": 2, "m": 3}"#)
    #expect(value == .map([.init("z", 1), .init("a", 2), .init("m", 3)]))
  }

  @Test("$int64 forces tag 4, also for small values")
  func int64Tag() throws {
    #expect(try ChannelJSON.parse(#"{"$int64": 1}"#) == .int64(1))
    #expect(try ChannelJSON.parse(#"{"$int64": -9223372036854775808}"#) == .int64(Int64.min))
  }

  @Test("$largeInt keeps its text")
  func largeIntTag() throws {
    #expect(
      try ChannelJSON.parse(#"{"$largeInt": "1f2e3d4c5b6a79880"}"#)
        == .largeInt("1f2e3d4c5b6a79880"))
  }

  @Test("$float64 specials and numbers")
  func float64Tag() throws {
    let nan = try ChannelJSON.parse(#"{"$float64": "NaN"}"#)
    guard case .float64(let d) = nan else {
      Issue.record("expected a float64, got \(nan)")
      return
    }
    #expect(d.bitPattern == 0x7ff8_0000_0000_0000)
    #expect(try ChannelJSON.parse(#"{"$float64": "Infinity"}"#) == .float64(.infinity))
    #expect(try ChannelJSON.parse(#"{"$float64": "-Infinity"}"#) == .float64(-.infinity))
    #expect(try ChannelJSON.parse(#"{"$float64": 2}"#) == .float64(2))
    #expect(try ChannelJSON.parse(#"{"$float64": 2.5}"#) == .float64(2.5))
  }

  @Test("$uint8List is padded base64")
  func uint8ListTag() throws {
    #expect(try ChannelJSON.parse(#"{"$uint8List": ""}"#) == .uint8List([]))
    #expect(try ChannelJSON.parse(#"{"$uint8List": "AQID"}"#) == .uint8List([1, 2, 3]))
    #expect(try ChannelJSON.parse(#"{"$uint8List": "/w=="}"#) == .uint8List([0xFF]))
    #expect(try ChannelJSON.parse(#"{"$uint8List": "AP8="}"#) == .uint8List([0x00, 0xFF]))
  }

  @Test("typed number lists")
  func typedLists() throws {
    #expect(
      try ChannelJSON.parse(#"{"$int32List": [1, -2147483648, 2147483647]}"#)
        == .int32List([1, Int32.min, Int32.max]))
    #expect(
      try ChannelJSON.parse(#"{"$int64List": [1, 9223372036854775807]}"#)
        == .int64List([1, Int64.max]))
    let floats = try ChannelJSON.parse(
      #"{"$float32List": [1, 0.1, "NaN", "Infinity", "-Infinity", -0.0]}"#)
    guard case .float32List(let f) = floats else {
      Issue.record("expected a Float32List, got \(floats)")
      return
    }
    #expect(
      f.map(\.bitPattern) == [
        0x3f80_0000, 0x3dcc_cccd, 0x7fc0_0000, 0x7f80_0000, 0xff80_0000, 0x8000_0000,
      ])
    #expect(
      try ChannelJSON.parse(#"{"$float64List": [1, 0.5, "NaN", "-Infinity"]}"#)
        == .float64List([1, 0.5, .nan, -.infinity]))
    #expect(try ChannelJSON.parse(#"{"$float64List": []}"#) == .float64List([]))
  }

  @Test("$map allows any keys, in order, repeated")
  func mapTag() throws {
    let value = try ChannelJSON.parse(#"{"$map": [[1, "one"], [null, [true]], ["k", 2], [1, 3]]}"#)
    #expect(
      value
        == .map([.init(1, "one"), .init(nil, [true]), .init("k", 2), .init(1, 3)]))
    #expect(try ChannelJSON.parse(#"{"$map": [["$int64", 5]]}"#) == .map([.init("$int64", 5)]))
  }

  @Test("$ext holds a tag 128...255 and one value")
  func extTag() throws {
    #expect(
      try ChannelJSON.parse(#"{"$ext": {"tag": 129, "value": [1, "x"]}}"#)
        == .ext(tag: 129, value: [1, "x"]))
    #expect(
      try ChannelJSON.parse(#"{"$ext": {"value": null, "tag": 255}}"#) == .ext(tag: 255, value: nil)
    )
  }

  @Test("only a single-key object with a known tag is tagged")
  func taggedOnlyWhenSingleKnownKey() throws {
    #expect(
      try ChannelJSON.parse(#"{"$int64": 1, "x": 2}"#) == .map([.init("$int64", 1), .init("x", 2)]))
    #expect(try ChannelJSON.parse(#"{"$foo": 1}"#) == .map([.init("$foo", 1)]))
    #expect(try ChannelJSON.parse(#"{"int64": 1}"#) == .map([.init("int64", 1)]))
  }

  @Test("UTF-8 bytes input, NUL inside strings")
  func utf8Input() throws {
    #expect(try ChannelJSON.parse(utf8: [0x22, 0xC3, 0xA9, 0x22]) == .string("é"))
    #expect(try ChannelJSON.parse(utf8: Array("[\"a\\u0000\"]\n".utf8)) == ["a\u{0}"])
  }

  @Test("512 nested containers are accepted")
  func maximumDepthAccepted() throws {
    let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    var value = try ChannelJSON.parse(text)
    var depth = 0
    while case .list(let items) = value {
      depth += 1
      value = items.first ?? .null
    }
    #expect(depth == 512)
  }
}
