import ChannelTestSupport
import FlutterCodec
import HealthKitModel
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles
@testable import ProfileConnectKit

/// The three profiles served at once, one emulator, one store: HealthKit's rules hold whichever
/// API touches the store, and what one plugin writes the others read.
final class ThreeProfileHost {
  let dispatcher = Dispatcher(
    configuration: .init(profiles: ["healthkit_permissions", "health", "connect_kit"]))
  let pigeon = PigeonCodec()

  init() { dispatcher.warningHandler = { _ in } }

  var store: HealthStore { dispatcher.store }

  /// A call on the default profile's channel.
  func permissions(_ method: String, _ args: ChannelValue = nil) -> Envelope? {
    dispatcher.handle(channel: "healthkit_permissions", call: MethodCall(method, args))
  }

  /// A call on the `health` package's channel.
  func health(_ method: String, _ args: ChannelValue = nil) -> Envelope? {
    dispatcher.handle(channel: "flutter_health", call: MethodCall(method, args))
  }

  /// A ConnectKit Pigeon message.
  func connectKit(_ method: String, _ arguments: [ChannelValue]) -> PigeonReply? {
    try? pigeon.decodeReply(
      dispatcher.handleMessage(
        channel: ConnectKitProfile.channelName(method),
        payload: pigeon.messageCodec.encode(.list(arguments))))
  }

  func control(_ method: String, _ args: ChannelValue = nil) -> Envelope? {
    dispatcher.handle(channel: Dispatcher.controlChannel, call: MethodCall(method, args))
  }

  /// The values of the default profile's `readRecords` answer.
  func readValues(_ args: ChannelValue) -> [Double]? {
    guard case .success(.list(let records))? = permissions("readRecords", args) else { return nil }
    return records.compactMap { $0["value"]?.doubleValue }
  }
}

@Suite struct CrossProfileTests {
  static let t0 = 1_704_067_200_000
  static let minute = 60_000

