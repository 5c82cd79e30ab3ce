import FlutterCodec
import Foundation
import HKBridgeCLI
import Testing

/// `import HealthKit` in the plugin's code and the profiles served beside it share one store
/// (`NativeHostHooks.healthKit`, the default of a native host): what the test plugin saves
/// through `HKHealthStore`, the control channel's snapshot holds; the control channel's reset
/// empties it for the plugin too; `UIDevice.current` names the configured device. The calls go
/// through `--jsonl`, which answers one call at a time (a native call's late result included).
@Suite struct NativeHealthKitTests {
  init() { Composition.install() }
  typealias Host = ProbeHost
  static let configure =
    #"{"channel": "hkbridge/control", "call": {"method": "configure", "args": {"now": 1704067200000}}}"#
  static let saveSteps =
    #"{"channel": "native_probe/healthkit", "call": {"method": "saveSteps", "args": "#
    + #"{"count": 120.5, "startMs": 1704066600000, "endMs": 1704067140000}}}"#
  static let countSteps =
    #"{"channel": "native_probe/healthkit", "call": {"method": "countSteps"}}"#
  static let snapshot = #"{"channel": "hkbridge/control", "call": {"method": "snapshot"}}"#

  /// Each line's decoded reply, in order (HELLO's line left out).
  func serve(_ lines: [String]) throws -> [Envelope] {
    let (out, stderr, status) = try Host.run(
      ["serve", "--jsonl"], input: Array((lines.joined(separator: "\n") + "\n").utf8))
    #expect(status == 0, "stderr: \(stderr)")
    return try String(decoding: out, as: UTF8.self).split(separator: "\n").dropFirst().map {
      line in
      let start = try #require(line.firstRange(of: "\"replyHex\": \"")).upperBound
      let hex = String(line[start...].prefix { $0 != "\"" })
      return try StandardMethodCodec().decodeEnvelope(bytes(hex))
    }
  }

  func samples(_ snapshot: Envelope) -> [ChannelValue] {
    guard case .success(.map(let entries)) = snapshot,
      case .list(let samples)? = entries.first(where: { $0.key == .string("samples") })?.value
    else { return [] }
    return samples
  }

  @Test func aSampleThePluginSavesIsInTheStoreTheProfilesServe() throws {
    let replies = try serve([Self.configure, Self.saveSteps, Self.snapshot, Self.countSteps])
    try #require(replies.count == 4)
    guard case .success(.string(let uuid)) = replies[1] else {
      Issue.record("saveSteps answered \(replies[1])")
      return
    }
    let saved = samples(replies[2])
    #expect(saved.count == 1)
    guard case .map(let fields)? = saved.first else { return }
    // The snapshot spells uuids in lowercase, Foundation's uuidString in uppercase.
    #expect(fields.contains { $0.value == .string(uuid.lowercased()) })
    #expect(replies[3] == .success(.int64(1)))
  }

  /// The events a HealthKit handler of the plugin sends (from a background queue, through the
  /// main queue) belong to the call whose change set it off: in a one-call-at-a-time mode
  /// (`--jsonl`, replay) they follow that call's line, not a later one.
  @Test func anObserversEventFollowsTheCallThatChangedTheStore() throws {
    let listen =
      #"{"channel": "native_probe/healthkit/changes", "call": {"method": "listen"}}"#
    let (out, stderr, status) = try Host.run(
      ["serve", "--jsonl"],
      input: Array(
        ([Self.configure, Self.saveSteps, listen, Self.saveSteps, Self.countSteps]
          .joined(separator: "\n") + "\n").utf8))
    #expect(status == 0, "stderr: \(stderr)")
    let kinds = String(decoding: out, as: UTF8.self).split(separator: "\n").dropFirst().map {
      line in
      line.hasPrefix("{\"channel\": \"native_probe/healthkit/changes\", \"event\"")
        ? "event" : line.contains("\"listen\"") ? "listen" : "call"
    }
    // configure, saveSteps, listen + the observer's first run, saveSteps + its change, count.
    #expect(kinds == ["call", "call", "listen", "event", "call", "event", "call"])
  }

  @Test func theControlChannelsResetEmptiesThePluginsStoreToo() throws {
    let reset = #"{"channel": "hkbridge/control", "call": {"method": "reset"}}"#
    let replies = try serve([
      Self.configure, Self.saveSteps, reset, Self.snapshot, Self.countSteps,
    ])
    try #require(replies.count == 5)
    guard case .success(.string) = replies[1] else {
      Issue.record("saveSteps answered \(replies[1])")
      return
    }
    #expect(samples(replies[3]).isEmpty)
    // After the reset the app has asked for nothing: HealthKit's read is not determined.
    guard case .error(let error) = replies[4] else {
      Issue.record("countSteps after reset answered \(replies[4]), not QUERY")
      return
    }
    #expect(error.code == "QUERY")
    #expect(error.message == "Authorization not determined")
  }

  @Test func uiDeviceNamesTheConfiguredDevice() throws {
    let version = #"{"channel": "native_probe/healthkit", "call": {"method": "systemVersion"}}"#
    let replies = try serve([
      version,
      #"{"channel": "hkbridge/control", "call": {"method": "configure", "args": "#
        + #"{"device": "iPad", "osVersion": "17.1"}}}"#,
      version,
    ])
    try #require(replies.count == 3)
    #expect(replies[0] == .success(.string("17.5")))
    #expect(replies[2] == .success(.string("17.1")))
  }
}
