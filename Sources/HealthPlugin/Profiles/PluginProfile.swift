import FlutterCodec
import HealthStore

/// One published plugin's host side, served over the one ``HealthStore``: its channels, how each
/// channel's messages are answered, and how its errors reach Dart. `protocol/profiles/README.md`
/// documents the seam; one folder under `Profiles/` holds each profile.
public struct PluginProfile: Sendable {
  /// The name `serve --profile` and HELLO's `profiles` use (`healthkit_permissions`, `health`).
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

/// How one channel answers a message.
public struct ChannelHandler: Sendable {
  enum Kind: Sendable {
    /// The strict method pipeline (``MethodHandler``: keys, checks, faults, ``ErrorMapping``),
    /// shared by `healthkit_permissions` and the control channel.
    case strictMethods(MethodIndex)
    /// A StandardMethodCodec method channel of a profile.
    case methods(ProfileMethodIndex, ProfileErrorMapping)
    /// A BasicMessageChannel: raw bytes in, raw bytes out.
    case messages(ProfileMessageHandler)
  }

  let kind: Kind

  /// A StandardMethodCodec method channel. A payload that is not a method call gets
  /// `MALFORMED_MESSAGE` (as on every method channel); a method not in `methods` gets a null
  /// reply (Flutter's "not implemented"); a method that throws gets the error envelope
  /// `errors` makes of it (the profile's one place for its error codes).
  /// `unknownMethod`, when given, answers every method not in `methods` instead (a host that
  /// replies an error envelope for an unknown method, such as `health_kit_reporter`'s).
  public static func methods(
    _ methods: ProfileMethodTable, errors: @escaping ProfileErrorMapping,
    unknownMethod: ProfileMethod? = nil
  )
    -> ChannelHandler
  {
    ChannelHandler(kind: .methods(ProfileMethodIndex(methods, unknown: unknownMethod), errors))
  }

  /// A BasicMessageChannel (Pigeon's `dev.flutter.pigeon.…` channels): the handler gets the raw
  /// payload (`nil` for a null message) and returns the raw reply bytes (`nil`: null reply).
  public static func messages(_ handler: @escaping ProfileMessageHandler) -> ChannelHandler {
    ChannelHandler(kind: .messages(handler))
  }
}

/// What a profile's handler sees besides the message: the store and the warning sink.
public struct ProfileContext {
  /// The emulated device's HealthKit store (shared by every profile and the control channel).
  public let store: HealthStore
  /// Writes a warning (stderr by default).
  public let warn: (String) -> Void

  public init(store: HealthStore, warn: @escaping (String) -> Void) {
    self.store = store
    self.warn = warn
  }
}

/// One decoded method call on a profile's method channel.
public struct ProfileCall {
  public let method: String
  /// The call's arguments as sent (`.null` when there are none).
  public let arguments: ChannelValue
  public let context: ProfileContext

  public var store: HealthStore { context.store }

  public init(method: String, arguments: ChannelValue, context: ProfileContext) {
    self.method = method
    self.arguments = arguments
    self.context = context
  }
}

/// A method of a profile: the success value, or a thrown error that the channel's
/// ``ProfileErrorMapping`` turns into the error envelope.
public typealias ProfileMethod = @Sendable (ProfileCall) throws -> ChannelValue
/// A profile's methods by name (one row per method).
public typealias ProfileMethodTable = [String: ProfileMethod]
/// The one place where a profile's errors become the `FlutterError` Dart sees.
public typealias ProfileErrorMapping = @Sendable (any Error) -> FlutterError
/// A BasicMessageChannel handler: payload (`nil`: null message) → reply bytes (`nil`: null reply).
public typealias ProfileMessageHandler =
  @Sendable (_ payload: [UInt8]?, _ context: ProfileContext) -> [UInt8]?

/// A profile method table, looked up by name.
struct ProfileMethodIndex: Sendable {
  let table: ProfileMethodTable
  /// What answers a name not in the table (nil: not implemented, a null reply).
  let unknown: ProfileMethod?

  init(_ table: ProfileMethodTable, unknown: ProfileMethod? = nil) {
    self.table = table
    self.unknown = unknown
  }

  func method(_ name: String) -> ProfileMethod? { table[name] ?? unknown }
}
