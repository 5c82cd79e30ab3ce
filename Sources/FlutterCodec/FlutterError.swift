/// The error a platform sends back in an error envelope (Dart sees a `PlatformException`).
public struct FlutterError: Error, Sendable, Hashable {
  public var code: String
  public var message: String?
  public var details: ChannelValue
  /// Android's optional fourth field. `nil`: not sent; otherwise a string or null value.
  public var stacktrace: ChannelValue?

  public init(
    code: String, message: String? = nil, details: ChannelValue = .null,
    stacktrace: ChannelValue? = nil
  ) {
    self.code = code
    self.message = message
    self.details = details
    self.stacktrace = stacktrace
  }
}

/// What a method channel replies: a success envelope or an error envelope.
public enum Envelope: Sendable, Hashable {
  case success(ChannelValue)
  case error(FlutterError)
}
