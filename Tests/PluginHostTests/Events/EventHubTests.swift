import FlutterCodec
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles
@testable import ProfileHealthkitPermissions

/// Flutter's EventChannel protocol as the dispatcher serves it (protocol/events.md): listen and
/// cancel replies, events after the call, one stream per channel, the end of a stream, reset.
@Suite struct EventHubTests {
  struct Refused: Error {}

  /// A stream that counts the store changes it was told of, and can end itself.
  final class CountingStream: EventStream {
    var changes = 0
    var cancelled = false
    func storeDidChange(_ change: StoreChange, sink: EventSink) {
      changes += 1
      sink.success(.int32(Int32(change.entries.count)))
      if change.entries.contains(where: \.deleted) { sink.endOfStream() }
    }
    func cancel(arguments: ChannelValue) throws {
      cancelled = true
      if arguments == .string("refuse") { throw Refused() }
    }
  }

  /// `test/events`: listen `"initial"` emits two events then returns; `"refuse"` emits one and
  /// throws; anything else returns a counting stream.
  static func profile(streams: @escaping @Sendable (CountingStream) -> Void = { _ in })
    -> PluginProfile
  {
    PluginProfile(
      name: "test", channels: [],
      eventChannels: [
        ProfileEventChannel(
          name: "test/events",
          errors: { _ in FlutterError(code: "TEST_ERROR", message: "refused") }
        ) { listen in
          switch listen.arguments {
          case "initial":
            listen.sink.success("first")
            listen.sink.error(FlutterError(code: "E", message: "m", details: 1))
            return FixedEventStream()
          case "refuse":
            listen.sink.success("dropped")
            throw Refused()
          default:
            let stream = CountingStream()
            streams(stream)
            return stream
          }
        }
      ])
  }

  let codec = StandardMethodCodec()

  func dispatcher() -> Dispatcher {
    let dispatcher = Dispatcher(
      configuration: .init(),
      profiles: [
        Self.profile(),
        HealthkitPermissionsProfile.make(pluginChannels: ["healthkit_permissions"]),
      ])
    dispatcher.warningHandler = { _ in }
    return dispatcher
  }

  func call(_ d: Dispatcher, _ channel: String, _ method: String, _ args: ChannelValue = nil)
    -> [UInt8]?
  {
    d.handleMessage(channel: channel, payload: codec.encodeMethodCall(MethodCall(method, args)))
  }

  /// Control addSamples of one step sample by another app.
  func addSteps(_ d: Dispatcher) {
    _ = call(
      d, "hkbridge/control", "addSamples",
      [
        "source": ["bundleId": "com.other.app"],
        "records": [
          [
            "type": "steps", "start": .int64(1_704_067_200_000), "end": .int64(1_704_067_260_000),
            "value": 5, "unit": "count",
          ]
        ],
      ])
  }

  /// The outbox a transport keeps (``Dispatcher/hostMessageOutbox``) is the dispatcher's for
  /// its whole life: empty before a stream, not once a listen queued its events, empty again
  /// once they are taken.
  @Test func theOutboxATransportKeepsSeesTheEvents() throws {
    let d = dispatcher()
    let outbox = try #require(d.hostMessageOutbox)
    #expect(outbox.isEmpty && !d.hasHostMessages)
    #expect(call(d, "test/events", "listen", "initial") == hex("00 00"))
    #expect(!outbox.isEmpty && d.hasHostMessages)
    #expect(d.takeHostMessages().count == 2)
    #expect(outbox.isEmpty && !d.hasHostMessages)
    #expect(outbox === d.hostMessageOutbox)
  }

