import ChannelTestSupport
import FlutterCodec
import HealthKitModel
import Testing

@testable import HealthStore
@testable import PluginHost
@testable import PluginProfiles

/// Mindful sessions as Chronoception writes them (seed `004_…`, protocol/healthkit-rules.md#mindful-sessions).
@Suite struct MindfulSessionTests {
  static let challenge: ChannelValue = [
    "chronoception_version": 1, "chronoception_mode": "challenge", "target_interval_seconds": 10,
    "attempt_count": 5, "mean_abs_error_seconds": 0.42, "mean_signed_error_seconds": -0.1,
    "std_dev_error_seconds": 0.3, "mean_abs_percent_error": 0.042, "time_acuity_score": 87,
  ]

  @Test func appMetadataIsKeptUnchanged() {
    let h = Harness()
    h.allow(["mindfulSession"])
    let fear: ChannelValue = [
      "chronoception_version": 1, "chronoception_mode": "fear", "fear_threshold_percent": 0.1,
      "fear_sound_effective": true,
    ]
    _ = h.ok(
      "writeRecord",
      record("mindfulSession", [("end", .int(t0 + 5 * minute)), ("metadata", Self.challenge)]))
    _ = h.ok(
      "writeRecord",
      record(
        "mindfulSession", start: t0 + 10 * minute,
        [("end", .int(t0 + 12 * minute)), ("metadata", fear), ("title", "Fear"), ("notes", "loud")])
    )
    let read = h.read("mindfulSession")
    #expect(read.count == 2)
    #expect(read.first?["value"] == "notApplicable")
    #expect(
      read.first?["metadata"]
        == .object([
          ("chronoception_version", i64(1)), ("chronoception_mode", "challenge"),
          ("target_interval_seconds", i64(10)), ("attempt_count", i64(5)),
          ("mean_abs_error_seconds", .float64(0.42)), ("mean_signed_error_seconds", .float64(-0.1)),
          ("std_dev_error_seconds", .float64(0.3)), ("mean_abs_percent_error", .float64(0.042)),
          ("time_acuity_score", i64(87)),
        ]))
    // The bool reads back as the number 1; notes and title become ck_ keys after the app's.
    #expect(
      read.last?["metadata"]
        == .object([
          ("chronoception_version", i64(1)), ("chronoception_mode", "fear"),
          ("fear_threshold_percent", .float64(0.1)), ("fear_sound_effective", i64(1)),
          ("ck_notes", "loud"), ("ck_title", "Fear"),
        ]))
  }

  @Test func valueMayBeLeftOutOrNotApplicable() {
    let h = Harness()
    h.allow(["mindfulSession"])
    #expect(h.ok("writeRecord", record("mindfulSession", [("value", "notApplicable")])) != nil)
    #expect(h.ok("writeRecord", record("mindfulSession", [("value", 0)])) != nil)
    #expect(
      h.failure("writeRecord", record("mindfulSession", [("value", 1)]))?.details == [
        "field": "value"
      ])
  }

  @Test func deniedThenRevoked() {
    let h = Harness()
    h.allow(["mindfulSession"], share: .sharingDenied, read: .notDetermined)
    let denied = h.failure("writeRecord", record("mindfulSession"))
    #expect(denied?.code == "AUTHORIZATION_DENIED")
    h.allow(["mindfulSession"])
    #expect(h.ok("writeRecord", record("mindfulSession")) != nil)
    h.allow(["mindfulSession"], share: .sharingDenied)
    let revoked = h.failure("writeRecord", record("mindfulSession"))
    #expect(revoked?.code == "AUTHORIZATION_DENIED")
    #expect(revoked?.details == .object([("hkErrorCode", i64(4)), ("type", "mindfulSession")]))
  }

  @Test func mindfulSessionsNeedIOS10() {
    let h = Harness(os: "9.3")
    let error = h.failure("writeRecord", record("mindfulSession"))
    #expect(error?.code == "TYPE_UNAVAILABLE_ON_OS")
    #expect(error?.details["minimumOS"] == "10.0")
  }
}
