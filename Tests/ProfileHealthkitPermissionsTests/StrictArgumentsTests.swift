import ChannelTestSupport
import FlutterCodec
import HealthKitModel
import Testing

@testable import ControlChannel
@testable import HealthStore
@testable import PluginHost
@testable import PluginProfiles
@testable import ProfileHealthkitPermissions

/// Every method refuses a key it does not take (protocol/channel-api.md, "Arguments"): one
/// checker, the keys declared in each method's table row.
@Suite struct StrictArgumentsTests {
  /// writeRecord's keys depend on the record's type: the record parser checks them, with the
  /// same checker (covered below).
  static let recordKeyed: Set<String> = ["writeRecord"]

  static let pluginMethods = PluginMethods.table.keys.sorted()
  static let controlMethods = ControlMethods.table.keys.sorted()

  /// A call of `method` on `channel` in a fresh emulator.
  static func reply(_ channel: String, _ method: String, _ args: ChannelValue) -> Envelope? {
    let h = Harness()
    return channel == Dispatcher.controlChannel ? h.control(method, args) : h.call(method, args)
  }

  /// Every (channel, method) pair of both tables.
  static let everyMethod: [(String, String)] =
    pluginMethods.map { (Dispatcher.defaultPluginChannel, $0) }
    + controlMethods.map { (Dispatcher.controlChannel, $0) }

  @Test func everyMethodDeclaresItsKeys() {
    for (name, handler) in PluginMethods.table where !Self.recordKeyed.contains(name) {
      #expect(handler.takes != nil, "\(name) declares no keys")
    }
    for (name, handler) in ControlMethods.table {
      #expect(handler.takes != nil, "\(name) declares no keys")
    }
  }

  @Test(arguments: everyMethod)
  func unknownKeyIsRefused(channel: String, method: String) {
    var args: [(String, ChannelValue)] = [("bogusKey", 1)]
    if Self.recordKeyed.contains(method) { args.insert(("type", "steps"), at: 0) }
    let error = Self.reply(channel, method, .object(args))?.error
    #expect(error?.code == "INVALID_ARGUMENTS", "\(channel) \(method)")
    #expect(error?.details == ["field": "bogusKey"], "\(channel) \(method)")
    #expect(error?.message?.hasPrefix("unknown argument 'bogusKey'; ") == true)
  }

  /// Each declared key with its second character dropped is refused with the key as the
  /// suggestion.
  @Test(arguments: everyMethod)
  func misspeltKeyGetsDidYouMean(channel: String, method: String) {
    let keys = (ControlMethods.table[method] ?? PluginMethods.table[method])?.takes ?? []
    for key in keys {
      var letters = Array(key)
      letters.remove(at: 1)
      let typo = String(letters)
      let error = Self.reply(channel, method, .object([(typo, .int(1))]))?.error
      #expect(error?.code == "INVALID_ARGUMENTS", "\(method) \(typo)")
      #expect(error?.details == ["field": .string(typo), "didYouMean": .string(key)])
      #expect(error?.message == "unknown argument '\(typo)' (did you mean '\(key)'?)")
    }
  }

  @Test func theIssuesExamples() {
    let h = Harness()
    h.allow(["workout", "steps"])
    let id = h.ok("startWorkout", ["activityType": "running"])?["sessionId"] ?? .null
    let energy = h.failure(
      "endWorkout", ["sessionId": id, "enrgy": ["value": 300, "unit": "kcal"]])
    #expect(energy?.message == "unknown argument 'enrgy' (did you mean 'energy'?)")
    #expect(energy?.details == ["field": "enrgy", "didYouMean": "energy"])
    #expect(h.control("snapshot")?.value?["workoutsInProgress"]?.listValue?.count == 1)
    let strat = h.failure("readRecords", ["type": "steps", "strat": 0])
    #expect(strat?.details == ["field": "strat", "didYouMean": "start"])
    let location = h.failure(
      "startWorkout", ["activityType": "running", "locaitonType": "indoor"])
    #expect(location?.details == ["field": "locaitonType", "didYouMean": "locationType"])
    let extra = h.failure(
      "authorizationStatus", ["identifier": "HKQuantityTypeIdentifierStepCount", "read": true])
    #expect(extra?.details == ["field": "read"])
    #expect(extra?.message == "unknown argument 'read'; this method takes identifier")
  }

