import ChannelTestSupport
import FlutterCodec
import Foundation
import HealthKitModel
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles
@testable import ProfileHealth
@testable import ProfileHealthKitReporter

/// A dispatcher serving profile `health_kit_reporter`, calling as the plugin's Dart does.
final class ReporterHost {
  let dispatcher = Dispatcher(configuration: .init(profiles: ["health_kit_reporter"]))
  let codec = StandardMethodCodec()
  static let t0 = 1_704_067_200_000
  static let hour = 3_600_000
  static let steps = "HKQuantityTypeIdentifierStepCount"
  static let day: ChannelValue = .object([
    ("startTimestamp", .int(t0)), ("endTimestamp", .int(t0 + 24 * hour)),
  ])

  var store: HealthStore { dispatcher.store }

  func bytes(_ method: String, _ args: ChannelValue = .null, channel: String? = nil) -> [UInt8]? {
    dispatcher.handleMessage(
      channel: channel ?? HealthKitReporterProfile.channel,
      payload: codec.encodeMethodCall(MethodCall(method, args)))
  }

  func call(_ method: String, _ args: ChannelValue = .null, channel: String? = nil) -> Envelope? {
    bytes(method, args, channel: channel).flatMap { try? codec.decodeEnvelope($0) }
  }

  func control(_ method: String, _ args: ChannelValue) {
    _ = call(method, args, channel: Dispatcher.controlChannel)
  }

  /// The JSON string reply decoded as Dart's `jsonDecode` would.
  func json(_ method: String, _ args: ChannelValue) -> Any? {
    guard case .success(.string(let text))? = call(method, args) else { return nil }
    return try? JSONSerialization.jsonObject(with: Data(text.utf8))
  }

  func error(_ method: String, _ args: ChannelValue = .null, channel: String? = nil)
    -> FlutterError?
  {
    guard case .error(let error)? = call(method, args, channel: channel) else { return nil }
    return error
  }

  /// The events sent since the last look, decoded.
  func events() -> [(channel: String, value: ChannelValue)] {
    dispatcher.takeHostMessages().compactMap { message in
      guard let payload = message.payload,
        case .success(let value)? = try? codec.decodeEnvelope(payload)
      else { return nil }
      return (message.channel, value)
    }
  }

  func authorize(read: [String] = [steps], write: [String] = [steps]) {
    #expect(
      call(
        "requestAuthorization",
        .object([
          ("toRead", .list(read.map { .string($0) })),
          ("toWrite", .list(write.map { .string($0) })),
        ]))
        == .success(.bool(true)))
  }

  func saveSteps(_ value: Double, start: Int, end: Int, device: ChannelValue = .null)
    -> Envelope?
  {
    let revision: ChannelValue = .object([
      ("source", .object([("name", .string("x")), ("bundleIdentifier", .string("x"))])),
      ("systemVersion", .string("17.5.0")),
      (
        "operatingSystem",
        .object([("majorVersion", .int(17)), ("minorVersion", .int(5)), ("patchVersion", .int(0))])
      ),
    ])
    return call(
      "save",
      .object([
        (
          "quantity",
          .object([
            ("uuid", .string("ignored")), ("identifier", .string(Self.steps)),
            ("startTimestamp", .int(start)), ("endTimestamp", .int(end)), ("device", device),
            ("sourceRevision", revision),
            ("harmonized", .object([("value", .float64(value)), ("unit", .string("count"))])),
          ])
        )
      ]))
  }

  func addWatchSteps(_ value: Double, start: Int, end: Int, bundleId: String = "com.apple.health.W")
  {
    control(
      "addSamples",
      .object([
        (
          "records",
          .list([
            .object([
              ("type", .string("steps")), ("start", .int(start)), ("end", .int(end)),
              ("value", .float64(value)), ("unit", .string("count")),
            ])
          ])
        ),
        ("source", .object([("bundleId", .string(bundleId)), ("name", .string("Watch"))])),
      ]))
  }

  func stepsQuery() -> [[String: Any]] {
    (json(
      "quantityQuery",
      .object([("identifier", .string(Self.steps)), ("unit", .string("count"))] + dayPairs))
      as? [[String: Any]]) ?? []
  }

  var dayPairs: [(String, ChannelValue)] {
    [("startTimestamp", .int(Self.t0)), ("endTimestamp", .int(Self.t0 + 24 * Self.hour))]
  }
}

