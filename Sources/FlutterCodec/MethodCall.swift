/// A method call on a method channel: a name and one arguments value.
public struct MethodCall: Sendable, Hashable {
  public var method: String
  public var arguments: ChannelValue

  public init(_ method: String, _ arguments: ChannelValue = .null) {
    self.method = method
    self.arguments = arguments
  }
}
