import ChannelJSON
import FlutterCodec
import Testing

/// SplitMix64: a small seeded generator, so every run checks the same values.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random channel values that reach every case, the tricky floats and strings, `$`-named keys,
/// repeated and non-string keys.
struct ValueGenerator {
  var rng: SeededGenerator

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }

  mutating func double() -> Double {
    switch int(0...9) {
    case 0:
      return [
        0.0, -0.0, .infinity, -.infinity, .nan, 1.0, 0.1, .leastNonzeroMagnitude,
        .greatestFiniteMagnitude,
      ][
        int(0...8)]
    case 1: return Double(bitPattern: rng.next() | 0x7FF0_0000_0000_0001)  // NaN with a payload
    case 2, 3: return Double(int(-1000...1000)) / Double([1, 2, 4, 10, 100, 3][int(0...5)])
    default: return Double(bitPattern: rng.next())
    }
  }

  mutating func float() -> Float {
    switch int(0...9) {
    case 0:
      return [
        0, -0.0, .infinity, -.infinity, .nan, 0.1, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
      ][int(0...7)]
    case 1: return Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()) | 0x7F80_0001)
    default: return Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()))
    }
  }

  mutating func string() -> String {
    let pieces = [
      "a", "é", "漢", "🙂", "\"", "\\", "\n", "\u{0}", "\u{1F}", "\u{7F}", "\u{85}", "$int64", "$map",
      " ", "e\u{301}", "\u{2028}", "/",
    ]
    var s = ""
    for _ in 0..<int(0...6) { s += pieces[int(0...(pieces.count - 1))] }
    return s
  }

  mutating func key() -> ChannelValue {
    switch int(0...9) {
    case 0: return TypedTag.allCases.map { ChannelValue.string($0.rawValue) }[int(0...9)]
    case 1: return value(depth: 3)
    case 2: return .string(["a", "b"][int(0...1)])
    default: return .string(string())
    }
  }

  mutating func value(depth: Int) -> ChannelValue {
    let leafOnly = depth >= 4
    switch int(0...(leafOnly ? 13 : 17)) {
    case 0: return .null
    case 1: return .bool(int(0...1) == 1)
    case 2: return .int32(Int32(truncatingIfNeeded: rng.next() >> UInt64(int(0...63))))
    case 3: return .int64(Int64(truncatingIfNeeded: rng.next() >> UInt64(int(0...63))))
    case 4: return .largeInt(int(0...3) == 0 ? string() : String(rng.next(), radix: 16))
    case 5, 6: return .float64(double())
    case 7: return .string(string())
    case 8: return .uint8List((0..<int(0...7)).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
    case 9: return .int32List((0..<int(0...4)).map { _ in Int32(truncatingIfNeeded: rng.next()) })
    case 10: return .int64List((0..<int(0...4)).map { _ in Int64(bitPattern: rng.next()) })
    case 11: return .float32List((0..<int(0...4)).map { _ in float() })
    case 12: return .float64List((0..<int(0...4)).map { _ in double() })
    case 13: return .string(TypedTag.allCases[int(0...9)].rawValue)
    case 14: return .list((0..<int(0...4)).map { _ in value(depth: depth + 1) })
    case 15, 16:
      return .map((0..<int(0...4)).map { _ in ChannelMapEntry(key(), value(depth: depth + 1)) })
    default: return .ext(tag: UInt8(int(128...255)), value: value(depth: depth + 1))
    }
  }
}

/// The value with every NaN replaced by the canonical quiet NaN (what typed JSON keeps).
func canonicalNaNs(_ value: ChannelValue) -> ChannelValue {
  switch value {
  case .float64(let d): return .float64(d.isNaN ? .nan : d)
  case .float32List(let l): return .float32List(l.map { $0.isNaN ? .nan : $0 })
  case .float64List(let l): return .float64List(l.map { $0.isNaN ? .nan : $0 })
  case .list(let items): return .list(items.map(canonicalNaNs))
  case .map(let entries):
    return .map(entries.map { ChannelMapEntry(canonicalNaNs($0.key), canonicalNaNs($0.value)) })
  case .ext(let tag, let inner): return .ext(tag: tag, value: canonicalNaNs(inner))
  default: return value
  }
}

