import FlutterCodec
import HKBridgeCLI
import Harness
import Testing

/// Path diffs of lists: a missing or extra element is "(absent)", never a null.
@Suite struct ValueDiffTests {
  init() { Composition.install() }
  @Test func aShorterListShowsItsMissingElementsAsAbsent() {
    let diff = ValueDiff.compare(
      .list([.int32(1), .int32(2)]), .list([.int32(1)]), root: [.key("ok")])
    #expect(diff.count == 1)
    #expect(diff.differences.map(\.text) == ["ok[1]: expected 2, got (absent)"])
  }

  @Test func aLongerListShowsItsExtraElementsAsAbsentFromTheExpected() {
    let diff = ValueDiff.compare(.list([]), .list([.string("x")]), root: [.key("ok")])
    #expect(diff.differences.map(\.text) == [#"ok[0]: expected (absent), got "x""#])
  }

  @Test func aNullElementIsNotAbsent() {
    let diff = ValueDiff.compare(.list([.null]), .list([]), root: [.key("ok")])
    #expect(diff.differences.map(\.text) == ["ok[0]: expected null, got (absent)"])
  }

  /// A map that gives a key twice (`$map`) is, to Dart, the map of its last value.
  @Test func aRepeatedKeyIsComparedByItsLastValue() {
    let twice = ChannelValue.map([
      ChannelMapEntry(.string("k"), .int32(1)), ChannelMapEntry(.string("k"), .int32(2)),
    ])
    let last = ChannelValue.map([ChannelMapEntry(.string("k"), .int32(2))])
    let first = ChannelValue.map([ChannelMapEntry(.string("k"), .int32(1))])
    #expect(ValueDiff.compare(twice, twice, root: [.key("ok")]).count == 0)
    #expect(ValueDiff.compare(twice, last, root: [.key("ok")]).count == 0)
    #expect(ValueDiff.compare(last, twice, root: [.key("ok")]).count == 0)
    #expect(
      ValueDiff.compare(twice, first, root: [.key("ok")]).differences.map(\.text)
        == ["ok.k: expected 2, got 1"])
  }
}
