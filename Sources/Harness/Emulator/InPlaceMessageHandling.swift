import PluginHost
import PluginProfiles

/// What ``InPlaceMessageHandling/reply(channelUTF8:payload:)`` answers.
public enum InPlaceAnswer {
  /// The reply bytes, or `nil` for a null reply.
  case reply([UInt8]?)
  /// The bytes are not exactly a channel's name: ask
  /// ``MessageHandling/handleMessage(channel:payload:)``, which compares names as strings.
  case channelNotMatched
}

/// A handler that can also answer a message given as bytes in place: the channel name's UTF-8
/// bytes and the payload, straight from the input buffer. ``FrameServer`` uses it for MESSAGE
/// frames when it can, and ``MessageHandling/handleMessage(channel:payload:)`` otherwise; both
/// must give the same reply bytes.
public protocol InPlaceMessageHandling: MessageHandling {
  /// The reply, or `.channelNotMatched` when the bytes are not exactly one of the channel names
  /// (the string method then decides).
  func reply(channelUTF8: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer?)
    -> InPlaceAnswer
}

extension Dispatcher: InPlaceMessageHandling {
  public func reply(channelUTF8: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer?)
    -> InPlaceAnswer
  {
    switch handleMessage(channelUTF8: channelUTF8, payload: payload) {
    case .reply(let bytes): return .reply(bytes)
    case .channelNotMatched: return .channelNotMatched
    }
  }
}
