import FlutterCodec
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles
@testable import ProfileConnectKit

/// Odd messages never crash the `connect_kit` profile: every message gets a Pigeon reply list.
@Suite struct ConnectKitRobustnessTests {
  static let oddValues: [ChannelValue] = [
    .null, true, .int32(-1), .int64(Int64.max), .int64(Int64.min), .float64(.nan),
    .float64(.infinity), .float64(-1e300), "", "steps", .list([]), .list([.null, "x", 3]),
    .float64List([1, 2]), .map([]), .largeInt("ffffffffffffffffff"),
    .ext(tag: 0x81, value: .list([])),
  ]

  static let recordKeys = [
    "recordKind", "type", "startTime", "endTime", "data", "source", "metadata", "valuePattern",
    "value", "unit", "categoryName", "activityType", "duringSession", "stages", "nutrients",
    "sensitivityPoints", "title", "mealType", "stage",
  ]

  /// A deterministic generator (a 64-bit LCG).
  struct Random {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    mutating func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
  }

  func plausible(_ key: String, _ random: inout Random) -> ChannelValue {
    switch key {
    case "recordKind":
      let kinds = [
        "data", "workout", "nope", "sleepSession", "nutrition", "audiogram", "ecg", "bloodPressure",
      ]
      return .string(kinds[random.next(kinds.count)])
    case "type":
      let types = [
        "steps", "mindfulSession", "biologicalSex", "workout", "workout.distance", "heartRate",
      ]
      return .string(types[random.next(types.count)])
    case "activityType": return ["running", "yoga", "crossFit"][random.next(3)]
    case "stage": return ["inBed", "deep", "nap"][random.next(3)]
    case "duringSession", "stages", "sensitivityPoints":
      return .list((0..<random.next(4)).map { _ in record(&random) })
    case "nutrients":
      return .object([
        ("protein", plausible("data", &random)), ("energy", plausible("value", &random)),
      ])
    case "startTime", "endTime": return .int64(1_704_060_000_000 + Int64(random.next(7_200_000)))
    case "valuePattern":
      return ["quantity", "category", "samples", "label", "multiple"][random.next(5)]
    case "value": return random.next(2) == 0 ? .float64(Double(random.next(500))) : "unknown"
    case "unit": return ["count", "bpm", "kg", "zz"][random.next(4)]
    case "categoryName": return ["CKMindfulnessSessionType", "SleepSession"][random.next(2)]
    case "data", "source", "metadata":
      return .object([
        ("valuePattern", plausible("valuePattern", &random)),
        ("value", plausible("value", &random)),
        ("unit", plausible("unit", &random)), ("recordingMethod", "manualEntry"),
      ])
    default: return .null
    }
  }

  func record(_ random: inout Random) -> ChannelValue {
    var pairs: [(String, ChannelValue)] = []
    for _ in 0..<random.next(9) {
      let key = Self.recordKeys[random.next(Self.recordKeys.count)]
      let odd = Self.oddValues[random.next(Self.oddValues.count)]
      pairs.append((key, random.next(4) == 0 ? odd : plausible(key, &random)))
    }
    return .object(pairs)
  }

  @Test func everyMethodAnswersOddMessages() throws {
    let host = ConnectKitHost()
    host.grant(write: ["steps", "mindfulSession", "workout", "sleepSession", "nutrition.protein"])
    let pigeon = PigeonCodec()
    var random = Random()
    for method in ConnectKitProfile.methods {
      let channel = ConnectKitProfile.channelName(method.name)
      for _ in 0..<300 {
        var arguments: [ChannelValue] = []
        for index in 0..<random.next(6) {
          switch random.next(4) {
          case 0: arguments.append(Self.oddValues[random.next(Self.oddValues.count)])
          case 1: arguments.append(.list((0..<random.next(4)).map { _ in record(&random) }))
          case 2: arguments.append(index == 0 ? ["steps", "heartRate"] : .bool(true))
          default: arguments.append(.object([("steps", ["read", "write"])]))
          }
        }
        let reply = try #require(
          host.dispatcher.handleMessage(
            channel: channel, payload: pigeon.messageCodec.encode(.list(arguments))))
        #expect(try pigeon.decodeReply(reply) != .noConnection)
      }
      for _ in 0..<100 {
        let bytes = (0..<random.next(12)).map { _ in UInt8(random.next(256)) }
        let reply = try #require(host.dispatcher.handleMessage(channel: channel, payload: bytes))
        _ = try pigeon.decodeReply(reply)
      }
    }
  }
}
