import FlutterCodec
import Foundation
import Harness
import PluginHost
import Testing

/// The one exchange step every transport uses: the handler answers, the exchange is recorded,
/// then the events it caused are recorded after it and handed back in order; the same by name
/// and by bytes in place.
@Suite struct ExchangeStepTests {
  /// Answers `ping` with `pong` and causes two events (the second an end of stream).
  final class EventfulHandler: MessageHandling {
    var pending: [HostMessage] = []
    var channels: [String] { ["c"] }
    var deviceDescription: ChannelValue { .null }
    var clockMs: Int? { nil }

    func handleMessage(channel: String, payload: [UInt8]?) -> [UInt8]? {
      pending = [
        HostMessage(channel: "c/events", payload: [0x00, 0x01]),
        HostMessage(channel: "c/events", payload: nil),
      ]
      return [0x00, 0x07, 0x04] + Array("pong".utf8)
    }

    func takeHostMessages() -> [HostMessage] {
      defer { pending = [] }
      return pending
    }
  }

  static let ping = StandardMethodCodec().encodeMethodCall(MethodCall("ping"))

  func recordingPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "exchange-step-\(UUID().uuidString).jsonl"
    ).path
  }

  @Test func theReplyThenItsEventsAreHandedBackAndRecordedInThatOrder() throws {
    let path = recordingPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let handler = EventfulHandler()
    let recorder = try TranscriptRecorder(path: path, methodChannels: ["c"])
    let step = ExchangeStep(handler: handler, recorder: recorder)
    let outcome = step.run(channel: "c", payload: Self.ping)
    #expect(outcome.reply == hex("00 07 04 70 6f 6e 67"))
    #expect(outcome.events.map(\.payload) == [[0x00, 0x01], nil])
    recorder.flush()
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].contains("\"ping\"") && lines[0].contains("\"pong\""))
    #expect(lines[1].contains("\"eventHex\": \"0001\"") && lines[2].contains("\"event\""))
    #expect(lines[1].hasPrefix("{\"channel\": \"c/events\""))
    // Drained: the next exchange does not see them again.
    #expect(step.run(channel: "c", payload: Self.ping).events.count == 2)
  }

  @Test func bytesInPlaceGiveWhatTheNameGives() {
    let byName = ExchangeStep(handler: EventfulHandler()).run(channel: "c", payload: Self.ping)
    var named = 0
    var reply: [UInt8]?
    var events: [HostMessage] = []
    var handed = 0
    Array("c".utf8).withUnsafeBytes { channel in
      Self.ping.withUnsafeBytes { payload in
        ExchangeStep(handler: EventfulHandler()).run(
          channelUTF8: channel, payload: payload,
          name: {
            named += 1
            return "c"
          }, answer: { reply = $0.bytes },
          events: {
            events += $0
            handed += 1
          })
      }
    }
    #expect(reply == byName.reply)
    #expect(events == byName.events && !events.isEmpty)
    // Handed over once, as one list.
    #expect(handed == 1)
    // Without a recording, no name is made.
    #expect(named == 0)
  }

  @Test func aRecordingMakesTheNameOnceAnExchange() throws {
    let path = recordingPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let step = ExchangeStep(
      handler: EventfulHandler(),
      recorder: try TranscriptRecorder(path: path, methodChannels: ["c"]))
    var named = 0
    Array("c".utf8).withUnsafeBytes { channel in
      Self.ping.withUnsafeBytes { payload in
        step.run(
          channelUTF8: channel, payload: payload,
          name: {
            named += 1
            return "c"
          }, answer: { _ in }, events: { _ in })
      }
    }
    #expect(named == 1)
  }

  @Test func aHandlerWithoutLaterChannelsAnswersEverythingNow() {
    let step = ExchangeStep(handler: EventfulHandler())
    #expect(step.later == nil)
    #expect(!step.answersLater(channel: "c"))
    #expect(step.waitingCount == 0)
  }
}
