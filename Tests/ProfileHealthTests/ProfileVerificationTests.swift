import ChannelTestSupport
import FlutterCodec
import Testing

@testable import PluginHost
@testable import PluginProfiles

/// The control channel's verification (calls, stub, setLatency) covers the method channels of
/// every profile served, not only the default profile's.
@Suite struct ProfileVerificationTests {
  func controlValue(_ host: HealthHost, _ method: String, _ args: ChannelValue = nil) -> Envelope? {
    host.dispatcher.handle(channel: Dispatcher.controlChannel, call: MethodCall(method, args))
  }

  @Test func healthCallsAreLoggedWithTheirCodes() {
    let host = HealthHost()
    _ = host.call("checkIfHealthDataAvailable")
    _ = host.call("noSuchHealthMethod", ["x": 1])
    #expect(
      controlValue(host, "calls")
        == .success([
          ["method": "checkIfHealthDataAvailable", "args": nil, "code": nil],
          ["method": "noSuchHealthMethod", "args": ["x": 1], "code": "notImplemented"],
        ]))
  }

  @Test func aStubAnswersAHealthMethodBeforeTheStore() {
    let host = HealthHost()
    host.control(
      "stub",
      ["method": "getTotalStepsInInterval", "reply": ["ok": .int64(12_345)], "count": 1])
    let args: ChannelValue = [
      "startTime": .int64(1_704_067_200_000), "endTime": .int64(1_704_070_800_000),
      "includeManualEntry": true,
    ]
    #expect(host.call("getTotalStepsInInterval", args) == .success(.int64(12_345)))
    // Used up: the store answers again (no steps were written, so no total).
    #expect(host.call("getTotalStepsInInterval", args) != .success(.int64(12_345)))
  }

  @Test func stubAndSetLatencyNameAServedMethodWithASuggestion() {
    let host = HealthHost()
    guard
      case .error(let error)? = controlValue(
        host, "stub", ["method": "getDta", "reply": ["ok": true]])
    else {
      Issue.record("stub of an unknown method did not fail")
      return
    }
    #expect(error.code == "INVALID_ARGUMENTS")
    #expect(error.details == ["field": "method", "didYouMean": "getData"])
    // The default profile's methods are not served here.
    guard
      case .error(let latency)? = controlValue(
        host, "setLatency", ["method": "isAvailable", "ms": 5])
    else {
      Issue.record("setLatency of a method not served did not fail")
      return
    }
    #expect(latency.code == "INVALID_ARGUMENTS")
    #expect(controlValue(host, "setLatency", ["method": "getData", "ms": 0]) == .success(nil))
  }
}
