import Foundation

/// The result a method call handler gives for a method it does not know: the channel answers with
/// an empty reply (Dart: `MissingPluginException`). Compared by identity.
// swift-format-ignore: AlwaysUseLowerCamelCase
public nonisolated(unsafe) let FlutterMethodNotImplemented: NSObject = FlutterSentinel(
  "FlutterMethodNotImplemented")

/// The event that ends an event stream: the channel sends an empty message. Compared by identity.
// swift-format-ignore: AlwaysUseLowerCamelCase
public nonisolated(unsafe) let FlutterEndOfEventStream: NSObject = FlutterSentinel(
  "FlutterEndOfEventStream")

/// The class of the two sentinels: an object with a name, equal only to itself.
final class FlutterSentinel: NSObject, @unchecked Sendable {
  let name: String
  init(_ name: String) {
    self.name = name
    super.init()
  }
  override var description: String { name }
}

extension FlutterSentinel {
  /// Whether `value` is the sentinel `sentinel` itself.
  static func isSentinel(_ value: Any?, _ sentinel: NSObject) -> Bool {
    guard let object = value as? FlutterSentinel else { return false }
    return object === sentinel
  }
}
