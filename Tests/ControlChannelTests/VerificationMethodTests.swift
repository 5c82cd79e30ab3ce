import ChannelTestSupport
import FlutterCodec
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles

@Suite struct VerificationMethodTests {
  @Test func callsLogsPluginCallsWithTheirCodeUntilCleared() {
    let h = Harness()
    _ = h.call("isAvailable")
    _ = h.call("readCharacteristic", ["identifier": "HKCharacteristicTypeIdentifierBloodType"])
    _ = h.call("noSuchMethod", [1])
    _ = h.control("snapshot")
    #expect(
      h.control("calls")?.value
        == [
          ["method": "isAvailable", "args": nil, "code": nil],
          [
            "method": "readCharacteristic",
            "args": ["identifier": "HKCharacteristicTypeIdentifierBloodType"],
            "code": "AUTHORIZATION_NOT_DETERMINED",
          ],
          ["method": "noSuchMethod", "args": [1], "code": "notImplemented"],
        ])
    h.setUp("clearCalls")
    #expect(h.control("calls")?.value == [])
  }

  @Test func aFullLogDropsItsOlderHalf() {
    let h = Harness()
    for _ in 0..<Verification.logLimit { _ = h.call("isAvailable") }
    _ = h.call("noSuchMethod")
    guard case .list(let calls)? = h.control("calls")?.value else {
      Issue.record("calls is not a list")
      return
    }
    // Full at logLimit: the oldest half went, then the new call was appended.
    #expect(calls.count == Verification.logLimit / 2 + 1)
    #expect(calls.last == ["method": "noSuchMethod", "args": nil, "code": "notImplemented"])
    #expect(calls.first == ["method": "isAvailable", "args": nil, "code": nil])
  }

  @Test func aStubAnswersBeforeFaultsAndAvailabilityCountTimes() {
    let h = Harness()
    h.setUp("configure", ["device": "iPad", "osVersion": "16.4"])  // HealthKit unavailable
    h.setUp("stub", ["method": "isAvailable", "reply": ["ok": true], "count": 1])
    h.setUp(
      "stub",
      [
        "method": "readRecords", "args": ["type": "steps"],
        "reply": ["error": ["code": "BOOM", "details": ["n": 1]]],
      ])
    #expect(h.call("isAvailable")?.value == true)
    #expect(h.call("isAvailable")?.value == false)  // count used up: the model answers
    let stubbed = h.call("readRecords", ["type": "steps", "ascending": true])?.error
    #expect(stubbed?.code == "BOOM" && stubbed?.details == ["n": 1] && stubbed?.message == nil)
    #expect(h.call("readRecords", ["type": "height"])?.error?.code == "HEALTH_DATA_UNAVAILABLE")
    // reset empties the stubs (and the log).
    h.setUp("reset")
    #expect(h.control("calls")?.value == [])
    #expect(h.call("readRecords", ["type": "steps"])?.error?.code != "BOOM")
  }

  static let badArguments: [(String, ChannelValue, String)] = [
    ("stub", ["method": "isAvailable", "reply": ["ok": true], "times": 2], "times"),
    ("stub", ["method": "nope", "reply": ["ok": true]], "method"),
    ("stub", ["method": "isAvailable", "reply": ["ok": true, "error": ["code": "X"]]], "reply"),
    ("stub", ["method": "isAvailable", "reply": ["fine": true]], "fine"),
    ("stub", ["method": "isAvailable", "reply": ["ok": true], "count": 0], "count"),
    ("stub", ["method": "isAvailable", "args": [1], "reply": ["ok": true]], "args"),
    ("setLatency", ["ms": 5, "jitter": 1], "jitter"),
    ("setLatency", ["ms": -1], "ms"),
    ("setLatency", ["ms": 60_001], "ms"),
    ("setLatency", ["method": "nope", "ms": 1], "method"),
    ("calls", ["since": 0], "since"),
    ("clearCalls", ["all": true], "all"),
  ]

  @Test(arguments: badArguments)
  func badArgumentsAreRefusedNamingTheField(method: String, args: ChannelValue, field: String) {
    let h = Harness()
    let error = h.control(method, args)?.error
    #expect(error?.code == "INVALID_ARGUMENTS")
    #expect(error?.details["field"]?.stringValue?.hasSuffix(field) == true)
  }

  /// A dispatcher told not to sleep (the fuzzer's) answers at once; the call is still logged.
  @Test func noSleepingSkipsTheDelay() {
    let h = Harness()
    var flushed = 0
    h.dispatcher.beforeDelay = { flushed += 1 }
    h.dispatcher.sleepsForLatency = false
    h.setUp("setLatency", ["ms": 60_000])
    let clock = ContinuousClock()
    let time = clock.measure { _ = h.call("isAvailable") }
    #expect(time < .seconds(5))
    #expect(flushed == 0)
    #expect(h.control("calls")?.value == [["method": "isAvailable", "args": nil, "code": nil]])
  }

  @Test func setLatencyDelaysRepliesAndZeroRemovesIt() {
    let h = Harness()
    var flushed = 0
    h.dispatcher.beforeDelay = { flushed += 1 }
    h.setUp("setLatency", ["ms": 30])
    h.setUp("setLatency", ["method": "isAvailable", "ms": 0])
    let clock = ContinuousClock()
    let slow = clock.measure { _ = h.call("getPlatformVersion") }
    #expect(slow >= .milliseconds(30))
    #expect(flushed == 1)
    // isAvailable's own latency (0) wins over the general one.
    let fast = clock.measure { _ = h.call("isAvailable") }
    #expect(fast < .milliseconds(30))
    #expect(flushed == 1)
  }
}
