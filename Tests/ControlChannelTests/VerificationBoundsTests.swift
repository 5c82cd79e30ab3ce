import ChannelTestSupport
import FlutterCodec
import Testing

@testable import PluginHost
@testable import PluginProfiles

/// The call log is bounded by bytes as well as by count, and stubs are indexed, with a cap
/// (protocol/verification.md).
@Suite struct VerificationBoundsTests {
  /// 1,000 calls with 64 KB arguments: the log keeps about logByteLimit bytes of them, newest.
  @Test func bigArgumentsKeepTheLogUnderItsByteLimit() {
    let h = Harness()
    let big = ChannelValue.string(String(repeating: "x", count: 64 << 10))
    for i in 0..<1_000 { _ = h.call("noSuchMethod", ["i": .int(i), "blob": big]) }
    guard case .list(let calls)? = h.control("calls")?.value else {
      Issue.record("calls is not a list")
      return
    }
    #expect(calls.count * (64 << 10) <= Verification.logByteLimit)
    #expect(calls.count >= 64)
    #expect(calls.last?["args"]?["i"] == .int(999))
  }

  /// A call over encodedSize is logged as its encoding, not as values several times its size
  /// (a long `--jsonl` line's), and `calls` gives it back as it was sent; a small one is kept
  /// as values.
  @Test func aBigCallIsLoggedEncodedAndCallsGivesItBackUnchanged() {
    let h = Harness()
    let count = Verification.encodedSize / 16 + 1
    let big: ChannelValue = [
      "ints": .list((0..<count).map { .int32(Int32($0) - 7) }),
      "mixed": [.int64(1 << 40), .float64(-0.5), "é", .uint8List([1, 2]), .int32List([3]), nil],
    ]
    _ = h.call("noSuchMethod", big)
    _ = h.call("noSuchMethod", ["small": 1])
    let logged = h.dispatcher.verification.loggedCalls
    #expect(logged.map(\.isEncoded) == [true, false])
    // Counted as the bytes it is kept as.
    #expect(logged.first?.size ?? 0 > 5 * count)
    guard case .list(let calls)? = h.control("calls")?.value, calls.count == 2 else {
      Issue.record("calls is not a list of the two calls")
      return
    }
    #expect(calls[0]["args"] == big)
    #expect(calls[0]["method"] == "noSuchMethod")
    #expect(calls[1]["args"] == ["small": 1])
    // Logged without the bytes it was sent as (a native plugin's call): encoded again.
    let verification = Verification()
    verification.record(MethodCall("m", big), reply: .null)
    #expect(verification.loggedCalls.map(\.isEncoded) == [true])
    #expect(verification.loggedCalls.first?.value == big)
    #expect(verification.callsValue == [["method": "m", "args": big, "code": "notImplemented"]])
  }

  /// A logged call's size: 16 a value (scalars without a walk) plus its text and elements, and
  /// the method's UTF-8 bytes; containers are walked.
  @Test func aLoggedCallsSizeCountsScalarsAsSixteenAndWalksContainers() {
    typealias Logged = Verification.LoggedCall
    for scalar: ChannelValue in [.null, .bool(true), .int32(7), .int64(1 << 40), .float64(0.5)] {
      #expect(Logged.size(of: scalar) == 16)
    }
    #expect(Logged.size(of: .string("abc")) == 19)
    #expect(Logged.size(of: .int64List([1, 2])) == 32)
    #expect(Logged.size(of: .list([.null, .string("ab")])) == 50)
    #expect(Logged.size(of: .map([ChannelMapEntry(.string("k"), .int32(1))])) == 49)
    #expect(Logged(method: "isAvailable", arguments: .null, code: nil).size == 27)
  }

  /// The stub added last wins, whether it matches any arguments or a given one, and a counted
  /// stub that runs out leaves the older ones answering.
  @Test func theLatestMatchingStubWinsAcrossArgumentsAndAny() {
    let h = Harness()
    h.setUp("stub", ["method": "readRecords", "reply": ["ok": "any-1"]])
    h.setUp("stub", ["method": "readRecords", "args": ["type": "steps"], "reply": ["ok": "steps"]])
    h.setUp(
      "stub",
      ["method": "readRecords", "args": ["limit": 2, "type": "steps"], "reply": ["ok": "two"]])
    h.setUp("stub", ["method": "readRecords", "args": [:], "reply": ["ok": "any-2"], "count": 1])
    #expect(h.call("readRecords", ["type": "steps", "limit": 2])?.value == "any-2")
    #expect(h.call("readRecords", ["type": "steps", "limit": 2])?.value == "two")
    #expect(h.call("readRecords", ["limit": 3, "type": "steps"])?.value == "steps")
    #expect(h.call("readRecords", ["type": "height"])?.value == "any-1")
    #expect(h.call("readRecords", [1])?.value == "any-1")
  }

  /// More than StubIndex.limit stubs are refused, naming the limit; reset makes room.
  @Test func stubsAreCapped() {
    let h = Harness()
    for i in 0..<StubIndex.limit {
      _ = h.control(
        "stub", ["method": "isAvailable", "args": ["n": .int(i)], "reply": ["ok": .int(i)]])
    }
    #expect(h.call("isAvailable", ["n": 77])?.value == 77)
    let refused = h.control("stub", ["method": "isAvailable", "reply": ["ok": true]])?.error
    #expect(refused?.code == "INVALID_ARGUMENTS")
    #expect(refused?.message?.contains("at most 100000 stubs") == true)
    h.setUp("reset")
    #expect(h.control("stub", ["method": "isAvailable", "reply": ["ok": true]])?.error == nil)
  }
}
