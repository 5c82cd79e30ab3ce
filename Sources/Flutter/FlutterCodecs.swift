import Foundation

/// Encodes and decodes the messages of a `FlutterBasicMessageChannel`.
public protocol FlutterMessageCodec {
  /// A shared instance of the codec.
  static func sharedInstance() -> Self

  /// The encoding of `message`, or `nil` when `message` is `nil`.
  func encode(_ message: Any?) -> Data?

  /// The value of `message`, or `nil` when `message` is `nil` (or empty).
  func decode(_ message: Data?) -> Any?
}

/// Encodes and decodes method calls and result envelopes of method and event channels.
public protocol FlutterMethodCodec {
  /// A shared instance of the codec.
  static func sharedInstance() -> Self

  func encode(_ methodCall: FlutterMethodCall) -> Data
  func decodeMethodCall(_ methodCall: Data) -> FlutterMethodCall
  func encodeSuccessEnvelope(_ result: Any?) -> Data
  func encodeErrorEnvelope(_ error: FlutterError) -> Data
  /// The result of a success envelope, or a `FlutterError` for an error envelope.
  func decodeEnvelope(_ envelope: Data) -> Any?
}

/// One shared instance per codec class (the class itself, or a subclass), made on first use.
enum FlutterSharedCodecs {
  private static let lock = NSLock()
  private nonisolated(unsafe) static var instances: [ObjectIdentifier: AnyObject] = [:]

  static func instance<T: AnyObject>(of type: T.Type, make: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    if let existing = instances[ObjectIdentifier(type)] as? T { return existing }
    let made = make()
    instances[ObjectIdentifier(type)] = made
    return made
  }
}
