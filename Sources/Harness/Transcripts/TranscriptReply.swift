import ChannelJSON
import FlutterCodec

/// A reply as a transcript states it.
public enum TranscriptReply: Sendable, Hashable {
  /// `{"ok": v}`: a success envelope.
  case ok(ChannelValue)
  /// `{"error": {"code", "message", "details"}}`: an error envelope.
  case error(FlutterError)
  /// `{"message": v}`: a plain message's reply (a null reply reads as `null`, as in Dart).
  case message(ChannelValue)
  /// `{"notImplemented": true}`: a null reply to a method call.
  case notImplemented
  /// `{"end": true}`: the end of an event stream (a null host message); only on event lines.
  case end
  /// No event was sent where the transcript has one (only ever an actual value in a report).
  case noEvent
  /// `{"undecodable": "why"}`: reply bytes that are not an envelope (or message); only written by
  /// `--update` or `--record` when the emulator answered so.
  case undecodable(String)

  /// The typed-JSON map of the reply.
  public var channelValue: ChannelValue {
    switch self {
    case .ok(let value): return .object([("ok", value)])
    case .message(let value): return .object([("message", value)])
    case .notImplemented: return .object([("notImplemented", .bool(true))])
    case .end: return .object([("end", .bool(true))])
    case .noEvent: return .object([("noEvent", .bool(true))])
    case .undecodable(let why): return .object([("undecodable", .string(why))])
    case .error(let error): return ChannelJSON.value(of: .error(error))
    }
  }

  /// The reply the emulator's bytes mean for a call (`isMethodCall`) or a plain message.
  public static func decode(_ bytes: [UInt8]?, isMethodCall: Bool) -> TranscriptReply {
    if isMethodCall {
      guard let bytes else { return .notImplemented }
      let codec = StandardMethodCodec(messageCodec: StandardMessageCodec(allowsExtensions: true))
      do {
        switch try codec.decodeEnvelope(bytes) {
        case .success(let value): return .ok(value)
        case .error(let error): return .error(error)
        }
      } catch {
        return .undecodable("not a reply envelope: \(error)")
      }
    }
    guard let bytes else { return .message(.null) }
    do {
      return .message(try StandardMessageCodec(allowsExtensions: true).decode(bytes))
    } catch {
      return .undecodable("not a standard message: \(error)")
    }
  }
}