@Suite struct HealthKitReporterJSONTests {
  @Test func prettyPrintedAsJSONEncoderWritesIt() {
    let value = ReporterJSON.fields([
      ("a", .double(1_704_067_200)), ("b", .array([])), ("c", nil), ("d", .string("a/b\"\n")),
      ("e", .object([("f", .double(0.5)), ("g", .int(3))])), ("h", .array([.bool(true)])),
    ])
    #expect(
      value.text
        == "{\n  \"a\" : 1704067200,\n  \"b\" : [\n\n  ],\n  \"d\" : \"a\\/b\\\"\\n\",\n"
        + "  \"e\" : {\n    \"f\" : 0.5,\n    \"g\" : 3\n  },\n  \"h\" : [\n    true\n  ]\n}")
  }

  @Test func nonConformingDoublesAndExponents() {
    #expect(ReporterJSON.number(.nan) == "\"-500.0\"")
    #expect(ReporterJSON.number(.infinity) == "\"inf\"")
    #expect(ReporterJSON.number(1e20) == "1e+20")
    #expect(ReporterJSON.number(-2.5) == "-2.5")
  }

  @Test func metadataAsTheEnumCodableWritesIt() {
    let strings = ReporterModels.metadata([MetadataEntry("k", .string("v"))])
    #expect(
      strings?.text
        == "{\n  \"string\" : {\n    \"dictionary\" : {\n      \"k\" : \"v\"\n    }\n  }\n}")
    let numbers = ReporterModels.metadata([MetadataEntry("HKWasUserEntered", .int(1))])
    #expect(numbers?.text.contains("\"double\" : {") == true)
    #expect(
      ReporterModels.metadata([MetadataEntry("a", .int(1)), MetadataEntry("b", .string("x"))])
        == nil)
    #expect(ReporterModels.metadata([]) == nil)
  }
}

@Suite struct HealthKitReporterMethodTests {
  @Test func isAvailableIsAPlainBool() {
    #expect(ReporterHost().bytes("isAvailable") == [0x00, 0x01])
  }

  @Test func unknownMethodIsAnErrorEnvelopeNotNotImplemented() {
    let error = ReporterHost().error("noSuchMethod")
    #expect(error?.code == ReporterError.className)
    #expect(error?.message == "Please check the method")
    #expect(error?.details == .string("Provided method: noSuchMethod"))
  }

