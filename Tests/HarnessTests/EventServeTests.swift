import ChannelJSON
import FlutterCodec
import HKBridgeCLI
import Harness
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Events in every mode (protocol/events.md#when-events-are-sent): frames, --jsonl, --record,
/// --playback and replay, with the default profile's observer.
@Suite struct EventServeTests {
  init() { Composition.install() }
  static let observe = "healthkit_permissions/observe"
  static let plugin = "healthkit_permissions"
  /// The observer's event {"type": "steps"} as a success envelope.
  static let stepsEvent = hex("00 0d01 0704 74797065 0705 7374657073")

  static let grant = callPayload("requestPermissions", ["read": ["steps"], "write": ["steps"]])
  static let listen = callPayload("listen", ["types": ["steps"]])
  static let write = callPayload(
    "writeRecord",
    [
      "type": "steps", "start": .int64(1_704_067_200_000), "end": .int64(1_704_067_260_000),
      "value": 5, "unit": "count",
    ])

  func emulator() -> MessageHandling { Emulator.make(warnings: { _ in }) }

  @Test func frameModeWritesHostMessagesRightAfterTheReplyThatCausedThem() throws {
    let server = FrameServer(handler: emulator(), logger: Logger(level: .quiet))
    server.feed(
      messageFrame(1, Self.plugin, Self.grant) + messageFrame(2, Self.observe, Self.listen)
        + messageFrame(3, Self.plugin, Self.write) + messageFrame(4, Self.plugin, Self.write))
    let frames = splitFrames(server.takeOutput())
    let kinds = frames.map { "\($0.kind.name) \($0.id)" }
    #expect(
      kinds == [
        "REPLY 1", "REPLY 2", "HOST_MESSAGE 1", "REPLY 3", "HOST_MESSAGE 2", "REPLY 4",
        "HOST_MESSAGE 3",
      ])
    #expect(frames[2].channel == Self.observe && frames[2].payload == Self.stepsEvent)
    #expect(server.pendingHostMessageCount == 3)
    // Dart's HOST_REPLY to each is taken without an answer.
    server.feed(
      FrameWriter.encode(Frame(kind: .hostReply, id: 2, channel: Self.observe, payload: nil)))
    #expect(server.takeOutput().isEmpty)
    #expect(server.pendingHostMessageCount == 2)
  }

  @Test func aRecordingHoldsEachEventAfterItsExchangeAndReplaysClean() throws {
    let handler = emulator()
    let path = "/tmp/hkbridge-events-record-\(UInt32.random(in: 0...UInt32.max)).jsonl"
    defer { unlink(path) }
    do {
      let server = FrameServer(handler: handler, logger: Logger(level: .quiet))
      server.recorder = try TranscriptRecorder(path: path, methodChannels: handler.methodChannels)
      server.feed(
        messageFrame(1, Self.plugin, Self.grant) + messageFrame(2, Self.observe, Self.listen)
          + messageFrame(3, Self.plugin, Self.write))
      server.flushPendingOutput()
    }
    let transcript = try TranscriptReader.read(path: path)
    let kinds: [String] = transcript.lines.compactMap { line in
      switch line.entry {
      case .exchange(let exchange)?: return exchange.methodLabel
      case .event(let event)?: return "event on \(event.channel)"
      default: return nil
      }
    }
    #expect(
      kinds == [
        "requestPermissions", "listen", "event on \(Self.observe)", "writeRecord",
        "event on \(Self.observe)",
      ])
    #expect(transcript.events.first?.event.eventBytes == RecordedBytes.bytes(Self.stepsEvent))
    let result = Replayer(mode: .bytes) { Emulator.make(warnings: { _ in }) }.replay(transcript)
    #expect(result.failed == 0 && result.passed == 5)
  }

  @Test func helloNamesTheEventChannelsLast() throws {
    let hello = FrameServer.hello(handler: emulator(), emulatorVersion: "1")
    #expect(
      hello["eventChannels"]
        == [
          "healthkit_permissions/observe", "healthkit_permissions/anchored",
          "healthkit_permissions/statistics",
        ])
    // A handler without event channels has no such key (HELLO as before).
    #expect(FrameServer.hello(handler: FakeHandler(), emulatorVersion: "1")["eventChannels"] == nil)
  }

  @Test func jsonlWritesEventLinesAfterTheExchangeLine() {
    let server = JSONLServer(
      handler: emulator(), recorder: nil, maxLine: 1 << 20, logger: Logger(level: .quiet))
    let input = """
      {"call": {"method": "requestPermissions", "args": {"read": ["steps"], "write": ["steps"]}}}
      {"channel": "healthkit_permissions/observe", "call": {"method": "listen", "args": {"types": ["steps"]}}}
      {"channel": "healthkit_permissions/observe", "call": {"method": "cancel", "args": null}}

      """
    server.feed(Array(input.utf8)[...])
    let lines = String(decoding: server.takeOutput(), as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 4)
    guard lines.count == 4 else { return }
    #expect(
      lines[2]
        == #"{"channel": "healthkit_permissions/observe", "event": {"ok": {"type": "steps"}}, "eventHex": "000d0107047479706507057374657073"}"#
    )
    #expect(lines[3].contains(#""call": {"method": "cancel""#))
  }

  @Test func replayReportsMissingExtraAndDifferentEvents() throws {
    let text = """
      {"channel": "healthkit_permissions", "call": {"method": "requestPermissions", "args": {"read": ["steps"], "write": ["steps"]}}, "reply": {"ok": true}}
      {"channel": "healthkit_permissions/observe", "call": {"method": "listen", "args": {"types": ["steps"]}}, "reply": {"ok": null}}
      {"channel": "healthkit_permissions/observe", "event": {"ok": {"type": "sleep"}}}
      {"channel": "healthkit_permissions/observe", "event": {"end": true}}
      {"channel": "healthkit_permissions/observe", "call": {"method": "cancel", "args": null}, "reply": {"ok": null}}
      {"channel": "healthkit_permissions/observe", "call": {"method": "listen", "args": {"types": ["steps"]}}, "reply": {"ok": null}}
      """
    let transcript = try TranscriptReader.parse(text, path: "t.jsonl")
    let result = Replayer(mode: nil) { Emulator.make(warnings: { _ in }) }.replay(transcript)
    #expect(result.passed == 4 && result.failed == 3)
    let m = result.mismatches
    guard m.count == 3 else { return }
    // Different: line 3, at event.ok.type.
    #expect(m[0].line == 3 && m[0].differences.first?.path == "event.ok.type")
    // Missing: line 4 expects the end, nothing was sent.
    #expect(m[1].line == 4 && m[1].actual == .noEvent && m[1].expected == .end)
    // Extra: the listen at line 6 sent an event no line expects.
    #expect(m[2].line == 6 && m[2].expected == nil && m[2].actual == .ok(["type": "steps"]))
    let report = ReplayReport.text([result])
    #expect(report.contains("actual:   (no event was sent)"))
    #expect(report.contains("expected: (no event line: the call at this line sent this event"))
  }

  @Test func eventLinesHonourMatchersAndCodeMode() throws {
    let text = """
      {"channel": "healthkit_permissions", "call": {"method": "requestPermissions", "args": {"read": ["steps"], "write": ["steps"]}}, "reply": {"ok": true}}
      {"channel": "healthkit_permissions/anchored", "call": {"method": "listen", "args": {"type": "steps"}}, "reply": {"ok": null}}
      {"channel": "healthkit_permissions/anchored", "event": {"ok": {"type": "steps", "added": [], "deleted": [], "anchor": {"$int64": 7}}}, "match": {"event.ok.anchor": "any"}}
      {"channel": "healthkit_permissions/observe", "call": {"method": "listen", "args": {"types": ["heartRate"]}}, "reply": {"error": {"code": "AUTHORIZATION_NOT_DETERMINED", "message": "other words", "details": null}}}
      """
    let transcript = try TranscriptReader.parse(text, path: "t.jsonl")
    let byValue = Replayer(mode: nil) { Emulator.make(warnings: { _ in }) }.replay(transcript)
    // The matcher lets the anchor differ; the error's message and details differ by value.
    #expect(byValue.passed == 3 && byValue.failed == 1)
    #expect(byValue.mismatches.first?.line == 4)
    let byCode = Replayer(mode: .code) { Emulator.make(warnings: { _ in }) }.replay(transcript)
    #expect(byCode.passed == 4 && byCode.failed == 0)
  }

  @Test func updateRewritesEventLinesInPlace() throws {
    let text = """
      {"note": "n"}
      {"channel": "healthkit_permissions", "call": {"method": "requestPermissions", "args": {"read": ["steps"], "write": ["steps"]}}, "reply": {"ok": true}}
      {"channel": "healthkit_permissions/observe", "call": {"method": "listen", "args": {"types": ["steps"]}}, "reply": {"ok": null}}
      {"note": "after the listen"}
      {"channel": "healthkit_permissions/observe", "call": {"method": "cancel", "args": null}, "reply": {"ok": null}}
      {"channel": "healthkit_permissions/observe", "event": {"end": true}}

      """
    let transcript = try TranscriptReader.parse(text, path: "t.jsonl")
    let result = Replayer(mode: nil) { Emulator.make(warnings: { _ in }) }.replay(
      transcript, update: true)
    let updated = TranscriptWriter.text(of: try #require(result.updatedTranscript))
    let lines = updated.split(separator: "\n").map(String.init)
    #expect(lines.count == 6)
    guard lines.count == 6 else { return }
    #expect(lines[3].hasPrefix(#"{"channel": "healthkit_permissions/observe", "event": {"ok""#))
    #expect(lines[4] == #"{"note": "after the listen"}"#)
    #expect(
      result.updates.compactMap(\.requestChange) == ["event line added", "event line removed"])
  }

  @Test func eventAndEventHexMustAgree() {
    let text = """
      {"channel": "c", "call": {"method": "m", "args": null}, "reply": {"notImplemented": true}}
      {"channel": "c", "event": {"ok": 1}, "eventHex": "000302000000"}
      """
    #expect(throws: Never.self) { try TranscriptReader.parse(text, path: "t") }
    var errors = ""
    let status = withScratchFile(text) { path in
      ReplayRun.run(
        paths: [path], mode: nil, update: false, json: false,
        makeHandler: { Emulator.make(warnings: { _ in }) }, output: { _ in },
        errors: { errors += $0 })
    }
    #expect(status == ReplayRun.exitTranscriptError)
    #expect(errors.contains(#""event" and "eventHex" disagree at event.ok"#))
  }

  @Test func eventLinesAreParsedStrictly() {
    for (line, message) in [
      (#"{"channel": "c", "event": {"end": false}}"#, "\"end\" must be true"),
      (#"{"channel": "c", "event": {"notImplemented": true}}"#, "an \"event\" is"),
      (#"{"channel": "c", "event": {"ok": 1}, "reply": {"ok": 1}}"#, "unknown key \"reply\""),
      (#"{"event": {"ok": 1}}"#, "names its \"channel\""),
    ] {
      #expect(throws: TranscriptError.self) { try TranscriptReader.parse(line, path: "t") }
      do {
        _ = try TranscriptReader.parse(line, path: "t")
      } catch {
        #expect(error.message.contains(message), "\(line): \(error.message)")
      }
    }
  }

  @Test func playbackSendsARecordedExchangesEventsAfterItsReply() throws {
    let text = """
      {"channel": "healthkit_permissions/observe", "call": {"method": "listen", "args": {"types": ["steps"]}}, "reply": {"ok": null}}
      {"channel": "healthkit_permissions/observe", "event": {"ok": {"type": "steps"}}, "eventHex": "000d0107047479706507057374657073"}
      {"channel": "healthkit_permissions/observe", "event": {"end": true}}
      """
    let transcript = try TranscriptReader.parse(text, path: "p.jsonl")
    let handler = try PlaybackHandler(
      transcripts: [transcript], model: emulator(), mode: .once, warn: { _ in })
    let server = FrameServer(handler: handler, logger: Logger(level: .quiet))
    server.feed(messageFrame(7, Self.observe, Self.listen))
    let frames = splitFrames(server.takeOutput())
    #expect(frames.map(\.kind) == [.reply, .hostMessage, .hostMessage])
    guard frames.count == 3 else { return }
    #expect(frames[1].payload == Self.stepsEvent)
    #expect(frames[2].payload == nil)
  }
}

/// Runs `body` with a temporary file holding `text`.
func withScratchFile<T>(_ text: String, _ body: (String) -> T) -> T {
  let path = "/tmp/hkbridge-events-\(UInt32.random(in: 0...UInt32.max)).jsonl"
  _ = try? FileIO.replaceFile(path, with: Array(text.utf8))
  defer { unlink(path) }
  return body(path)
}
