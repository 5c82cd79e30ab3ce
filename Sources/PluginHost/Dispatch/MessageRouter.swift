import FlutterCodec

extension Dispatcher {
  /// The one router: the reply for one message given as bytes where they lie (the channel
  /// name's UTF-8 bytes, and the payload or `nil` for a null message), or `nil` for a null
  /// reply. A channel is matched on its bytes first (no `String` is made, a method call's
  /// payload is decoded in place); bytes that are no route's exactly are compared as names
  /// (another Unicode normalisation of a name is the same channel, as Swift compares
  /// `String`s), then against the event channels; a name nothing serves gets a null reply and
  /// one warning.
  public func reply(
    channelUTF8: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer?
  ) -> MessageReply {
    if let route = routes.route(utf8: channelUTF8) {
      return route._withUnsafeGuaranteedRef { answer($0, payload: payload) }
    }
    let name = String(decoding: channelUTF8, as: UTF8.self)
    if let route = routes.route(named: name) { return answer(route, payload: payload) }
    guard events.serves(name) else {
      warnUnknownChannel(name)
      return .null
    }
    return MessageReply(eventReply(channel: name, payload: payload.map { Array($0) }))
  }

  /// The same reply as bytes (`nil`: a null reply).
  public func handleMessage(
    channelUTF8: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer?
  ) -> [UInt8]? {
    reply(channelUTF8: channelUTF8, payload: payload).bytes
  }
}
