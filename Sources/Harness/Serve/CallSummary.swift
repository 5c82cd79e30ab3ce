import ChannelJSON
import FlutterCodec

/// One line of `serve --log-level debug` for a served message: the method, a summary of its
/// arguments (typed JSON, cut at ``argumentLimit`` characters) and the reply's code.
enum CallSummary {
  /// Arguments longer than this many characters are cut and end with `…`.
  static let argumentLimit = 160

  /// `MESSAGE 7 on healthkit_permissions: readRecords {"type": "steps"} -> ok (1,234 bytes)`.
  static func line(id: UInt32, channel: String, payload: [UInt8]?, reply: [UInt8]?) -> String {
    "MESSAGE \(id) on \(channel): \(request(payload)) -> \(outcome(reply))"
  }

  /// The method and its arguments, or what the payload is when it is not a method call.
  static func request(_ payload: [UInt8]?) -> String {
    guard let payload else { return "null message" }
    let codec = StandardMethodCodec(messageCodec: StandardMessageCodec(allowsExtensions: true))
    if let call = try? codec.decodeMethodCall(payload) {
      return "\(call.method) \(cut(ChannelJSON.print(call.arguments)))"
    }
    if let value = try? codec.messageCodec.decode(payload) {
      return "message \(cut(ChannelJSON.print(value)))"
    }
    return "\(payload.count) bytes that are not a method call"
  }

  /// `ok`, `error CODE`, `null reply (not implemented)`, or the reply's size when it is not an
  /// envelope.
  static func outcome(_ reply: [UInt8]?) -> String {
    guard let reply else { return "null reply (not implemented)" }
    switch try? StandardMethodCodec().decodeEnvelope(reply) {
    case .success?: return "ok (\(reply.count) bytes)"
    case .error(let error)?: return "error \(error.code)"
    case nil: return "reply of \(reply.count) bytes"
    }
  }

  static func cut(_ text: String) -> String {
    text.count <= argumentLimit ? text : String(text.prefix(argumentLimit)) + "…"
  }
}
