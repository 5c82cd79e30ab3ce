@testable import FlutterCodec

/// SplitMix64: a small deterministic generator, so every run tests the same values.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }
}

/// Random channel values of every case, nested, with the awkward corners weighted in: size
/// boundaries, integer range edges, NaNs and signed zeros, multi-byte text, non-string keys.
struct ValueGenerator {
  var rng: SplitMix64
  var maxDepth = 4

  init(seed: UInt64) { rng = SplitMix64(seed: seed) }

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
  mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

  /// Mostly short; sometimes right around the 253/254 size boundary.
  mutating func length() -> Int {
    switch int(0...19) {
    case 0: return int(250...258)
    case 1...3: return 0
    default: return int(1...8)
    }
  }

  mutating func int32() -> Int32 {
    let edges: [Int32] = [0, 1, -1, .max, .min, .max - 1, .min + 1, 255, 256, -256]
    return chance(30) ? edges[int(0...edges.count - 1)] : Int32(truncatingIfNeeded: rng.next())
  }

  mutating func int64() -> Int64 {
    let edges: [Int64] = [
      0, 1, -1, .max, .min, 2_147_483_647, 2_147_483_648, -2_147_483_648, -2_147_483_649,
    ]
    return chance(30) ? edges[int(0...edges.count - 1)] : Int64(bitPattern: rng.next())
  }

  mutating func double() -> Double {
    let edges: [UInt64] = [
      0x7ff8_0000_0000_0000, 0xfff8_0000_0000_0000, 0x7ff0_0000_0000_0001, 0x7ff4_dead_beef_0001,
      0x8000_0000_0000_0000, 0, 0x7ff0_0000_0000_0000, 0xfff0_0000_0000_0000, 1,
    ]
    if chance(30) { return Double(bitPattern: edges[int(0...edges.count - 1)]) }
    return chance(50) ? Double(int(-1000...1000)) / 8 : Double(bitPattern: rng.next())
  }

  mutating func float() -> Float {
    let edges: [UInt32] = [
      0x7fc0_0000, 0xffc0_0000, 0x7f80_0001, 0x8000_0000, 0, 0x7f80_0000, 0xff80_0000, 1,
    ]
    if chance(30) { return Float(bitPattern: edges[int(0...edges.count - 1)]) }
    return Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()))
  }

  mutating func scalar() -> Unicode.Scalar {
    while true {
      let value: UInt32
      switch int(0...9) {
      case 0...4: value = UInt32(int(0...0x7f))
      case 5...6: value = UInt32(int(0x80...0x7ff))
      case 7...8: value = UInt32(int(0x800...0xffff))
      default: value = UInt32(int(0x1_0000...0x10_ffff))
      }
      if let s = Unicode.Scalar(value) { return s }  // surrogates are skipped
    }
  }

  mutating func string() -> String {
    var s = String.UnicodeScalarView()
    for _ in 0..<length() { s.append(scalar()) }
    return String(s)
  }

  mutating func hexText() -> String {
    let digits = Array("0123456789abcdef")
    var s = chance(30) ? "-" : ""
    for _ in 0..<int(1...40) { s.append(digits[int(0...15)]) }
    return s
  }

  /// A value; every case is reachable at every depth below `maxDepth`.
  mutating func value(depth: Int = 0) -> ChannelValue {
    let containers = depth < maxDepth
    switch int(0...(containers ? 14 : 11)) {
    case 0: return .null
    case 1: return .bool(chance(50))
    case 2: return .int32(int32())
    case 3: return .int64(int64())
    case 4: return .largeInt(hexText())
    case 5: return .float64(double())
    case 6: return .string(string())
    case 7: return .uint8List((0..<length()).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
    case 8: return .int32List((0..<length()).map { _ in int32() })
    case 9: return .int64List((0..<length()).map { _ in int64() })
    case 10: return .float32List((0..<length()).map { _ in float() })
    case 11: return .float64List((0..<length()).map { _ in double() })
    case 12:
      let count = chance(3) ? int(252...256) : int(0...5)
      return .list((0..<count).map { _ in value(depth: depth + 1) })
    case 13:
      return .map(
        (0..<int(0...5)).map { _ in
          ChannelMapEntry(value(depth: depth + 1), value(depth: depth + 1))
        })
    default:
      return .ext(tag: UInt8(int(128...255)), value: value(depth: depth + 1))
    }
  }
}

/// Every case name that occurs in `value`, nested ones included ("extension" for all tags).
func caseNames(_ value: ChannelValue, into names: inout Set<String>) {
  switch value {
  case .list(let items):
    names.insert("list")
    for item in items { caseNames(item, into: &names) }
  case .map(let entries):
    names.insert("map")
    for entry in entries {
      caseNames(entry.key, into: &names)
      caseNames(entry.value, into: &names)
    }
  case .ext(_, let inner):
    names.insert("extension")
    caseNames(inner, into: &names)
  default:
    names.insert(value.typeName)
  }
}

func containsExtension(_ value: ChannelValue) -> Bool {
  var names: Set<String> = []
  caseNames(value, into: &names)
  return names.contains("extension")
}
