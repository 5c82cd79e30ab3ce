import FlutterCodec
import HealthStore

/// One published plugin's host side, served over the one ``HealthStore``: its channels, how each
/// channel's messages are answered, and how its errors reach Dart. `protocol/profiles/README.md`
/// documents the seam; one folder under `Profiles/` holds each profile.
public struct PluginProfile: Sendable {
  /// The name `serve --profile` and HELLO's `profiles` use.
  public var name: String
  /// The channels, matched in this order (before later profiles' and the control channel).
  public var channels: [ProfileChannel]
  /// The event channels (protocol/events.md), listed in HELLO after `channels`.
  public var eventChannels: [ProfileEventChannel] = []

  public init(name: String, channels: [ProfileChannel]) {
    self.name = name
    self.channels = channels
  }

  public init(
    name: String, channels: [ProfileChannel], eventChannels: [ProfileEventChannel]
  ) {
    self.name = name
    self.channels = channels
    self.eventChannels = eventChannels
  }
}

/// One channel of a profile: its exact name and its handler.
public struct ProfileChannel: Sendable {
  public var name: String
  public var handler: ChannelHandler

  public init(name: String, handler: ChannelHandler) {
    self.name = name
    self.handler = handler
  }
}
