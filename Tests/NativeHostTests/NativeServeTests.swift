import FlutterCodec
import Foundation
import HKBridgeCLI
import Harness
import Testing

/// The test plugin's Swift code through its native host, frames in and out: replies as iOS
/// encodes what the code passes, errors, not-implemented, replies out of request order, events
/// in the order the code sends them, `invokeMethod` to Dart, a Pigeon-style codec, a task queue,
/// a result that never comes.
@Suite struct NativeServeTests {
  init() { Composition.install() }
  typealias Host = ProbeHost

  @Test func helloListsTheNativeChannelsFirstThenTheProfilesAndControl() throws {
    let run = try Host.serve([])
    let hello = try StandardMessageCodec().decode(try #require(run.hello.payload))
    guard case .map(let entries) = hello,
      case .list(let channels)? = entries.first(where: { $0.key == .string("channels") })?.value
    else {
      Issue.record("HELLO is not a map with channels: \(hello)")
      return
    }
    #expect(
      channels.map { $0.stringValue ?? "" } == [
        "native_probe", "native_probe/events", "native_probe/queued",
        "dev.flutter.pigeon.native_probe.ProbeApi.move", "native_probe/healthkit",
        "native_probe/healthkit/changes", "healthkit_permissions",
        "healthkit_permissions/observe", "healthkit_permissions/anchored",
        "healthkit_permissions/statistics", "hkbridge/control",
      ])
    #expect(run.status == 0)
  }

  @Test func helloListsTheNativeEventChannelsFirstThenTheProfiles() throws {
    let run = try Host.serve([])
    let hello = try StandardMessageCodec().decode(try #require(run.hello.payload))
    guard case .map(let entries) = hello,
      case .list(let events)? = entries.first(where: { $0.key == .string("eventChannels") })?
        .value
    else {
      Issue.record("HELLO has no eventChannels: \(hello)")
      return
    }
    #expect(
      events.map { $0.stringValue ?? "" } == [
        "native_probe/events", "native_probe/healthkit/changes",
        "healthkit_permissions/observe", "healthkit_permissions/anchored",
        "healthkit_permissions/statistics",
      ])
  }

  /// A stub answers a native method instead of the plugin's code (whose "fail" would be an
  /// error), and the call log has the stub's code; a latency delays a native method.
  @Test func stubsAndLatenciesApplyToNativeMethods() throws {
    let stub = ChannelValue.object([
      ("method", .string("fail")), ("reply", .object([("ok", .int32(7))])),
    ])
    let latency = ChannelValue.object([("method", .string("onMain")), ("ms", .int32(300))])
    let started = Date()
    let run = try Host.serve([
      Host.call(1, "stub", stub, on: "hkbridge/control"),
      Host.call(2, "setLatency", latency, on: "hkbridge/control"),
      Host.call(3, "fail"), Host.call(4, "onMain"),
      Host.call(5, "calls", on: "hkbridge/control"),
    ])
    #expect(Date().timeIntervalSince(started) >= 0.3)
    #expect(run.frames.map(\.id) == [1, 2, 3, 4, 5])
    // 7 as the stub's value: int32.
    #expect(run.frames[2].hex == "000307000000")
    #expect(run.frames[3].hex == "0001")
    let calls = try StandardMethodCodec().decodeEnvelope(try #require(run.frames.last?.payload))
    #expect(
      calls
        == .success(
          .list([
            .object([("method", .string("fail")), ("args", .null), ("code", .null)]),
            .object([("method", .string("onMain")), ("args", .null), ("code", .null)]),
          ])))
  }

  @Test func aLaterResultLeavesAfterTheRepliesThatCameFirst() throws {
    let run = try Host.serve([
      Host.call(1, "later", .object([("ms", .int32(150))])), Host.call(2, "onMain"),
      Host.call(3, "isAvailable", on: "healthkit_permissions"),
    ])
    #expect(run.frames.map(\.id) == [2, 3, 1])
    #expect(run.frames.allSatisfy { $0.kind == .reply })
    // true; true; the Swift Int 150 as iOS writes an Int: int64.
    #expect(run.frames.map(\.hex) == ["0001", "0001", "0004" + "9600000000000000"])
    #expect(run.status == 0)
  }