  @Test func argumentErrors() {
    let host = ReporterHost()
    #expect(host.error("quantityQuery")?.message == "Error call arguments.")
    let parsing = host.error("quantityQuery", .object([("identifier", .string("x"))]))
    #expect(parsing?.message == "Error in parsing arguments.")
    #expect(parsing?.details == .string("Arguments: [\"identifier\": \"x\"]."))
    let identifier = host.error(
      "sampleQuery", .object([("identifier", .string("HKNope"))] + host.dayPairs))
    #expect(identifier?.message == "Error in parsing identifier: HKNope")
    #expect(identifier?.details == .string("Invalid identifier for any existing ObjectType"))
    #expect(
      host.error("requestAuthorization", .object([("toRead", .string("x"))]))?.details
        == .string("No arguments"))
  }

  @Test func readBeforeAuthorizationIsHealthKitsError() {
    let host = ReporterHost()
    let error = host.error(
      "quantityQuery",
      .object(
        [("identifier", .string(ReporterHost.steps)), ("unit", .string("count"))] + host.dayPairs))
    #expect(error?.code == "QuantityQuery")
    #expect(error?.details == .string(ReporterHKError.debugDescription(.notDetermined)))
  }

  @Test func saveThenQueryInSecondsWithUpperCaseUUIDs() {
    let host = ReporterHost()
    host.authorize()
    let start = ReporterHost.t0 + 10 * ReporterHost.hour
    #expect(
      host.saveSteps(300, start: start, end: start + ReporterHost.hour) == .success(.bool(true)))
    let read = host.stepsQuery()
    #expect(read.count == 1)
    #expect(read.first?["startTimestamp"] as? Double == Double(start) / 1000)
    #expect(read.first?["uuid"] as? String == "00000000-0000-4000-8000-000000000001")
    let harmonized = read.first?["harmonized"] as? [String: Any]
    #expect(harmonized?["value"] as? Double == 300)
    let revision = read.first?["sourceRevision"] as? [String: Any]
    #expect(
      (revision?["source"] as? [String: Any])?["bundleIdentifier"] as? String == "com.example.app")
  }

  @Test func aSamplesDeviceRoundTrips() {
    let host = ReporterHost()
    host.authorize()
    let device: ChannelValue = .object([
      ("name", .string("Watch")), ("manufacturer", .string("Apple Inc.")), ("model", .null),
      ("softwareVersion", .string("10.1")),
    ])
    let start = ReporterHost.t0 + ReporterHost.hour
    #expect(host.saveSteps(5, start: start, end: start, device: device) == .success(.bool(true)))
    #expect(
      host.saveSteps(6, start: start + 1000, end: start + 1000) == .success(.bool(true)))
    let read = host.stepsQuery()
    let devices = read.map { $0["device"] as? [String: String] }
    // Newest first: the sample without a device encodes the empty object.
    #expect(
      devices == [
        [:], ["name": "Watch", "manufacturer": "Apple Inc.", "softwareVersion": "10.1"],
      ])
  }

  @Test func saveWithoutShareAuthorizationIsHealthKitsError() {
    let host = ReporterHost()
    host.authorize(write: [])
    guard case .error(let error)? = host.saveSteps(1, start: ReporterHost.t0, end: ReporterHost.t0)
    else {
      Issue.record("no error")
      return
    }
    #expect(error.code == "Save")
    #expect(error.details == .string(ReporterHKError.debugDescription(.notDetermined)))
    #expect(host.store.storedSampleCount == 0)
  }

  @Test func statisticsMergeTwoSources() {
    let host = ReporterHost()
    host.authorize()
    let ten = ReporterHost.t0 + 10 * ReporterHost.hour
    _ = host.saveSteps(300, start: ten, end: ten + ReporterHost.hour)
    host.addWatchSteps(600, start: ten - ReporterHost.hour / 2, end: ten + ReporterHost.hour / 2)
    let statistics =
      host.json(
        "statisticsQuery",
        .object(
          [("identifier", .string(ReporterHost.steps)), ("unit", .string("count"))] + host.dayPairs)
      )
      as? [String: Any]
    #expect((statistics?["harmonized"] as? [String: Any])?["summary"] as? Double == 750)
    #expect((statistics?["sources"] as? [Any])?.isEmpty == true)
  }

  @Test func statisticsWithoutDataIsNoDataError() {
    let host = ReporterHost()
    host.authorize()
    let error = host.error(
      "statisticsQuery",
      .object(
        [("identifier", .string(ReporterHost.steps)), ("unit", .string("count"))] + host.dayPairs))
    #expect(error?.code == "StatisticsQuery")
    #expect(error?.details == .string(ReporterHKError.debugDescription(.noData)))
  }

  @Test func deniedReadLooksLikeNoData() {
    let host = ReporterHost()
    host.control(
      "setPromptPolicy", .object([("read", .string("deny"))]))
    host.authorize()
    host.addWatchSteps(600, start: ReporterHost.t0, end: ReporterHost.t0 + ReporterHost.hour)
    #expect(host.stepsQuery().isEmpty)
    _ = host.saveSteps(
      5, start: ReporterHost.t0 + 2 * ReporterHost.hour,
      end: ReporterHost.t0 + 3 * ReporterHost.hour)
    #expect(host.stepsQuery().count == 1)
  }

  @Test func deleteObjectsDeletesOnlyTheAppsOwnAndCountsAsSwiftInt() {
    let host = ReporterHost()
    host.authorize()
    _ = host.saveSteps(5, start: ReporterHost.t0, end: ReporterHost.t0 + 1000)
    host.addWatchSteps(600, start: ReporterHost.t0, end: ReporterHost.t0 + ReporterHost.hour)
    let bytes = host.bytes(
      "deleteObjects", .object([("identifier", .string(ReporterHost.steps))] + host.dayPairs))
    // {"status": true, "count": int64 1}
    #expect(
      bytes == [
        0x00, 0x0d, 0x02, 0x07, 0x06, 0x73, 0x74, 0x61, 0x74, 0x75, 0x73, 0x01, 0x07, 0x05, 0x63,
        0x6f, 0x75, 0x6e, 0x74, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
      ])
    #expect(host.stepsQuery().count == 1)
  }

  @Test func incompatibleUnitIsRefusedNotCrashed() {
    let host = ReporterHost()
    host.authorize()
    let error = host.error(
      "quantityQuery",
      .object(
        [("identifier", .string(ReporterHost.steps)), ("unit", .string("kg"))] + host.dayPairs))
    #expect(error?.message == "Error in platform method.")
  }

  @Test func characteristicsLeaveOutWhatWasNeverRequested() {
    let host = ReporterHost()
    host.authorize(read: ["HKCharacteristicTypeIdentifierBloodType"], write: [])
    host.control(
      "setCharacteristic",
      .object([
        ("identifier", .string("HKCharacteristicTypeIdentifierBloodType")), ("value", .int(5)),
      ]))
    #expect(
      host.call("characteristicsQuery") == .success(.string("{\n  \"bloodType\" : \"AB+\"\n}")))
  }
}

