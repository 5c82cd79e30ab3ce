import ChannelJSON
import FlutterCodec
import Foundation
import HKBridgeCLI
import PluginHost
import PluginProfiles
import Testing

@testable import Harness

/// The harness's bounds (issue 33): the pending HOST_MESSAGE table (D24), header lists (D25),
/// recordings piped into `serve --jsonl` (D27), the recording size limit (D27) and a playback
/// miss's candidates (D15′). No timing: each bound is checked by what is kept or answered.
@Suite struct ResourceBoundsTests {
  init() { Composition.install() }
  // MARK: D24

  @Test func thePendingTableKeepsTheLatestMessagesOnly() {
    var table = PendingHostReplies(capacity: 3)
    for id in UInt32(1)...10 { table.insert(id) { _ in } }
    #expect(table.count == 3)
    #expect(table.removeValue(forKey: 7) == nil)
    #expect(table.removeValue(forKey: 9) != nil)
    #expect(table.count == 2)
    // Answered out of order and refilled many times, it stays within its bound.
    for id in UInt32(11)...10_000 {
      table.insert(id) { _ in }
      if id % 3 == 0 { _ = table.removeValue(forKey: id - 1) }
    }
    #expect(table.count <= 3)
    #expect(table.removeValue(forKey: 10_000) != nil)
  }

  @Test func aServerWhoseClientNeverRepliesKeepsAtMostTheBound() {
    let server = FrameServer(
      handler: Emulator.make(warnings: { _ in }), logger: Logger(level: .quiet))
    for _ in 0..<(PendingHostReplies.capacity + 100) {
      server.sendHostMessage(channel: "c", payload: [0]) { _ in }
    }
    #expect(server.pendingHostMessageCount == PendingHostReplies.capacity)
    _ = server.takeOutput()
  }

  // MARK: D25

  static func header(channels: [String], profiles: [String]) -> String {
    let header: ChannelValue = .object([
      (
        "hkbridge",
        .object([
          ("channels", .list(channels.map(ChannelValue.string))),
          ("profiles", .list(profiles.map(ChannelValue.string))),
        ])
      )
    ])
    return ChannelJSON.print(header)
  }

  @Test func repeatedHeaderNamesAreDroppedFirstKept() throws {
    let text = Self.header(
      channels: Array(repeating: "b", count: 1000) + ["a", "b"],
      profiles: Array(repeating: "health", count: 1000) + ["healthkit_permissions"])
    let transcript = try TranscriptReader.parse(text, path: "h.jsonl")
    #expect(transcript.header?.channels == ["b", "a"])
    #expect(transcript.header?.profiles == ["health", "healthkit_permissions"])
  }

  @Test func tooManyDistinctChannelsAreRefusedWithFileAndLine() {
    let names = (0...TranscriptHeader.maximumChannels).map { "c\($0)" }
    let text = "{\"note\": \"n\"}\n" + Self.header(channels: names, profiles: ["health"])
    #expect {
      _ = try TranscriptReader.parse(text, path: "h.jsonl")
    } throws: { error in
      guard let error = error as? TranscriptError else { return false }
      return error.file == "h.jsonl" && error.line == 2
        && error.message.contains("more than 1000 distinct channel names")
    }
  }

  // MARK: D27

  @Test func aRecordingIsServedAsItIs() throws {
    let scratch = try ScratchDirectory()
    let recording = scratch.url.appendingPathComponent("r.jsonl").path
    let (_, recorded) = try JSONLServeTests.run(
      [
        #"{"call": {"method": "requestPermissions", "args": {"read": ["steps"], "write": ["steps"]}}}"#,
        #"{"channel": "healthkit_permissions/observe", "call": {"method": "listen", "args": {"types": ["steps"]}}}"#,
        #"{"call": {"method": "writeRecord", "args": {"type": "steps", "start": 1704067200000, "value": 5, "unit": "count"}}}"#,
      ], ["--record", recording])
    #expect(recorded.status == 0)
    let text = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(text.hasPrefix("{\"hkbridge\""))
    #expect(text.contains("\"event\""))
    // The recording piped in as it is: header and event lines skipped, the three calls served,
    // their events sent again.
    let lines = text.split(separator: "\n").map(String.init)
    let (out, served) = try JSONLServeTests.run(lines)
    #expect(served.status == 0)
    #expect(out.filter { $0["error"] != nil }.isEmpty)
    #expect(out.filter { $0["reply"] != nil }.count == 3)
    #expect(out.filter { $0["event"] != nil }.count == 2)
    // serve's own output piped back (its hello line too) serves the same calls.
    let again = try JSONLServeTests.run(out.map { ChannelJSON.print($0) })
    #expect(again.1.status == 0)
    #expect(again.0.filter { $0["reply"] != nil }.count == 3)
  }

  @Test func aRecordingStopsAtTheSizeReplayReads() throws {
    let scratch = try ScratchDirectory()
    let path = scratch.url.appendingPathComponent("cap.jsonl").path
    let recorder = try TranscriptRecorder(
      path: path, methodChannels: ["healthkit_permissions"], maximumBytes: 300)
    let call = StandardMethodCodec().encodeMethodCall(MethodCall("isAvailable", nil))
    for _ in 0..<10 {
      recorder.record(channel: "healthkit_permissions", payload: call, reply: [0x00, 0x01])
      recorder.flush()
    }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(bytes.count <= 300)
    #expect(bytes.last == UInt8(ascii: "\n"))
    #expect(recorder.failure?.message.contains("the most replay reads") == true)
    let transcript = try TranscriptReader.read(path: path)
    #expect(!transcript.exchanges.isEmpty)
    #expect(recorder.maximumBytes == 300)
    #expect(
      try TranscriptRecorder(path: path, methodChannels: []).maximumBytes
        == TranscriptReader.maximumFileBytes)
  }

  // MARK: D15′

  @Test func aMissComparesABoundedNumberOfCandidatesOfItsMethod() throws {
    var lines: [String] = []
    for i in 0..<300 {
      lines.append(
        #"{"channel": "healthkit_permissions", "call": {"method": "readRecords", "args": {"type": "t\#(i)"}}, "reply": {"ok": []}}"#
      )
    }
    lines.append(
      #"{"channel": "healthkit_permissions", "call": {"method": "isAvailable", "args": null}, "reply": {"ok": true}}"#
    )
    let handler = try PlaybackIndexTests.handler(lines.joined(separator: "\n"))
    let ask = TranscriptRequest.call(MethodCall("readRecords", ["type": "steps"]))
    let candidates = handler.index.missCandidates(
      channel: "healthkit_permissions", request: ask, next: 290)
    #expect(candidates.count == PlaybackIndex.missCandidateLimit)
    #expect(candidates.first == 290)
    #expect(candidates.allSatisfy { $0 != 300 })
    // A method nothing recorded: the channel's exchanges.
    let other = handler.index.missCandidates(
      channel: "healthkit_permissions", request: .call(MethodCall("nope", nil)), next: 0)
    #expect(other.count == PlaybackIndex.missCandidateLimit)
    // The miss still names a nearest exchange of the method.
    let reply = handler.handleMessage(
      channel: "healthkit_permissions",
      payload: PlaybackIndexTests.call("readRecords", ["type": "steps"]))
    guard case .error(let error)? = reply.flatMap({ try? StandardMethodCodec().decodeEnvelope($0) })
    else {
      Issue.record("no error reply")
      return
    }
    #expect(error.code == "PLAYBACK_MISS")
    #expect(error.details["nearest"]?["method"] == "readRecords")
  }
}
