import HealthPlugin

/// A handler that can also answer a message given as bytes in place: the channel name's UTF-8
/// bytes and the payload, straight from the input buffer. ``FrameServer`` uses it for MESSAGE
/// frames when it can, and ``MessageHandling/handleMessage(channel:payload:)`` otherwise; both
/// must give the same reply bytes.
public protocol InPlaceMessageHandling: MessageHandling {
  /// The reply, or `.channelNotMatched` when the bytes are not exactly one of the channel names
  /// (the string method then decides).
  func handleMessage(channelUTF8: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer?)
    -> Dispatcher.InPlaceReply
}

extension Dispatcher: InPlaceMessageHandling {}
