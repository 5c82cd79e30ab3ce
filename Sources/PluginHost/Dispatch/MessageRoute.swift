import FlutterCodec

/// A channel the dispatcher serves, found once by its name's bytes
/// (``Dispatcher/route(channelUTF8:)``): a transport that keeps the channels it has seen (the
/// frame server's cache of channel names) answers its next messages on it
/// (``Dispatcher/reply(on:payload:)``) with no name compared again. Valid for as long as the
/// dispatcher that gave it lives (its routes are fixed when it is made).
public struct MessageRoute {
  let route: Unmanaged<ChannelRoute>
}

extension Dispatcher {
  /// The route whose name has exactly the UTF-8 bytes `channelUTF8`, or `nil` (a name in
  /// another Unicode normalisation, an event channel, a name nothing serves: those messages go
  /// through ``reply(channelUTF8:payload:)``, which decides them by name).
  public func route(channelUTF8: UnsafeRawBufferPointer) -> MessageRoute? {
    routes.route(utf8: channelUTF8).map(MessageRoute.init)
  }

  /// The reply to one message on `route`: the same as ``reply(channelUTF8:payload:)`` for the
  /// route's name.
  public func reply(on route: MessageRoute, payload: UnsafeRawBufferPointer?) -> MessageReply {
    route.route._withUnsafeGuaranteedRef { answer($0, payload: payload) }
  }
}
