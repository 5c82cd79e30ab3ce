import ChannelTestSupport
import FlutterCodec
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles
@testable import ProfileHealth

/// Odd arguments never crash the `health` profile: every call gets an envelope.
@Suite struct HealthRobustnessTests {
  static let oddValues: [ChannelValue] = [
    .null, true, .int32(-1), .int64(Int64.max), .int64(Int64.min), .float64(.nan),
    .float64(.infinity), .float64(-1e300), .float64(1.5), "", "STEPS", .list([]),
    .list([.null, "x", .int32(3)]), .float64List([1, 2]), .map([]), .largeInt("ffffffffffffffffff"),
  ]

  static let keys = [
    "dataTypeKey", "dataUnitKey", "startTime", "endTime", "value", "types", "permissions",
    "recordingMethodsToFilter", "interval", "uuid", "limit", "recordingMethod", "systolic",
    "diastolic", "name", "meal_type", "start_time", "end_time", "calories", "units", "reason",
    "isStartOfCycle", "frequencies", "leftEarSensitivities", "rightEarSensitivities", "metadata",
    "activityType", "totalEnergyBurned", "totalEnergyBurnedUnit", "totalDistance",
    "totalDistanceUnit",
  ]

  @Test func everyMethodAnswersOddArguments() throws {
    let host = HealthHost()
    host.control("setPromptPolicy", ["read": "grant", "write": "grant"])
    host.authorize(["STEPS", "WORKOUT", "AUDIOGRAM", "INSULIN_DELIVERY", "MENSTRUATION_FLOW"], 2)
    let codec = StandardMethodCodec()
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    for method in HealthProfile.methods.keys.sorted() {
      for value in Self.oddValues {
        _ = host.call(method, value)
      }
      for _ in 0..<200 {
        var pairs: [(String, ChannelValue)] = []
        for _ in 0..<next(8) {
          let key = Self.keys[next(Self.keys.count)]
          let odd = Self.oddValues[next(Self.oddValues.count)]
          pairs.append((key, next(3) == 0 ? odd : Self.plausible(key, next)))
        }
        let bytes = host.bytes(method, .object(pairs))
        let reply = try #require(bytes, "\(method) gave a null reply")
        _ = try codec.decodeEnvelope(reply)
      }
    }
  }

  /// A value of the right shape for a key, sometimes out of range.
  static func plausible(_ key: String, _ next: (Int) -> Int) -> ChannelValue {
    switch key {
    case "dataTypeKey":
      return ["STEPS", "WORKOUT", "NUTRITION", "GENDER", "SLEEP_DEEP", "AUDIOGRAM"][next(6)]
    case "dataUnitKey", "totalEnergyBurnedUnit", "totalDistanceUnit":
      return ["COUNT", "KILOCALORIE", "METER", "NO_UNIT", "PERCENT"][next(5)]
    case "startTime", "endTime", "start_time", "end_time":
      return .int64(Int64(T.at(Double(next(48)) - 12)))
    case "types": return ["STEPS", "NUTRITION", "GENDER"]
    case "permissions": return .list([.int32(Int32(next(4))), .int32(1), .int32(2)])
    case "frequencies", "leftEarSensitivities", "rightEarSensitivities":
      return .list((0..<next(3)).map { _ in .float64(Double(next(5000))) })
    case "interval": return .int32(Int32(next(100_000)) - 10)
    case "uuid": return .string(HealthStore.uuid(counter: UInt64(next(20))))
    case "activityType": return ["RUNNING", "YOGA", "NOPE"][next(3)]
    case "metadata": return next(2) == 0 ? .null : ["HKDeviceName": "x", "HKExternalUUID": "y"]
    default: return .float64(Double(next(400)) - 50)
    }
  }
}
