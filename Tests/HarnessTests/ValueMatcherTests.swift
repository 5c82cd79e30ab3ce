import FlutterCodec
import HKBridgeCLI
import Harness
import Testing

@Suite struct ValueMatcherTests {
  init() { Composition.install() }
  func matcher(_ text: String) throws -> ValueMatcher { try ValueMatcher.parse(text).get() }

  @Test func eachMatcherAcceptsAndRefuses() throws {
    let uuid = ChannelValue.string("9b1deb4d-3B7D-4BAD-9BDD-2B0D7B3DCB6D")
    #expect(try matcher("uuid").accepts(expected: nil, actual: uuid))
    #expect(!(try matcher("uuid").accepts(expected: nil, actual: .string("9b1deb4d-3B7D"))))
    #expect(!(try matcher("uuid").accepts(expected: nil, actual: .int(1))))
    #expect(try matcher("int").accepts(expected: nil, actual: .int64(1 << 40)))
    #expect(!(try matcher("int").accepts(expected: nil, actual: .float64(1))))
    #expect(try matcher("number").accepts(expected: nil, actual: .float64(1.5)))
    #expect(!(try matcher("string").accepts(expected: nil, actual: .null)))
    #expect(try matcher("any").accepts(expected: nil, actual: .null))
    #expect(!(try matcher("any").accepts(expected: .int(1), actual: nil)))
    #expect(try matcher("ignore").accepts(expected: .int(1), actual: nil))
    #expect(
      try matcher("regex:iOS 1[0-9]\\.[0-9]").accepts(expected: nil, actual: .string("iOS 17.5")))
    #expect(!(try matcher("regex:iOS").accepts(expected: nil, actual: .string("iOS 17.5"))))
    #expect(try matcher("within:1000").accepts(expected: .int(5000), actual: .int(5999)))
    #expect(!(try matcher("within:1000").accepts(expected: .int(5000), actual: .int(6001))))
    #expect(throws: MatcherError.self) { try ValueMatcher.parse("uuuid").get() }
    #expect(throws: MatcherError.self) { try ValueMatcher.parse("within:-1").get() }
    #expect(throws: MatcherError.self) { try ValueMatcher.parse("regex:(").get() }
  }

  @Test func pathsParseAndMatch() throws {
    let pattern = try ValuePathPattern.parse(#"reply.ok[*]["odd.key"].*"#).get()
    #expect(pattern.matches([.key("reply"), .key("ok"), .index(3), .key("odd.key"), .key("x")]))
    #expect(!pattern.matches([.key("reply"), .key("ok"), .key("3"), .key("odd.key"), .key("x")]))
    #expect(
      ValuePathText.text([.key("reply"), .key("ok"), .index(0), .key("a b")])
        == #"reply.ok[0]["a b"]"#)
    #expect(
      try ValuePathPattern.parse("$.reply.ok[*]").get().steps == [
        .key("reply"), .key("ok"), .anyIndex,
      ])
    #expect(throws: MatcherError.self) { try ValuePathPattern.parse("reply.ok[x]").get() }
    #expect(throws: MatcherError.self) { try ValuePathPattern.parse("reply.").get() }
    #expect(throws: MatcherError.self) {
      try ValueMatchers.parse(.object([("result.ok", .string("any"))])).get()
    }
  }
}