@Suite struct HealthKitReporterEventTests {
  static let observer = ReporterEventChannels.observer

  @Test func observerFiresForTheAppAndAnotherAppAndNotAfterCancel() {
    let host = ReporterHost()
    host.authorize()
    let listen = host.call(
      "listen", .object([("identifiers", .list([.string(ReporterHost.steps)]))]),
      channel: Self.observer)
    #expect(listen == .success(.null))
    let fired: ChannelValue = .object([("identifier", .string(ReporterHost.steps))])
    #expect(host.events().map(\.value) == [fired])
    _ = host.saveSteps(1, start: ReporterHost.t0, end: ReporterHost.t0 + 1000)
    #expect(host.events().map(\.value) == [fired])
    host.addWatchSteps(2, start: ReporterHost.t0, end: ReporterHost.t0 + 1000)
    #expect(host.events().map(\.channel) == [Self.observer])
    #expect(host.call("cancel", .null, channel: Self.observer) == .success(.null))
    host.addWatchSteps(3, start: ReporterHost.t0, end: ReporterHost.t0 + 1000)
    #expect(host.events().isEmpty)
  }

  @Test func observerIgnoresAnotherAppWhenReadIsDenied() {
    let host = ReporterHost()
    host.control("setPromptPolicy", .object([("read", .string("deny"))]))
    host.authorize()
    _ = host.call(
      "listen", .object([("identifiers", .list([.string(ReporterHost.steps)]))]),
      channel: Self.observer)
    _ = host.events()
    host.addWatchSteps(2, start: ReporterHost.t0, end: ReporterHost.t0 + 1000)
    #expect(host.events().isEmpty)
    _ = host.saveSteps(1, start: ReporterHost.t0, end: ReporterHost.t0 + 1000)
    #expect(host.events().count == 1)
  }

  @Test func anchoredBatchesCarryNewSamplesAndDeletions() {
    let host = ReporterHost()
    host.authorize()
    _ = host.saveSteps(1, start: ReporterHost.t0, end: ReporterHost.t0 + 1000)
    _ = host.call(
      "listen", .object([("identifiers", .list([.string(ReporterHost.steps)]))] + host.dayPairs),
      channel: ReporterEventChannels.anchoredObject)
    let initial = host.events()
    #expect(initial.count == 1)
    #expect(initial.first?.value["samples"]?.listValue?.count == 1)
    host.addWatchSteps(2, start: ReporterHost.t0, end: ReporterHost.t0 + 1000)
    #expect(host.events().first?.value["samples"]?.listValue?.count == 1)
    _ = host.call(
      "deleteObjects", .object([("identifier", .string(ReporterHost.steps))] + host.dayPairs))
    let deleted = host.events().first?.value["deletedObjects"]?.listValue
    #expect(deleted == [.string("{\n  \"uuid\" : \"00000000-0000-4000-8000-000000000001\"\n}")])
  }

