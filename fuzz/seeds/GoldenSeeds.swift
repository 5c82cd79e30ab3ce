import ChannelJSON
import FlutterCodec
import Foundation

/// What the golden transcripts hold, line by line, for seeding.
struct GoldenSeeds {
  /// Each line's raw text.
  var lines: [String] = []
  /// The channel of each exchange and its call or message bytes (callHex/messageHex, else the
  /// encoding of `call`/`message`).
  var requests: [(channel: String, bytes: [UInt8])] = []
  /// replyHex bytes, or the encoding of `reply`.
  var replies: [[UInt8]] = []
  /// Every value a line holds: call arguments, messages, reply results and error details.
  var values: [ChannelValue] = []

  var lineCount: Int { lines.count }

  init(directory: URL) {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.sorted() ?? []
    for name in names where name.hasSuffix(".jsonl") {
      let url = directory.appendingPathComponent(name)
      guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
      for line in text.split(separator: "\n") where !line.allSatisfy(\.isWhitespace) {
        add(String(line))
      }
    }
  }

  private mutating func add(_ line: String) {
    lines.append(line)
    guard let object = try? ChannelJSON.parse(line) else { return }
    let methodCodec = StandardMethodCodec(
      messageCodec: StandardMessageCodec(allowsExtensions: true))
    let channel = object["channel"]?.stringValue ?? "healthkit_permissions"
    if let hex = (object["callHex"] ?? object["messageHex"])?.stringValue,
      let bytes = try? Hex.decode(hex)
    {
      requests.append((channel, bytes))
    } else if let call = object["call"], let decoded = try? ChannelJSON.methodCall(from: call) {
      requests.append((channel, methodCodec.encodeMethodCall(decoded)))
    } else if let message = object["message"] {
      requests.append((channel, methodCodec.messageCodec.encode(message)))
    }
    if let hex = object["replyHex"]?.stringValue, let bytes = try? Hex.decode(hex) {
      replies.append(bytes)
    } else if let reply = object["reply"], let envelope = try? ChannelJSON.envelope(from: reply) {
      replies.append(methodCodec.encodeEnvelope(envelope))
    }
    if let call = object["call"] {
      values.append(call)
      if let args = call["args"] { values.append(args) }
    }
    if let message = object["message"] { values.append(message) }
    if let reply = object["reply"] {
      values.append(reply)
      for key in ["ok", "message"] { if let v = reply[key] { values.append(v) } }
      if let details = reply["error"]?["details"] { values.append(details) }
    }
  }
}