  @Test func listenRepliesNullAndItsEventsWaitForTheServer() {
    let d = dispatcher()
    #expect(call(d, "test/events", "listen", "initial") == hex("00 00"))
    let messages = d.takeHostMessages()
    // success "first"; error E, "m", int32 1
    #expect(
      messages == [
        HostMessage(channel: "test/events", payload: hex("00 07 05 6669727374")),
        HostMessage(channel: "test/events", payload: hex("01 07 01 45 07 01 6d 03 01000000")),
      ])
    #expect(d.takeHostMessages().isEmpty)
  }

  @Test func aRefusedListenRepliesTheErrorAndDropsItsEvents() {
    let d = dispatcher()
    // TEST_ERROR, "refused", null
    #expect(
      call(d, "test/events", "listen", "refuse")
        == hex("01 070a 544553545f4552524f52 0707 72656675736564 00"))
    #expect(d.takeHostMessages().isEmpty)
    #expect(d.listeningChannels.isEmpty)
  }

  @Test func aCancelAfterARefusedListenSucceedsOnceAsFluttersEngineKeepsTheSink() {
    let d = dispatcher()
    _ = call(d, "test/events", "listen", "refuse")
    #expect(call(d, "test/events", "cancel") == hex("00 00"))
    // "error", "No active stream to cancel", null: the sink is gone now.
    #expect(
      call(d, "test/events", "cancel")
        == hex("01 0705 6572726f72 071a 4e6f206163746976652073747265616d20746f2063616e63656c 00"))
  }

  @Test func cancelWithoutAStreamIsFluttersError() {
    let d = dispatcher()
    // "error", "No active stream to cancel", null
    #expect(
      call(d, "test/events", "cancel")
        == hex("01 0705 6572726f72 071a 4e6f206163746976652073747265616d20746f2063616e63656c 00"))
  }

  @Test func otherMethodsGetANullReplyAndMalformedBytesMalformedMessage() throws {
    let d = dispatcher()
    #expect(call(d, "test/events", "pause") == nil)
    let reply = try codec.decodeEnvelope(
      try #require(d.handleMessage(channel: "test/events", payload: hex("ff"))))
    guard case .error(let error) = reply else {
      Issue.record("expected an error, got \(reply)")
      return
    }
    #expect(error.code == "MALFORMED_MESSAGE")
    let null = try codec.decodeEnvelope(
      try #require(d.handleMessage(channel: "test/events", payload: nil)))
    guard case .error(let nullError) = null else {
      Issue.record("expected an error, got \(null)")
      return
    }
    #expect(nullError.code == "MALFORMED_MESSAGE")
  }

  @Test func aStoreChangeReachesTheStreamOncePerCallAfterIt() {
    let d = dispatcher()
    #expect(call(d, "test/events", "listen") == hex("00 00"))
    addSteps(d)
    #expect(
      d.takeHostMessages() == [HostMessage(channel: "test/events", payload: hex("00 03 01000000"))])
    // A call that changes nothing tells no stream.
    _ = call(d, "hkbridge/control", "snapshot")
    #expect(d.takeHostMessages().isEmpty)
  }

  @Test func theEndOfAStreamIsANullMessageAndNothingFollows() {
    let d = dispatcher()
    _ = call(d, "test/events", "listen")
    addSteps(d)
    _ = d.takeHostMessages()
    _ = call(d, "hkbridge/control", "deleteSamples", ["source": "com.other.app"])
    #expect(
      d.takeHostMessages() == [
        HostMessage(channel: "test/events", payload: hex("00 03 01000000")),
        HostMessage(channel: "test/events", payload: nil),
      ])
    addSteps(d)
    #expect(d.takeHostMessages().isEmpty)
    // The ended stream is still there to cancel.
    #expect(call(d, "test/events", "cancel") == hex("00 00"))
  }

  @Test func aSecondListenReplacesTheStreamAndCancelErrorsAreReplied() {
    let d = dispatcher()
    _ = call(d, "test/events", "listen")
    _ = call(d, "test/events", "listen")
    #expect(d.listeningChannels == ["test/events"])
    addSteps(d)
    #expect(d.takeHostMessages().count == 1)
    // TEST_ERROR from the stream's cancel; the stream is stopped anyway.
    #expect(call(d, "test/events", "cancel", "refuse")?.first == 0x01)
    #expect(d.listeningChannels.isEmpty)
    addSteps(d)
    #expect(d.takeHostMessages().isEmpty)
  }

  @Test func resetDropsEveryStreamSilently() {
    let d = dispatcher()
    _ = call(d, "test/events", "listen")
    #expect(call(d, "hkbridge/control", "reset") == hex("00 00"))
    #expect(d.listeningChannels.isEmpty)
    addSteps(d)
    #expect(d.takeHostMessages().isEmpty)
    #expect(call(d, "test/events", "cancel")?.first == 0x01)
  }

  @Test func theJournalIsKeptOnlyWhileAStreamListens() {
    let d = dispatcher()
    addSteps(d)
    #expect(d.store.takeChange(since: 0) == nil)
    _ = call(d, "test/events", "listen")
    _ = call(d, "test/events", "cancel")
    addSteps(d)
    #expect(d.store.takeChange(since: 0) == nil)
  }

  @Test func eventChannelsAreListedAfterMethodChannelsBeforeControl() {
    let d = dispatcher()
    #expect(
      d.channels == [
        "healthkit_permissions", "test/events", "healthkit_permissions/observe",
        "healthkit_permissions/anchored", "healthkit_permissions/statistics", "hkbridge/control",
      ])
    #expect(d.eventChannels.first == "test/events")
  }
}
