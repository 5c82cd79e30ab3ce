import FlutterCodec

extension Dispatcher {
  /// What ``handleMessage(channelUTF8:payload:)`` answers.
  public enum InPlaceReply {
    /// The reply bytes, or `nil` for a null reply.
    case reply([UInt8]?)
    /// The bytes are not exactly a channel's name: ask ``handleMessage(channel:payload:)``,
    /// which compares names as strings (the bytes may be another normalisation of a name).
    case channelNotMatched
  }

  /// The reply for one message given as bytes in place (the channel name's UTF-8 bytes, and the
  /// payload or `nil` for a null message); the same bytes as ``handleMessage(channel:payload:)``
  /// when the channel matches, without copying a method call's payload or building the
  /// channel's name (a raw message channel gets its payload copied).
  public func handleMessage(
    channelUTF8: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer?
  ) -> InPlaceReply {
    guard let route = routes.route(utf8: channelUTF8), !events.isListening else {
      return .channelNotMatched
    }
    guard let methods = route.methods, let errors = route.errors else {
      return .reply(answer(route, payload: payload.map { Array($0) }))
    }
    // The bytes are the route's name, so errors name the channel by it.
    guard let payload else { return .reply(nullMessageReply(route.name)) }
    let call: MethodCall
    do {
      call = try codec.decodeMethodCall(inPlace: payload)
    } catch {
      return .reply(errorReply(MalformedMessage.notAMethodCall(channel: route.name, error)))
    }
    return .reply(reply(to: call, on: route, methods, errors))
  }
}