  @Test func theHealthPackagesDeleteOfAMemberDeletesTheWholeCorrelation() {
    let host = ThreeProfileHost()
    #expect(
      host.health(
        "requestAuthorization",
        [
          "types": ["BLOOD_PRESSURE_SYSTOLIC", "BLOOD_PRESSURE_DIASTOLIC"], "permissions": [2, 2],
        ]) == .success(true))
    #expect(
      host.health(
        "writeBloodPressure",
        [
          "systolic": 121, "diastolic": 79, "startTime": .int64(Int64(Self.t0)),
          "endTime": .int64(Int64(Self.t0)), "recordingMethod": 2,
        ]) == .success(true))
    #expect(host.store.storedSampleCount == 3)
    #expect(
      host.health(
        "delete",
        [
          "dataTypeKey": "BLOOD_PRESSURE_SYSTOLIC", "startTime": .int64(Int64(Self.t0 - 1000)),
          "endTime": .int64(Int64(Self.t0 + 1000)),
        ]) == .success(true))
    #expect(host.store.storedSampleCount == 0)
    guard case .success(let snapshot)? = host.control("snapshot") else {
      Issue.record("no snapshot")
      return
    }
    #expect(snapshot["samples"] == .list([]))
    #expect(host.readValues(["type": "bloodPressure"]) == [])
  }

  @Test func aDefaultProfileWorkoutsSamplesAreSamplesForEveryAPI() throws {
    let host = ThreeProfileHost()
    let types: ChannelValue = ["workout", "activeEnergy"]
    #expect(
      host.permissions("requestPermissions", ["read": types, "write": types]) == .success(true))
    guard
      case .success(let started)? = host.permissions("startWorkout", ["activityType": "running"]),
      let session = started["sessionId"]
    else {
      Issue.record("no session")
      return
    }
    let end = Self.t0 + 30 * Self.minute
    #expect(host.control("advanceClock", ["ms": .int64(Int64(30 * Self.minute))]) != nil)
    guard
      case .success(let ended)? = host.permissions(
        "endWorkout",
        [
          "sessionId": session,
          "energy": [
            ["value": 150, "unit": "kcal", "time": .int64(Int64(Self.t0 + 15 * Self.minute))],
            ["value": 160, "unit": "kcal", "time": .int64(Int64(end))],
          ],
        ])
    else {
      Issue.record("endWorkout failed")
      return
    }
    #expect(ended["uuid"] == "00000000-0000-4000-8000-000000000002")
    let range: ChannelValue = [
      "type": "activeEnergy", "start": .int64(Int64(Self.t0)), "end": .int64(Int64(end)),
    ]
    let values = try #require(host.readValues(range))
    #expect(values.sorted() == [150, 160])
    guard case .success(.list(let workouts))? = host.permissions("readRecords", ["type": "workout"])
    else {
      Issue.record("no workouts")
      return
    }
    #expect(workouts.first?["energy"]?["value"] == .float64(values.reduce(0, +)))
    // The health package reads them too (its own read authorization asked on its channel).
    #expect(
      host.health("requestAuthorization", ["types": ["ACTIVE_ENERGY_BURNED"], "permissions": [0]])
        == .success(true))
    guard
      case .success(.list(let points))? = host.health(
        "getData",
        [
          "dataTypeKey": "ACTIVE_ENERGY_BURNED", "dataUnitKey": "KILOCALORIE",
          "startTime": .int64(Int64(Self.t0)), "endTime": .int64(Int64(end)),
          "recordingMethodsToFilter": [],
        ])
    else {
      Issue.record("health getData failed")
      return
    }
    #expect(points.compactMap { $0["value"]?.doubleValue }.sorted() == [150, 160])
  }

  @Test func connectKitsDuringSessionSamplesAreStoredAsSamples() throws {
    let host = ThreeProfileHost()
    #expect(
      host.connectKit("requestPermissions", [[], ["workout", "activeEnergy"], nil, nil])
        == .success(true))
    let start = Self.t0
    func time(_ ms: Int) -> ChannelValue { .int64(Int64(ms)) }
    func energy(_ value: Double, _ from: Int, _ to: Int) -> ChannelValue {
      .object([
        ("recordKind", "data"), ("type", "workout.energy"), ("startTime", time(from)),
        ("endTime", time(to)),
        (
          "data",
          .object([("valuePattern", "quantity"), ("value", .float64(value)), ("unit", "kcal")])
        ),
      ])
    }
    let workout: ChannelValue = .object([
      ("recordKind", "workout"), ("activityType", "running"), ("startTime", time(start)),
      ("endTime", time(start + 30 * Self.minute)),
      (
        "duringSession",
        .list([
          energy(180, start, start + 15 * Self.minute),
          energy(150, start + 15 * Self.minute, start + 30 * Self.minute),
        ])
      ),
    ])
    guard case .success(let reply)? = host.connectKit("writeRecords", [.list([workout])]),
      case .dataClass(_, let fields)? = try? ConnectKitProfile.tags.decode(reply)
    else {
      Issue.record("writeRecords failed")
      return
    }
    #expect(fields.first == "completeSuccess")
    // The default profile reads what ConnectKit wrote.
    let types: ChannelValue = ["activeEnergy", "workout"]
    #expect(host.permissions("requestPermissions", ["read": types, "write": []]) == .success(true))
    let values = try #require(
      host.readValues(
        ["type": "activeEnergy", "start": time(start), "end": time(start + 30 * Self.minute)]))
    #expect(values.sorted() == [150, 180])
    guard case .success(.list(let workouts))? = host.permissions("readRecords", ["type": "workout"])
    else {
      Issue.record("no workouts")
      return
    }
    #expect(workouts.first?["energy"]?["value"] == .float64(330))
    let stored = host.store.samplesInWriteOrder
    #expect(stored.map(\.workout) == [nil, stored[0].uuid, stored[0].uuid])
  }

  @Test func whatOnePluginWritesTheOthersReadAndDelete() {
    let host = ThreeProfileHost()
    #expect(
      host.health("requestAuthorization", ["types": ["STEPS"], "permissions": [2]])
        == .success(true))
    #expect(
      host.health(
        "writeData",
        [
          "value": 100.0, "dataTypeKey": "STEPS", "dataUnitKey": "COUNT",
          "startTime": .int64(Int64(Self.t0)), "endTime": .int64(Int64(Self.t0 + Self.minute)),
          "recordingMethod": 2,
        ]) == .success(true))
    #expect(host.readValues(["type": "steps"]) == [100])
    #expect(
      host.permissions("deleteRecords", ["uuids": ["00000000-0000-4000-8000-000000000001"]])
        == .success(.int64(1)))
    #expect(host.store.storedSampleCount == 0)
  }

  @Test func theHealthPackagesDeleteByUUIDOfAMemberDeletesTheWholeCorrelation() {
    let host = ThreeProfileHost()
    let types: ChannelValue = ["bloodPressure"]
    #expect(
      host.permissions("requestPermissions", ["read": types, "write": types]) == .success(true))
    #expect(
      host.permissions(
        "writeRecord",
        [
          "type": "bloodPressure", "start": .int64(Int64(Self.t0)), "systolic": 121,
          "diastolic": 79, "unit": "mmHg",
        ]) != nil)
    #expect(host.store.storedSampleCount == 3)
    // The systolic member (uuid 1) through the health package, written by the default profile.
    #expect(
      host.health(
        "deleteByUUID",
        ["uuid": "00000000-0000-4000-8000-000000000001", "dataTypeKey": "BLOOD_PRESSURE_SYSTOLIC"])
        == .success(true))
    #expect(host.store.storedSampleCount == 0)
  }

  @Test func aWorkoutsSamplesCountInTheHealthPackagesStatistics() {
    let host = ThreeProfileHost()
    let types: ChannelValue = ["workout", "activeEnergy"]
    #expect(
      host.permissions("requestPermissions", ["read": types, "write": types]) == .success(true))
    let end = Self.t0 + 60 * Self.minute
    #expect(
      host.permissions(
        "writeRecord",
        [
          "type": "workout", "start": .int64(Int64(Self.t0)), "end": .int64(Int64(end)),
          "activityType": "running",
          "energy": [
            ["value": 100, "unit": "kcal", "time": .int64(Int64(Self.t0 + 30 * Self.minute))],
            ["value": 200, "unit": "kcal", "time": .int64(Int64(end))],
          ],
        ]) != nil)
    #expect(
      host.health("requestAuthorization", ["types": ["ACTIVE_ENERGY_BURNED"], "permissions": [0]])
        == .success(true))
    guard
      case .success(.list(let buckets))? = host.health(
        "getIntervalData",
        [
          "dataTypeKey": "ACTIVE_ENERGY_BURNED", "dataUnitKey": "KILOCALORIE",
          "startTime": .int64(Int64(Self.t0)), "endTime": .int64(Int64(end)),
          "interval": 1800, "recordingMethodsToFilter": [],
        ])
    else {
      Issue.record("getIntervalData failed")
      return
    }
    #expect(buckets.compactMap { $0["value"]?.doubleValue } == [100, 200])
  }
}
