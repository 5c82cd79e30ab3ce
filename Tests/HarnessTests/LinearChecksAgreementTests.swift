import FlutterCodec
import HKBridgeCLI
import Testing

@testable import Harness

/// The linear checks agree with the plain ones they replaced, on seeded random inputs: the
/// line-wise UTF-8 check with a validation of each line, and the indexed map comparison with a
/// pairwise search by Dart's equality.
@Suite struct LinearChecksAgreementTests {
  init() { Composition.install() }

  /// Bytes mostly ASCII with newlines, and now and then a piece of valid or broken UTF-8.
  static func text(_ random: inout RobustnessRandom) -> [UInt8] {
    let pieces: [[UInt8]] = [
      Array("é".utf8), Array("😀".utf8), Array("漢".utf8), [0xC3], [0xA9], [0xFF],
      [0xED, 0xA0, 0x80],
      [0xF0, 0x9F, 0x98], [0xE2, 0x82], [0x0A],
    ]
    var bytes: [UInt8] = []
    for _ in 0..<random.below(80) {
      if random.below(6) == 0 {
        bytes += pieces[random.below(pieces.count)]
      } else {
        bytes.append(random.below(8) == 0 ? 0x0A : UInt8(0x20 + random.below(0x5F)))
      }
    }
    return bytes
  }

  @Test func utf8ByLinesAgreesWithValidatingEachLine() {
    var random = RobustnessRandom(state: 0x5EED_0001)
    for _ in 0..<3_000 {
      let bytes = Self.text(&random)
      let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
      let expected = lines.firstIndex { String(validating: $0, as: UTF8.self) == nil }
      let found = bytes.withUnsafeBufferPointer { TranscriptUTF8.firstInvalidLine($0) }
      #expect(found == expected, "\(bytes)")
    }
  }

  /// Keys drawn from a small pool in which some are equal to Dart (1, 1.0, "1"; "é" and its
  /// decomposed form), so that maps repeat keys often.
  static func map(_ random: inout RobustnessRandom, count: Int) -> [ChannelMapEntry] {
    let pool: [ChannelValue] = [
      .int32(1), .float64(1.0), .int64(1), .string("1"), .string("\u{E9}"), .string("e\u{301}"),
      .string("a"), .string("b"), .null, .bool(true), .int32(2), .float64(2.5),
    ]
    return (0..<count).map { _ in
      let key: ChannelValue =
        random.below(3) == 0
        ? pool[random.below(pool.count)] : .string("k\(random.below(count * 2 + 1))")
      return ChannelMapEntry(key, .int32(Int32(random.below(3))))
    }
  }

  /// Dart's reading of a map, found by a pairwise search: each key's last value.
  static func lastValues(_ entries: [ChannelMapEntry]) -> [(ChannelValue, ChannelValue)] {
    entries.indices.compactMap { index in
      let key = entries[index].key
      let later = entries[(index + 1)...].contains { DartEquality.equal($0.key, key) }
      return later ? nil : (key, entries[index].value)
    }
  }

  @Test(arguments: [4, 16, 17, 40, 300]) func indexedMapsAgreeWithAPairwiseSearch(count: Int) {
    var random = RobustnessRandom(state: 0x5EED_0002 &+ UInt64(count))
    for _ in 0..<150 {
      let x = Self.map(&random, count: random.below(count) + 1)
      let y = random.below(2) == 0 ? x.shuffled(using: &random) : Self.map(&random, count: x.count)
      let (mine, theirs) = (Self.lastValues(x), Self.lastValues(y))
      let equal =
        mine.count == theirs.count
        && mine.allSatisfy { key, value in
          theirs.contains { DartEquality.equal($0.0, key) && DartEquality.equal($0.1, value) }
        }
      #expect(DartEquality.equal(.map(x), .map(y)) == equal)
      #expect(MapKeyIndex(x).distinctCount == mine.count)
      if equal { #expect(DartHash.value(.map(x)) == DartHash.value(.map(y))) }
      #expect((ValueDiff.compare(.map(x), .map(y), root: [.key("ok")]).count == 0) == equal)
    }
  }
}

extension RobustnessRandom: RandomNumberGenerator {}