  @Test func statisticsCollectionSendsEveryIntervalAgainOnUpdate() {
    let host = ReporterHost()
    host.authorize()
    let components: ChannelValue = .object([("day", .null), ("hour", .int(12))])
    _ = host.call(
      "listen",
      .object(
        [
          (
            "preferredUnits",
            .list([
              .object([("identifier", .string(ReporterHost.steps)), ("unit", .string("count"))])
            ])
          ),
          ("anchorTimestamp", .int(ReporterHost.t0)), ("enumerateFrom", .int(ReporterHost.t0)),
          ("enumerateTo", .int(ReporterHost.t0 + 24 * ReporterHost.hour)),
          ("intervalComponents", components),
        ] + host.dayPairs),
      channel: ReporterEventChannels.statisticsCollection)
    #expect(host.events().count == 2)
    host.addWatchSteps(40, start: ReporterHost.t0, end: ReporterHost.t0 + 1000)
    let update = host.events()
    #expect(update.count == 2)
    #expect(update.first?.value.stringValue?.contains("\"summary\" : 40") == true)
  }

  @Test func listenWithoutAMapIsTheHandlersError() {
    let error = ReporterHost().error("listen", .string("x"), channel: Self.observer)
    #expect(error?.code == "<health_kit_reporter.ObserverQueryStreamHandler: 0x600000c08000>")
    #expect(error?.message == "Error call arguments.")
  }
}

@Suite struct HealthKitReporterAvailabilityTests {
  @Test func anIPadBeforeIPadOS17FailsHealthKitCallsWithCode1() {
    let host = ReporterHost()
    host.control(
      "configure", .object([("device", .string("iPad")), ("osVersion", .string("16.4"))]))
    #expect(host.bytes("isAvailable") == [0x00, 0x02])
    let error = host.error(
      "quantityQuery",
      .object(
        [("identifier", .string(ReporterHost.steps)), ("unit", .string("count"))]
          + host.dayPairs))
    #expect(error?.code == "QuantityQuery")
    #expect(error?.details == .string(ReporterHKError.debugDescription(.unavailable)))
    #expect(
      host.error(
        "requestAuthorization",
        .object([("toRead", .list([.string(ReporterHost.steps)])), ("toWrite", .list([]))]))?
        .code == "RequestAuthorization")
    #expect(host.call("characteristicsQuery") == .success(.string("{\n\n}")))
  }
}

@Suite struct HealthKitReporterIntervalTests {
  static func ms(_ year: Int, _ month: Int, _ day: Int, seconds: Int = 0) -> Int {
    CivilDate.daysFromEpoch(year, month, day) * 86_400_000 + seconds * 1000
  }

  @Test func monthsKeepTheAnchorsDayAndTimeClampedToTheMonth() throws {
    let month = try #require(ReporterInterval(CastArguments(.object([("month", .int(1))]))))
    let anchor = Self.ms(2024, 1, 31, seconds: 45_030)
    #expect(month.boundary(anchor: anchor, step: 1) == Self.ms(2024, 2, 29, seconds: 45_030))
    #expect(month.boundary(anchor: anchor, step: 2) == Self.ms(2024, 3, 31, seconds: 45_030))
    #expect(month.boundary(anchor: anchor, step: -2) == Self.ms(2023, 11, 30, seconds: 45_030))
    #expect(month.step(holding: Self.ms(2024, 3, 1), anchor: anchor) == 1)
  }

  @Test func thePackagesExampleQueryEnumeratesTenMonths() {
    let host = ReporterHost()
    host.authorize()
    let anchor = Self.ms(2020, 2, 1, seconds: 45_030)
    _ = host.call(
      "listen",
      .object([
        (
          "preferredUnits",
          .list([
            .object([("identifier", .string(ReporterHost.steps)), ("unit", .string("count"))])
          ])
        ),
        ("anchorTimestamp", .int(anchor)),
        ("enumerateFrom", .int(Self.ms(2020, 3, 1, seconds: 45_030))),
        ("enumerateTo", .int(Self.ms(2020, 12, 31, seconds: 45_030))),
        ("intervalComponents", .object([("year", .null), ("month", .int(1))])),
        ("startTimestamp", .int(Self.ms(2020, 1, 1))), ("endTimestamp", .int(Self.ms(2021, 1, 1))),
      ]), channel: ReporterEventChannels.statisticsCollection)
    let events = host.events()
    #expect(events.count == 10)
    #expect(events.first?.value.stringValue?.contains("\"startTimestamp\" : 1583065830") == true)
  }

  @Test func noIntervalStartsNoQuery() {
    #expect(ReporterInterval(CastArguments(.object([("day", .null)]))) == nil)
    #expect(ReporterInterval(CastArguments(.object([("day", .int(-1))]))) == nil)
  }
}