@Suite("Typed JSON: seeded random round trips")
struct RoundTripTests {
  @Test("value → JSON → value is the identity, and the JSON is canonical", arguments: [1, 2, 3, 4])
  func valueRoundTrip(seed: UInt64) throws {
    var generator = ValueGenerator(rng: SeededGenerator(seed: seed))
    for _ in 0..<1500 {
      let value = generator.value(depth: 0)
      let text = ChannelJSON.print(value)
      #expect(!text.contains("\n"))
      let parsed = try ChannelJSON.parse(text)
      #expect(parsed == value, "\(text)")
      #expect(ChannelJSON.print(parsed) == text)
    }
  }

  @Test("bytes → JSON → bytes is the identity (NaNs canonical)", arguments: [11, 12, 13, 14])
  func bytesRoundTrip(seed: UInt64) throws {
    var generator = ValueGenerator(rng: SeededGenerator(seed: seed))
    let codec = StandardMessageCodec(allowsExtensions: true)
    for _ in 0..<1500 {
      let value = generator.value(depth: 0)
      let bytes = codec.encode(value)
      let text = ChannelJSON.print(try codec.decode(bytes))
      let again = codec.encode(try ChannelJSON.parse(text))
      #expect(again == codec.encode(canonicalNaNs(value)), "\(text)")
    }
  }

  @Test("NaN payloads become the canonical quiet NaN, in bytes")
  func nanCanonical() throws {
    let codec = StandardMessageCodec()
    // float64 NaN with a payload and a float32 NaN with a payload.
    let weird: ChannelValue = [
      .float64(Double(bitPattern: 0xFFF0_0000_0000_0123)),
      .float32List([Float(bitPattern: 0xFF80_0042)]),
    ]
    let again = codec.encode(try ChannelJSON.parse(ChannelJSON.print(weird)))
    let expected: [UInt8] = [
      0x0C, 0x02, 0x06, 0, 0, 0, 0, 0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF8, 0x7F,
      0x0E, 0x01, 0, 0, 0x00, 0x00, 0xC0, 0x7F,
    ]
    #expect(again == expected)
  }

  @Test("every finite float32 near the extremes and a wide sample prints to its own bits")
  func float32Text() throws {
    var rng = SeededGenerator(seed: 99)
    var samples: [Float] = [
      .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, 0.1, 16_777_215,
    ]
    for _ in 0..<200_000 {
      let f = Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()))
      if f.isFinite { samples.append(f) }
    }
    let parsed = try ChannelJSON.parse(ChannelJSON.print(.float32List(samples)))
    guard case .float32List(let back) = parsed else {
      Issue.record("expected a Float32List")
      return
    }
    #expect(back.map(\.bitPattern) == samples.map(\.bitPattern))
  }
}

@Suite("Typed JSON: arbitrary input")
struct ArbitraryInputTests {
  @Test("mutated typed JSON either fails with an error or parses to a value that round-trips")
  func mutations() throws {
    var generator = ValueGenerator(rng: SeededGenerator(seed: 77))
    var failures = 0
    for _ in 0..<3000 {
      var bytes = Array(ChannelJSON.print(generator.value(depth: 0)).utf8)
      for _ in 0..<generator.int(1...3) where !bytes.isEmpty {
        let index = generator.int(0...(bytes.count - 1))
        switch generator.int(0...2) {
        case 0: bytes[index] = Array(#"{}[]",:$0e.-"\ "#.utf8)[generator.int(0...13)]
        case 1: bytes.remove(at: index)
        default: bytes[index] = UInt8(truncatingIfNeeded: generator.rng.next())
        }
      }
      do {
        let value = try ChannelJSON.parse(utf8: bytes)
        let text = ChannelJSON.print(value)
        #expect(try ChannelJSON.parse(text) == value, "\(text)")
      } catch {
        failures += 1
        #expect(!error.message.isEmpty)
        #expect(error.path.hasPrefix("$"))
      }
    }
    // Most mutations break the text; some leave valid JSON.
    #expect(failures > 1000 && failures < 3000)
  }
}
