import FlutterCodec
import HKBridgeCLI
import Testing

@testable import Harness

/// Maps as Dart reads them (a repeated key is one key, its last value winning), compared in
/// linear time whatever their size: below the scan limit and past it.
@Suite struct MapKeyIndexTests {
  init() { Composition.install() }

  /// Keys `k0`…: int values; `count` past the scan limit makes an indexed map.
  static func map(_ count: Int, value: (Int) -> ChannelValue = { .int32(Int32($0)) })
    -> [ChannelMapEntry]
  {
    (0..<count).map { ChannelMapEntry(.string("k\($0)"), value($0)) }
  }

  static let sizes = [3, MapKeyIndex.scanLimit, MapKeyIndex.scanLimit + 1, 5_000]

  @Test(arguments: sizes) func eachKeyIsFoundAtItsLastPositionByDartEquality(count: Int) {
    var entries = Self.map(count)
    entries.append(ChannelMapEntry(.string("k1"), .string("last")))
    // An int key finds a double key of the same value, as Dart's == does.
    entries.append(ChannelMapEntry(.float64(7.0), .null))
    let index = MapKeyIndex(entries)
    #expect(index.lastIndex(of: .string("k0")) == 0)
    #expect(index.lastIndex(of: .string("k1")) == count)
    #expect(index.value(for: .string("k1")) == .string("last"))
    #expect(index.lastIndex(of: .int32(7)) == count + 1)
    #expect(index.lastIndex(of: .string("absent")) == nil)
    #expect(!index.isLast(1) && index.isLast(0) && index.isLast(count))
    #expect(index.distinctCount == count + 1)
    #expect(MapKeyIndex(Self.map(count)).distinctCount == count)
  }

  @Test(arguments: sizes) func mapsInAnyOrderAreEqualAndHashAlike(count: Int) {
    let forward = ChannelValue.map(Self.map(count))
    let backward = ChannelValue.map(Self.map(count).reversed())
    #expect(DartEquality.equal(forward, backward))
    #expect(DartHash.value(forward) == DartHash.value(backward))
    let changed = ChannelValue.map(
      Self.map(count) { $0 == count - 1 ? .string("other") : .int32(Int32($0)) })
    #expect(!DartEquality.equal(forward, changed))
    #expect(!DartEquality.equal(.map(Self.map(count)), .map(Self.map(count + 1))))
    #expect(!DartEquality.equal(.map(Self.map(count + 1)), .map(Self.map(count))))
  }

  /// `{k: 1, k: 2}` is `{k: 2}` to Dart: equal to it, and hashed alike; not equal to `{k: 1}`.
  @Test(arguments: sizes) func aRepeatedKeyCountsByItsLastValue(count: Int) {
    let base = Self.map(count)
    let twice = ChannelValue.map(base + [ChannelMapEntry(.string("k0"), .string("new"))])
    let last = ChannelValue.map(
      [ChannelMapEntry(.string("k0"), .string("new"))] + base.dropFirst())
    #expect(DartEquality.equal(twice, last) && DartEquality.equal(last, twice))
    #expect(DartHash.value(twice) == DartHash.value(last))
    #expect(!DartEquality.equal(twice, .map(base)))
    #expect(ValueDiff.compare(twice, last, root: [.key("ok")]).count == 0)
    #expect(
      ValueDiff.compare(twice, .map(base), root: [.key("ok")]).differences.map(\.text)
        == [#"ok.k0: expected "new", got 0"#])
  }

  /// A value that differs and a key that is missing or extra are each named once, by path.
  @Test(arguments: sizes) func valueDiffNamesEachDifferenceOfALargeMap(count: Int) {
    var actual = Self.map(count).reversed() as [ChannelMapEntry]
    actual.removeAll { $0.key == .string("k2") }
    actual.append(ChannelMapEntry(.string("extra"), .bool(true)))
    let k0 = actual.lastIndex { $0.key == .string("k0") }!
    actual[k0] = ChannelMapEntry(.string("k0"), .string("changed"))
    let diff = ValueDiff.compare(.map(Self.map(count)), .map(actual), root: [.key("ok")])
    #expect(
      diff.differences.map(\.text) == [
        #"ok.k0: expected 0, got "changed""#,
        "ok.k2: expected 2, got (absent)",
        "ok.extra: expected (absent), got true",
      ])
  }

  /// Keys are one key when Dart's equality calls them equal, whatever their kinds, below the
  /// scan limit and past it (the indexed map hashes them by ``DartHash``).
  @Test(arguments: [0, MapKeyIndex.scanLimit]) func keysAreEqualAsDartSeesThem(padding: Int) {
    func repeats(_ keys: [ChannelValue]) -> Bool {
      let filler = (0..<padding).map { ChannelMapEntry(.string("filler \($0)"), .null) }
      let entries = filler + keys.map { ChannelMapEntry($0, .null) }
      return MapKeyIndex(entries).distinctCount != entries.count
    }
    #expect(!repeats(["ab", "ac", "a", "abc"]))
    #expect(repeats(["ab", "a", "abc", "ab"]))
    // Canonically equivalent text, of different lengths in bytes, is one key to Dart's
    // equality as this project sees strings; so are 1 and 1.0.
    #expect(repeats(["x", "\u{E9}", "e\u{301}"]))
    #expect(repeats([.int32(1), "1", .float64(1.0)]))
    #expect(!repeats([.int32(1), "1", .int64(2)]))
  }
}
