import ChannelTestSupport
import FlutterCodec
import HealthKitModel
import Testing

@testable import HealthStore
@testable import PluginHost
@testable import PluginProfiles

/// `deleteRecords` never reveals read permission: a sample the app may not read answers exactly
/// as an absent uuid does (protocol/records.md, "Privacy rule for uuids").
@Suite struct DeletePrivacyTests {
  private func other(_ n: Int) -> String { Self.other(n) }

  /// The NOT_FOUND message for a uuid, whether it names no sample or one the app may not read.
  /// other.app's uuid `n` (its own stream).
  static func other(_ n: Int) -> String { uuid(n, source: SourcePrefix.otherApp) }

  static func notFoundMessage(_ uuid: String) -> String {
    "No sample has the uuid \(uuid); nothing was deleted (deleteRecords is all or nothing)."
  }

  /// A harness where `other.app` added one steps sample (its uuid 1); the app's steps read decision
  /// is `read` (nil: never asked) and its share is authorized.
  static func withForeignSteps(read: ReadDecision?) -> Harness {
    let h = Harness()
    h.setUp(
      "addSamples",
      [
        "records": [record("steps", [("value", 5), ("unit", "count")])],
        "source": ["bundleId": "other.app"],
      ])
    if let read {
      h.allow(["steps"], read: read)
    } else {
      h.store.authorization["HKQuantityTypeIdentifierStepCount"] = TypeAuthorization(
        share: .sharingAuthorized, read: .notDetermined)
    }
    return h
  }

  /// The error of deleting `uuids`, checked to have changed nothing.
  static func deleteFailure(_ h: Harness, _ uuids: [String]) -> FlutterError? {
    let before = h.sampleCount
    let error = h.failure("deleteRecords", ["uuids": .list(uuids.map(ChannelValue.string))])
    #expect(h.sampleCount == before)
    return error
  }

  @Test func anAbsentUUIDIsNotFound() {
    let h = Self.withForeignSteps(read: .granted)
    let error = Self.deleteFailure(h, [uuid(99)])
    #expect(error?.code == "NOT_FOUND")
    #expect(error?.message == Self.notFoundMessage(uuid(99)))
    #expect(error?.details == ["field": "uuids[0]"])
  }

  @Test(arguments: [ReadDecision.denied, nil])
  func anUnreadableSampleLooksAbsent(read: ReadDecision?) {
    let h = Self.withForeignSteps(read: read)
    let error = Self.deleteFailure(h, [other(1)])
    #expect(error?.code == "NOT_FOUND")
    #expect(error?.message == Self.notFoundMessage(other(1)))
    #expect(error?.details == ["field": "uuids[0]"])
  }

  @Test func aReadableSampleOfAnotherAppIsAnAuthorizationError() {
    let h = Self.withForeignSteps(read: .granted)
    let error = Self.deleteFailure(h, [other(1)])
    #expect(error?.code == "AUTHORIZATION_DENIED")
    #expect(error?.details["hkErrorCode"] == i64(4))
    #expect(error?.details["field"] == "uuids[0]")
  }

  @Test func theFirstUnreadableOrAbsentUUIDWinsOverAnOwnershipError() {
    // other.app's uuid 1 is steps (readable), its uuid 2 heart rate (read denied): the
    // unreadable one answers first, as an absent uuid at that index would.
    let h = Self.withForeignSteps(read: .granted)
    h.setUp(
      "addSamples",
      [
        "records": [record("heartRate", [("value", 60), ("unit", "count/min")])],
        "source": ["bundleId": "other.app"],
      ])
    h.allow(["heartRate"], read: .denied)
    let error = Self.deleteFailure(h, [other(1), other(2)])
    #expect(error?.code == "NOT_FOUND")
    #expect(error?.message == Self.notFoundMessage(other(2)))
    #expect(error?.details == ["field": "uuids[1]"])
  }

  @Test func theAppsOwnSamplesStayDeletableWhenReadIsDenied() {
    let h = Harness()
    h.allow(["steps"], read: .denied)
    _ = h.ok("writeRecord", record("steps", [("value", 5), ("unit", "count")]))
    #expect(h.ok("deleteRecords", ["uuids": [.string(uuid(1))]]) == i64(1))
    #expect(h.sampleCount == 0)
  }

  @Test func aCorrelationIsVisibleOnlyWhenEveryMemberTypeIsReadable() {
    // other.app's blood pressure: systolic (uuid 1), diastolic (uuid 2), the correlation (3).
    let h = Harness()
    h.setUp(
      "addSamples",
      [
        "records": [
          record("bloodPressure", [("systolic", 120), ("diastolic", 80), ("unit", "mmHg")])
        ],
        "source": ["bundleId": "other.app"],
      ])
    h.allow(["bloodPressure"])
    h.store.authorization["HKQuantityTypeIdentifierBloodPressureDiastolic"] = TypeAuthorization(
      share: .sharingAuthorized, read: .denied)
    #expect(Self.deleteFailure(h, [other(3)])?.message == Self.notFoundMessage(other(3)))
    #expect(Self.deleteFailure(h, [other(2)])?.message == Self.notFoundMessage(other(2)))
    #expect(Self.deleteFailure(h, [other(1)])?.code == "AUTHORIZATION_DENIED")
  }
}
