import FlutterCodec
import Foundation
import HKBridgeCLI
import Harness
import Testing

/// `serve --record` against a native host records the native exchanges (in the order their
/// replies came) and their events; `replay` against the same host passes them byte for byte.
@Suite struct NativeRecordReplayTests {
  init() { Composition.install() }
  typealias Host = ProbeHost

  @Test func aRecordingOfNativeCallsReplaysAgainstTheHost() throws {
    let path = NSTemporaryDirectory() + "native-record-\(getpid()).jsonl"
    defer { unlink(path) }
    let run = try Host.serve(
      [
        Host.call(1, "later", .object([("ms", .int32(100))])),
        Host.call(2, "map"), Host.call(3, "fail"),
        Host.call(4, "listen", on: "native_probe/events"),
        Host.call(5, "emit", .list([.string("e"), .string("end")])),
        Host.call(6, "isAvailable", on: "healthkit_permissions"),
      ], ["--record", path])
    #expect(run.status == 0)
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    // The header, then the exchanges in the order their replies left (later's last), the
    // events each call's code sent after its exchange line (where replay looks for them), also
    // those sent before the reply.
    let kinds = lines.dropFirst().map { line -> String in
      if line.contains("\"event\"") { return "event" }
      guard let method = line.firstRange(of: "\"method\": \"") else { return "?" }
      return String(line[method.upperBound...].prefix { $0 != "\"" })
    }
    #expect(
      kinds == ["map", "fail", "listen", "event", "emit", "event", "event", "isAvailable", "later"])
    let (out, stderr, status) = try Host.run(["replay", path], input: [])
    #expect(status == 0, "\(String(decoding: out, as: UTF8.self)) \(stderr)")
  }

  @Test func replayComparesANativeMapByValueWhenOnlyItsOrderDiffers() throws {
    let path = NSTemporaryDirectory() + "native-order-\(getpid()).jsonl"
    defer { unlink(path) }
    _ = try Host.serve([Host.call(1, "map")], ["--record", path])
    let recorded = try String(contentsOfFile: path, encoding: .utf8)
    // The entries k2: 2 and k3: 3 (the first two the host writes) swapped in replyHex.
    let k2 = "07026b32" + "040200000000000000"
    let k3 = "07026b33" + "040300000000000000"
    #expect(recorded.contains("\"replyHex\": \"000d08" + k2 + k3))
    let reordered = recorded.replacingOccurrences(of: k2 + k3, with: k3 + k2)
    try reordered.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(try Host.run(["replay", path], input: []).2 == 0)
    // A value that differs still fails, whatever the order.
    let changed = reordered.replacingOccurrences(
      of: "07026b33" + "0403", with: "07026b33" + "0409"
    ).replacingOccurrences(of: "\"k3\": {\"$int64\": 3}", with: "\"k3\": {\"$int64\": 9}")
    try changed.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(try Host.run(["replay", path], input: []).2 == 1)
  }

  @Test func jsonLinesAnswerANativeCallAtOnceWithItsEventsAfterIt() throws {
    let lines = [
      #"{"call": {"method": "later", "args": {"ms": 20}}}"#,
      #"{"channel": "native_probe/events", "call": {"method": "listen"}}"#,
      #"{"call": {"method": "askDart", "args": "x"}}"#,
    ]
    let (out, _, status) = try Host.run(
      ["serve", "--jsonl"], input: Array((lines.joined(separator: "\n") + "\n").utf8))
    let replies = String(decoding: out, as: UTF8.self).split(separator: "\n").dropFirst()
      .map { line -> String in
        if let reply = line.firstRange(of: "\"replyHex\": \"") {
          return String(line[reply.upperBound...].prefix { $0 != "\"" })
        }
        return line.contains("\"event\"") ? "event" : String(line)
      }
    // 20 (int64); listen's null success, then its event; askDart's "notImplemented": nobody in
    // --jsonl answers a call to Dart, and that call is no event line.
    #expect(
      replies == [
        "00041400000000000000", "0000", "event", "00070e" + "6e6f74496d706c656d656e746564",
      ])
    #expect(status == 0)
  }
}
