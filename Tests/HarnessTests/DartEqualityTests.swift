import FlutterCodec
import HKBridgeCLI
import Harness
import Testing

/// `--match value`: each of Dart's `equals` rules, pinned one by one.
@Suite struct DartEqualityTests {
  init() { Composition.install() }
  func eq(_ a: ChannelValue, _ b: ChannelValue) -> Bool {
    let forward = DartEquality.equal(a, b)
    let backward = DartEquality.equal(b, a)
    #expect(forward == backward, "equality must be symmetric for \(a) and \(b)")
    return forward
  }

  @Test func numbersAreEqualByValueAcrossKinds() {
    #expect(eq(.int32(100), .float64(100.0)))
    #expect(eq(.int32(100), .int64(100)))
    #expect(eq(.int64(100), .float64(100.0)))
    #expect(eq(.int32(0), .float64(-0.0)))
    #expect(eq(.float64(0.0), .float64(-0.0)))
    #expect(!eq(.int32(100), .float64(100.5)))
    #expect(!eq(.int32(1), .int32(2)))
    // 2^53 + 1 is not a double: no rounding makes them equal.
    #expect(!eq(.int64(9_007_199_254_740_993), .float64(9_007_199_254_740_992.0)))
    #expect(eq(.int64(9_007_199_254_740_992), .float64(9_007_199_254_740_992.0)))
  }

  @Test func nanEqualsNaN() {
    #expect(eq(.float64(.nan), .float64(-.nan)))
    #expect(!eq(.float64(.nan), .float64(1.0)))
    #expect(!eq(.float64(.nan), .int32(0)))
    #expect(eq(.float64(.infinity), .float64(.infinity)))
    #expect(!eq(.float64(.infinity), .float64(-.infinity)))
  }

  @Test func largeIntsCompareByValue() {
    #expect(eq(.largeInt("ff"), .int32(255)))
    #expect(eq(.largeInt("-00ff"), .int64(-255)))
    #expect(eq(.largeInt("1FFFFFFFFFFFFFFFF"), .largeInt("1ffffffffffffffff")))
    #expect(!eq(.largeInt("1ffffffffffffffff"), .int64(.max)))
    #expect(eq(.largeInt("-8000000000000000"), .int64(.min)))
  }

  @Test func numbersNeverEqualOtherKinds() {
    #expect(!eq(.int32(1), .bool(true)))
    #expect(!eq(.int32(0), .null))
    #expect(!eq(.int32(1), .string("1")))
  }

  @Test func mapsIgnoreOrderButNotContents() {
    let a: ChannelValue = ["x": 1, "y": [true, nil]]
    let b: ChannelValue = ["y": [true, nil], "x": 1.0]
    #expect(eq(a, b))
    #expect(!eq(a, ["x": 1]))
    #expect(!eq(a, ["x": 1, "y": [true]]))
    #expect(!eq(a, ["x": 1, "z": [true, nil]]))
    // Keys compare like values: int key 1 finds double key 1.0.
    #expect(eq(.map([ChannelMapEntry(1, "a")]), .map([ChannelMapEntry(1.0, "a")])))
  }

  @Test func listsKeepOrder() {
    #expect(eq([1, 2, 3], [1.0, 2, 3]))
    #expect(!eq([1, 2, 3], [3, 2, 1]))
    #expect(!eq([1, 2], [1, 2, 3]))
  }

  @Test func typedListsCompareByKindAndContents() {
    #expect(eq(.uint8List([1, 2]), .uint8List([1, 2])))
    #expect(!eq(.uint8List([1, 2]), .int32List([1, 2])))
    #expect(!eq(.uint8List([1, 2]), [1, 2]))
    #expect(!eq(.int32List([1, 2]), .int64List([1, 2])))
    #expect(!eq(.float32List([1]), .float64List([1])))
    #expect(eq(.float64List([.nan, 0.0]), .float64List([.nan, -0.0])))
    #expect(eq(.float32List([.nan]), .float32List([.nan])))
    #expect(!eq(.float64List([1, 2]), .float64List([1, 2.5])))
  }

  @Test func scalarsAndExtensions() {
    #expect(eq(nil, nil))
    #expect(!eq(true, false))
    #expect(eq("é", "é"))
    #expect(!eq("a", "b"))
    #expect(eq(.ext(tag: 130, value: [1]), .ext(tag: 130, value: [1.0])))
    #expect(!eq(.ext(tag: 130, value: 1), .ext(tag: 131, value: 1)))
  }
}

@Suite struct ReplyMatcherTests {
  init() { Composition.install() }
  let error = FlutterError(code: "A", message: "m", details: ["hkErrorCode": 5])

  func matches(_ e: TranscriptReply, _ a: TranscriptReply, _ mode: MatchMode) -> Bool {
    ReplyMatcher.matches(expected: e, actual: a, mode: mode)
  }

  @Test func valueModeComparesCodeMessageAndDetails() {
    #expect(matches(.error(error), .error(error), .value))
    var details = error
    details.details = ["hkErrorCode": 5.0]
    #expect(matches(.error(error), .error(details), .value))
    details.details = ["hkErrorCode": 4]
    #expect(!matches(.error(error), .error(details), .value))
    var message = error
    message.message = nil
    #expect(!matches(.error(error), .error(message), .value))
    var code = error
    code.code = "B"
    #expect(!matches(.error(error), .error(code), .value))
  }

  @Test func codeModeComparesOnlyTheErrorCode() {
    var other = error
    other.message = "different"
    other.details = nil
    #expect(matches(.error(error), .error(other), .code))
    other.code = "B"
    #expect(!matches(.error(error), .error(other), .code))
    // Successes still compare by value in code mode.
    #expect(matches(.ok(1), .ok(1.0), .code))
    #expect(!matches(.ok(1), .ok(2), .code))
  }

  @Test func stacktraceIsNotCompared() {
    var traced = error
    traced.stacktrace = "at main()"
    #expect(matches(.error(traced), .error(error), .value))
  }

  @Test func kindsOfReplyDoNotMix() {
    #expect(!matches(.ok(nil), .notImplemented, .value))
    #expect(!matches(.notImplemented, .ok(nil), .code))
    #expect(!matches(.ok(1), .error(error), .code))
    #expect(matches(.notImplemented, .notImplemented, .value))
  }

  @Test func aPlainMessagesNullReplyReadsAsNull() {
    #expect(matches(.notImplemented, .message(nil), .value))
    #expect(matches(.message(nil), .message(nil), .value))
    #expect(!matches(.notImplemented, .message(1), .value))
  }

  @Test func firstDifferingByte() {
    #expect(ReplyMatcher.firstDifference(expected: [0, 1, 2], actual: [0, 1, 2]) == nil)
    #expect(ReplyMatcher.firstDifference(expected: [0, 1, 2], actual: [0, 9, 2]) == 1)
    #expect(ReplyMatcher.firstDifference(expected: [0, 1], actual: [0, 1, 2]) == 2)
    #expect(ReplyMatcher.firstDifference(expected: nil, actual: [0]) == 0)
    #expect(ReplyMatcher.firstDifference(expected: nil, actual: nil) == nil)
  }
}
