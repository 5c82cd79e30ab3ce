import ChannelTestSupport
import FlutterCodec
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles

/// The default profile's long-running queries (protocol/channel-api.md#event-channels), its
/// background delivery methods and control `deleteSamples`: events, the privacy rule, and every
/// refusal by its code.
@Suite struct QueryStreamTests {
  static let plugin = "healthkit_permissions"
  static let observe = "healthkit_permissions/observe"
  static let anchored = "healthkit_permissions/anchored"
  static let statistics = "healthkit_permissions/statistics"
  static let control = "hkbridge/control"
  static let t0 = 1_704_067_200_000
  static let hour = 3_600_000

  let codec = StandardMethodCodec()

  func dispatcher(read: String = "grant") -> Dispatcher {
    let d = Dispatcher()
    d.warningHandler = { _ in }
    _ = call(d, Self.control, "setPromptPolicy", ["read": .string(read)])
    _ = call(
      d, Self.plugin, "requestPermissions",
      ["read": ["steps", "sleepSession"], "write": ["steps"]])
    return d
  }

  @discardableResult
  func call(_ d: Dispatcher, _ channel: String, _ method: String, _ args: ChannelValue = nil)
    -> Envelope?
  {
    d.handle(channel: channel, call: MethodCall(method, args))
  }

  /// The events taken, decoded (`nil` for the end of a stream).
  func events(_ d: Dispatcher) -> [ChannelValue?] {
    d.takeHostMessages().map { message in
      message.payload.flatMap { payload in
        guard case .success(let value)? = try? codec.decodeEnvelope(payload) else { return nil }
        return value
      }
    }
  }

  func errorCode(_ envelope: Envelope?) -> String? {
    if case .error(let error)? = envelope { return error.code }
    return nil
  }

  static func steps(_ hour: Int, _ value: Int) -> ChannelValue {
    [
      "type": "steps", "start": .int64(Int64(t0 + hour * Self.hour)),
      "end": .int64(Int64(t0 + (hour + 1) * Self.hour)), "value": .int32(Int32(value)),
      "unit": "count",
    ]
  }

  @discardableResult
  func addOther(_ d: Dispatcher, _ records: [ChannelValue]) -> [String] {
    guard
      case .success(let reply)? = call(
        d, Self.control, "addSamples",
        ["source": ["bundleId": "com.other.app"], "records": .list(records)]),
      case .list(let uuids)? = reply["uuids"]
    else { return [] }
    return uuids.compactMap(\.stringValue)
  }

  // MARK: observe

