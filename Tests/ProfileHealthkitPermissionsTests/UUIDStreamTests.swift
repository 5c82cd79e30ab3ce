import ChannelTestSupport
import FlutterCodec
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles

/// uuids reveal nothing another source did (protocol/records.md, privacy rule; protocol/state.md):
/// the app's writes draw from the app's stream, every other source from its own.
@Suite struct UUIDStreamTests {
  /// The reply bytes of the app's steps write, after `foreign` samples from other sources.
  static func appWrite(after foreign: [String], read: ReadDecision) -> [UInt8]? {
    let h = Harness()
    for bundleId in foreign {
      h.setUp(
        "addSamples",
        [
          "records": [record("steps", [("value", 5), ("unit", "count")])],
          "source": ["bundleId": .string(bundleId)],
        ])
    }
    h.allow(["steps"], read: read)
    return h.dispatcher.handleMessage(
      channel: Dispatcher.defaultPluginChannel,
      payload: StandardMethodCodec().encodeMethodCall(
        MethodCall("writeRecord", record("steps", [("value", 7), ("unit", "count")]))))
  }

  /// "Read denied" after another app's hidden sample answers byte for byte as "no data".
  @Test func anotherSourcesSamplesDoNotMoveTheAppsUUIDs() {
    let nothing = Self.appWrite(after: [], read: .denied)
    #expect(Self.appWrite(after: ["other.app"], read: .denied) == nothing)
    #expect(Self.appWrite(after: ["other.app", "com.apple.Health"], read: .granted) == nothing)
    let h = Harness()
    h.allow(["steps"])
    #expect(
      h.ok("writeRecord", record("steps", [("value", 7), ("unit", "count")]))?["uuid"]
        == .string(uuid(1)))
  }

  /// Each other source has its own stream from 1; uuidSeed and the app's writes move only the
  /// app's; reset starts every stream again.
  @Test func eachSourceHasItsOwnDeterministicStream() {
    let h = Harness()
    h.setUp("configure", ["uuidSeed": 41])
    func add(_ bundleId: String?) -> ChannelValue? {
      var args: [(String, ChannelValue)] = [
        ("records", [record("steps", [("value", 5), ("unit", "count")])])
      ]
      if let bundleId { args.append(("source", ["bundleId": .string(bundleId)])) }
      return h.control("addSamples", .object(args))?.value?["uuids"]
    }
    #expect(add("other.app") == [.string(uuid(1, source: SourcePrefix.otherApp))])
    #expect(add("other.app") == [.string(uuid(2, source: SourcePrefix.otherApp))])
    // No source: com.apple.Health's stream (FNV-1a 64 low 48 bits: 050a74727d70).
    #expect(add(nil) == [.string(uuid(1, source: "050a7472-7d70"))])
    h.allow(["steps"])
    #expect(
      h.ok("writeRecord", record("steps", [("value", 7), ("unit", "count")]))?["uuid"]
        == .string(uuid(42)))
    h.setUp("reset")
    #expect(add("other.app") == [.string(uuid(1, source: SourcePrefix.otherApp))])
  }
}