  @Test func errorsNotImplementedAndASecondResult() throws {
    let run = try Host.serve([
      Host.call(1, "fail"), Host.call(2, "noSuchMethod"), Host.call(3, "twice"),
    ])
    #expect(run.frames.map(\.id) == [1, 2, 3])
    #expect(
      run.frames[0].payload
        == bytes(
          "01" + "070c" + "50524f42455f4641494c4544" + "070d" + "61736b656420746f206661696c"
            + "0d01" + "07016e" + "040100000000000000"))
    #expect(run.frames[1].payload == nil)
    #expect(run.frames[2].hex == "00040100000000000000")
    #expect(run.stderr.contains("twice on native_probe answered more than once"))
  }

  @Test func eventsLeaveWhereTheCodeSendsThemBeforeTheReplyThatFollows() throws {
    let events = "native_probe/events"
    let run = try Host.serve([
      Host.call(1, "listen", on: events),
      Host.call(
        2, "emit", .list([.string("a"), .object([("error", .string("E"))]), .string("end")])),
    ])
    let seen = run.frames.map { "\($0.kind.name) \($0.id) \($0.hex ?? "null")" }
    #expect(
      seen == [
        // Sent inside onListen: before listen's reply.
        "HOST_MESSAGE 1 00" + "0709" + "6c697374656e696e67", "REPLY 1 0000",
        "HOST_MESSAGE 2 00070161",
        "HOST_MESSAGE 3 01070145070e" + "616e206572726f72206576656e74" + "00",
        "HOST_MESSAGE 4 null", "REPLY 2 0000",
      ])
  }

  @Test func aRefusedListenIsAnErrorReply() throws {
    let run = try Host.serve([Host.call(1, "listen", .string("refuse"), on: "native_probe/events")])
    #expect(
      run.frames.map(\.hex) == [
        "01" + "070d" + "50524f42455f52454655534544" + "0707" + "6e6f74206e6f77" + "00"
      ])
  }

  @Test func handlersRunOnTheMainQueueOrOnTheirTaskQueue() throws {
    let run = try Host.serve([
      Host.call(1, "onMain"), Host.call(2, "where", on: "native_probe/queued"),
    ])
    #expect(run.frames.first?.hex == "0001")
    let queued = try StandardMethodCodec().decodeEnvelope(try #require(run.frames.last?.payload))
    #expect(
      queued
        == .success(.object([("onMain", .bool(false)), ("method", .string("where"))]))
        || queued == .success(.object([("method", .string("where")), ("onMain", .bool(false))])))
  }

  @Test func aPigeonCodecsOwnTypeGoesBothWays() throws {
    let channel = "dev.flutter.pigeon.native_probe.ProbeApi.move"
    let run = try Host.serve([
      // [Point(1, 2)]: type 128, then the point as a list.
      Frame(
        kind: .message, id: 1, channel: channel,
        payload: bytes("0c01800c02" + "0301000000" + "0302000000")),
      // [Point(-1, 0)]: refused with Pigeon's error list.
      Frame(
        kind: .message, id: 2, channel: channel,
        payload: bytes("0c01800c02" + "03ffffffff" + "0300000000")),
    ])
    #expect(
      run.frames.map(\.hex) == [
        "0c01800c02" + "040200000000000000" + "040300000000000000",
        "0c03" + "07084e45474154495645" + "070d" + "78206973206e65676174697665" + "00",
      ])
  }

  @Test func invokeMethodReachesDartAndItsReplyComesBack() throws {
    let fromSwift = "0709" + "66726f6d5377696674" + "070178"
    for (reply, answer) in [
      ("0007026869", "000d01" + "07026f6b" + "07026869"),
      ("010701580000", "000d01" + "07056572726f72" + "070158"),
      (nil, "00070e" + "6e6f74496d706c656d656e746564"),
    ] as [(String?, String)] {
      let run = try Host.serve([
        Host.call(1, "askDart", .string("x")),
        Frame(
          kind: .hostReply, id: 1, channel: Host.channel,
          payload: reply.map(bytes)),
      ])
      #expect(run.frames.map(\.kind) == [.hostMessage, .reply])
      #expect(run.frames.first?.hex == fromSwift)
      #expect(run.frames.last?.hex == answer)
    }
  }

  @Test func aResultThatNeverComesIsNamedAfterTheTimeoutAndHoldsNothingUp() throws {
    let run = try Host.serve(
      [
        Host.call(7, "never"), Host.call(8, "onMain"),
        Host.call(9, "calls", on: "hkbridge/control"),
      ], ["--reply-timeout", "0.2"])
    #expect(run.frames.map(\.id) == [8, 9])
    #expect(
      run.stderr.contains("no reply to message 7 on native_probe (method never) after 200 ms"))
    let calls = try StandardMethodCodec().decodeEnvelope(try #require(run.frames.last?.payload))
    #expect(
      calls
        == .success(
          .list([
            .object([("method", .string("never")), ("args", .null), ("code", .string("pending"))]),
            .object([("method", .string("onMain")), ("args", .null), ("code", .null)]),
          ])))
    #expect(run.status == 0)
  }

  @Test func resetResetsTheStoreNotThePlugin() throws {
    let run = try Host.serve([
      Host.call(1, "listen", on: "native_probe/events"),
      Host.call(2, "reset", on: "hkbridge/control"),
      Host.call(3, "emit", .list([.string("still")])),
    ])
    #expect(
      run.frames.map { "\($0.kind.name) \($0.id)" } == [
        "HOST_MESSAGE 1", "REPLY 1", "REPLY 2", "HOST_MESSAGE 2", "REPLY 3",
      ])
  }

  @Test func mapRepliesHaveTheSameOrderEveryRun() throws {
    // A Swift dictionary of 8 keys: with a per-process hash seed, two runs would seldom agree.
    let frames = [Host.call(1, "map")]
    let first = try Host.serve(frames).frames.map(\.hex)
    let second = try Host.serve(frames).frames.map(\.hex)
    #expect(first == second)
    #expect(first.count == 1)
  }
}