  /// The key check comes after availability and before everything else (protocol/errors.md).
  @Test func orderOfChecks() {
    let ipad = Harness(device: "iPad", os: "16.4")
    #expect(ipad.failure("readRecords", ["typ": "steps"])?.code == "HEALTH_DATA_UNAVAILABLE")
    let h = Harness()
    // An unknown key wins over a missing field and an unknown type.
    let error = h.failure("readRecords", ["type": "noSuchType", "limt": 3])
    #expect(error?.details == ["field": "limt", "didYouMean": "limit"])
    // A no-argument method: null and {} are fine, a key is refused, so is a non-map.
    #expect(h.ok("getPlatformVersion", nil) == "iOS 17.5")
    #expect(h.ok("getPlatformVersion", [:]) == "iOS 17.5")
    #expect(h.failure("isAvailable", ["verbose": true])?.details == ["field": "verbose"])
    #expect(h.failure("isAvailable", "yes")?.details == ["field": "args"])
    #expect(h.control("reset", ["hard": true])?.error?.details == ["field": "hard"])
    #expect(h.control("snapshot", ["samples": true])?.error?.details == ["field": "samples"])
    #expect(h.control("reset", nil)?.value == .null)
  }

  @Test func nullCountsAsLeftOut() {
    let h = Harness()
    #expect(
      h.ok(
        "authorizationStatus",
        ["identifier": "HKQuantityTypeIdentifierStepCount", "unused": nil]) == "notDetermined")
    #expect(h.ok("isAvailable", ["anything": nil]) == true)
    #expect(h.control("snapshot", ["x": nil])?.value != nil)
    h.allow(["steps"])
    #expect(h.ok("readRecords", ["type": "steps", "start": nil, "limit": nil, "other": nil]) == [])
  }

  // MARK: Nested maps

  @Test func nestedKeysAreNamedByTheirPath() {
    let h = Harness()
    h.allow(["steps", "workout"])
    let records = h.ok(
      "writeRecords",
      [
        "records": [
          record("steps", [("value", 10), ("unit", "count")]),
          record("steps", [("vlaue", 10), ("unit", "count")]),
        ]
      ])
    #expect(records?["failures"]?.listValue?.first?["field"] == "records[1].vlaue")
    let workout = record(
      "workout", start: t0, [("end", .int(t0 + 10 * minute)), ("activityType", "running")])
    func withField(_ key: String, _ value: ChannelValue) -> ChannelValue {
      guard case .map(var entries) = workout else { return workout }
      entries.append(ChannelMapEntry(.string(key), value))
      return .map(entries)
    }
    let sample = h.failure(
      "writeRecord", withField("heartRate", [["value": 120, "unit": "count/min", "tme": .int(t0)]]))
    #expect(sample?.details == ["field": "heartRate[0].tme", "didYouMean": "time"])
    let elevation = h.failure(
      "writeRecord", withField("elevation", ["ascnded": 3, "unit": "m"]))
    #expect(elevation?.details == ["field": "elevation.ascnded", "didYouMean": "ascended"])
    let total = h.failure("writeRecord", withField("distance", ["value": 5, "unti": "km"]))
    #expect(total?.details == ["field": "distance.unti", "didYouMean": "unit"])
    let overrides = h.control(
      "setPromptPolicy", ["overrides": ["steps": ["wirte": "deny"]]])?.error
    #expect(overrides?.details == ["field": "overrides.steps.wirte", "didYouMean": "write"])
    let date = h.control(
      "setCharacteristic",
      ["identifier": "dateOfBirth", "value": ["year": 1990, "month": 1, "dya": 2]])?.error
    #expect(date?.details == ["field": "value.dya", "didYouMean": "day"])
    let source = h.control(
      "addSamples", ["records": [], "source": ["bundleID": "com.x"]])?.error
    #expect(source?.details == ["field": "source.bundleID", "didYouMean": "bundleId"])
    let stage = h.failure(
      "writeRecord",
      record(
        "sleepSession",
        [("stages", [["stage": "deep", "start": .int(t0), "ends": .int(t0 + minute)]])]))
    #expect(stage?.details == ["field": "stages[0].ends", "didYouMean": "end"])
    // Without a type, a misspelt `type` is named before the missing type.
    let noType = h.failure("writeRecord", ["tpye": "steps", "start": .int(t0)])
    #expect(noType?.details == ["field": "tpye", "didYouMean": "type"])
    #expect(h.failure("writeRecord", ["start": .int(t0)])?.details == ["field": "type"])
    // Metadata stays free-form.
    let free = h.ok(
      "writeRecord",
      record("steps", [("value", 1), ("unit", "count"), ("metadata", ["anyKey": "x"])]))
    #expect(free?["uuid"] != nil)
  }
}
