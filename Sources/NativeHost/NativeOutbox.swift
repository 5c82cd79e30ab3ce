import Dispatch
import Foundation
import PluginHost

/// What a native plugin's code produced for Dart, in the order it produced it, from any thread:
/// replies to messages and messages to Dart. The serve loop takes them on the main thread
/// (``NativeHost/pump(_:)``); the first item put into an empty outbox wakes it.
final class NativeOutbox: @unchecked Sendable {
  enum Item {
    /// The reply to the started message `token` (`nil`: a null reply).
    case reply(token: Int, bytes: [UInt8]?)
    /// A message to Dart; `onReply` `nil`: an event, nobody waits for Dart's reply.
    case message(HostMessage, onReply: (([UInt8]?) -> Void)?)
  }

  private let lock = NSLock()
  private var items: [Item] = []

  func put(_ item: Item) {
    lock.lock()
    let wasEmpty = items.isEmpty
    items.append(item)
    lock.unlock()
    // Wakes the serve loop's poll (the main queue's descriptor), whatever thread this is.
    if wasEmpty { DispatchQueue.main.async {} }
  }

  func take() -> [Item] {
    lock.lock()
    defer {
      items.removeAll()
      lock.unlock()
    }
    return items
  }
}