  @Test func theObserverFiresOncePerTypeAtTheStartThenPerChangedTypeInTheOrderGiven() {
    let d = dispatcher()
    #expect(
      call(d, Self.observe, "listen", ["types": ["sleepSession", "steps"]]) == .success(nil))
    #expect(events(d) == [["type": "sleepSession"], ["type": "steps"]])
    _ = addOther(d, [Self.steps(0, 1), Self.steps(1, 2)])
    #expect(events(d) == [["type": "steps"]])
    _ = call(d, Self.control, "snapshot")
    #expect(events(d).isEmpty)
  }

  @Test func aDeniedReadSeesOnlyTheAppsOwnChanges() {
    let d = dispatcher(read: "deny")
    _ = call(d, Self.observe, "listen", ["types": ["steps"]])
    _ = call(d, Self.anchored, "listen", ["type": "steps"])
    _ = call(
      d, Self.statistics, "listen",
      [
        "type": "steps", "start": .int64(Int64(Self.t0)), "end": .int64(Int64(Self.t0 + Self.hour)),
        "interval": .int32(Int32(Self.hour)),
      ])
    _ = d.takeHostMessages()
    let other = addOther(d, [Self.steps(0, 50)])
    #expect(events(d).isEmpty)
    _ = call(d, Self.plugin, "writeRecord", Self.steps(0, 7))
    let seen = events(d)
    #expect(seen.count == 3)
    #expect(seen[1]?["added"]?.listValue?.count == 1)
    #expect(seen[2]?["buckets"]?.listValue?.first?["value"] == .float64(7))
    _ = call(d, Self.control, "deleteSamples", ["uuids": .list(other.map(ChannelValue.string))])
    #expect(events(d).isEmpty)
  }

  static let refusedListens: [(ChannelValue, String)] = [
    (["type": ["steps"]], "INVALID_ARGUMENTS"),
    (["types": []], "INVALID_ARGUMENTS"),
    (["types": ["stepz"]], "UNSUPPORTED_TYPE"),
    (["types": ["heartRate"]], "AUTHORIZATION_NOT_DETERMINED"),
    (.null, "INVALID_ARGUMENTS"),
  ]

  @Test(arguments: refusedListens)
  func aRefusedObserverListenStartsNothing(args: ChannelValue, code: String) {
    let d = dispatcher()
    #expect(errorCode(call(d, Self.observe, "listen", args)) == code)
    #expect(d.takeHostMessages().isEmpty)
    #expect(d.listeningChannels.isEmpty)
  }

  @Test func listenOnAnIPadWithoutHealthKitIsUnavailable() {
    let d = Dispatcher(configuration: .init(device: "iPad", osVersion: "16.4"))
    #expect(
      errorCode(call(d, Self.observe, "listen", ["types": ["steps"]])) == "HEALTH_DATA_UNAVAILABLE")
  }

  // MARK: anchored

  @Test func anchoredBatchesHoldAtMostLimitChangesAndFollowUntilCaughtUp() {
    let d = dispatcher()
    let uuids = addOther(d, [Self.steps(0, 1), Self.steps(1, 2), Self.steps(2, 3)])
    _ = call(d, Self.control, "deleteSamples", ["uuids": [.string(uuids[0])]])
    #expect(call(d, Self.anchored, "listen", ["type": "steps", "limit": 2]) == .success(nil))
    let batches = events(d)
    // Changes after anchor 0 still visible: uuids[1] (2), uuids[2] (3), the delete (4).
    #expect(batches.count == 2)
    #expect(
      batches[0]?["added"]?.listValue?.compactMap { $0["uuid"]?.stringValue } == [
        uuids[1], uuids[2],
      ])
    #expect(batches[0]?["anchor"] == .int64(3))
    #expect(batches[1]?["deleted"] == .list([.string(uuids[0])]))
    #expect(batches[1]?["anchor"] == .int64(4))
    // From a later anchor: only what came after it.
    #expect(call(d, Self.anchored, "listen", ["type": "steps", "anchor": 3]) == .success(nil))
    #expect(events(d).first??["deleted"] == .list([.string(uuids[0])]))
  }

  @Test func anchoredShowsValuesInTheUnitAsked() {
    let d = dispatcher()
    _ = call(d, Self.plugin, "writeRecord", Self.steps(0, 1000))
    _ = call(d, Self.anchored, "listen", ["type": "steps", "unit": "count"])
    #expect(events(d).first??["added"]?.listValue?.first?["unit"] == "count")
  }

  @Test func aNegativeAnchorOrLimitIsRefused() {
    let d = dispatcher()
    #expect(
      errorCode(call(d, Self.anchored, "listen", ["type": "steps", "anchor": -1]))
        == "INVALID_ARGUMENTS")
    #expect(
      errorCode(call(d, Self.anchored, "listen", ["type": "steps", "limit": -1]))
        == "INVALID_ARGUMENTS")
    #expect(
      errorCode(call(d, Self.anchored, "listen", ["type": "steps", "lmit": 1]))
        == "INVALID_ARGUMENTS")
  }

  // MARK: statistics

  @Test func statisticsRefuseANonQuantityTypeAndAnEmptyInterval() {
    let d = dispatcher()
    let range: [(String, ChannelValue)] = [
      ("start", .int64(Int64(Self.t0))), ("end", .int64(Int64(Self.t0 + Self.hour))),
    ]
    #expect(
      errorCode(
        call(
          d, Self.statistics, "listen",
          .object([("type", "sleepSession"), ("interval", 60)] + range)))
        == "INVALID_ARGUMENTS")
    #expect(
      errorCode(
        call(d, Self.statistics, "listen", .object([("type", "steps"), ("interval", 0)] + range)))
        == "INVALID_ARGUMENTS")
    #expect(d.listeningChannels.isEmpty)
  }

  // MARK: deleteSamples

  @Test func deleteSamplesNeedsExactlyOneOfUuidsAndSourceAndEveryUuidToExist() {
    let d = dispatcher()
    let uuids = addOther(d, [Self.steps(0, 1)])
    #expect(errorCode(call(d, Self.control, "deleteSamples", [:])) == "INVALID_ARGUMENTS")
    #expect(
      errorCode(
        call(
          d, Self.control, "deleteSamples",
          ["uuids": .list(uuids.map(ChannelValue.string)), "source": "com.other.app"]))
        == "INVALID_ARGUMENTS")
    guard
      case .error(let missing)? = call(
        d, Self.control, "deleteSamples",
        ["uuids": [.string(uuids[0]), "00000000-0000-4000-8000-0000000000ff"]])
    else {
      Issue.record("expected NOT_FOUND")
      return
    }
    #expect(missing.code == "NOT_FOUND" && missing.details["field"] == "uuids[1]")
    #expect(d.store.storedSampleCount == 1)
    #expect(
      call(d, Self.control, "deleteSamples", ["source": "com.other.app"])
        == .success(["deleted": .list(uuids.map(ChannelValue.string))]))
    #expect(d.store.storedSampleCount == 0)
  }

  // MARK: background delivery

  @Test func backgroundDeliveryIsRegisteredChangedAndDisabled() {
    let d = dispatcher()
    #expect(
      call(d, Self.plugin, "enableBackgroundDelivery", ["type": "steps", "frequency": "hourly"])
        == .success(true))
    _ = call(
      d, Self.plugin, "enableBackgroundDelivery", ["type": "heartRate", "frequency": "daily"])
    _ = call(d, Self.plugin, "enableBackgroundDelivery", ["type": "steps", "frequency": "weekly"])
    #expect(
      call(d, Self.plugin, "getBackgroundDeliveries")
        == .success([
          ["hkType": "HKQuantityTypeIdentifierStepCount", "frequency": "weekly"],
          ["hkType": "HKQuantityTypeIdentifierHeartRate", "frequency": "daily"],
        ]))
    _ = call(d, Self.plugin, "disableBackgroundDelivery", ["type": "steps"])
    #expect(
      d.store.backgroundDeliveries.entries.map(\.identifier) == [
        "HKQuantityTypeIdentifierHeartRate"
      ])
    _ = call(d, Self.plugin, "disableAllBackgroundDelivery")
    #expect(d.store.backgroundDeliveries.entries.isEmpty)
  }

  @Test func backgroundDeliveryRefusesAnUnknownFrequencyAndACharacteristic() {
    let d = dispatcher()
    #expect(
      errorCode(
        call(d, Self.plugin, "enableBackgroundDelivery", ["type": "steps", "frequency": "often"]))
        == "INVALID_ARGUMENTS")
    #expect(
      errorCode(
        call(
          d, Self.plugin, "enableBackgroundDelivery", ["type": "bloodType", "frequency": "daily"]))
        != nil)
    _ = call(d, Self.plugin, "enableBackgroundDelivery", ["type": "steps", "frequency": "daily"])
    _ = call(d, Self.control, "reset")
    #expect(d.store.backgroundDeliveries.entries.isEmpty)
  }
}
