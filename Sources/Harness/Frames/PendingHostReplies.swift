/// The HOST_MESSAGEs still waiting for Dart's HOST_REPLY (protocol/events.md), at most
/// ``capacity`` of them: a client may ignore HOST_MESSAGEs, so past the bound the oldest is
/// forgotten (its late HOST_REPLY is then logged and dropped as one that answers nothing), and
/// memory stays bounded however many events are sent.
struct PendingHostReplies {
  /// The HOST_MESSAGEs kept waiting at most.
  static let capacity = 4096

  let capacity: Int
  private var handlers: [UInt32: FrameServer.HostReplyHandler] = [:]
  /// Ids in the order sent; those before `head` were answered or forgotten.
  private var order: [UInt32] = []
  private var head = 0

  init(capacity: Int = PendingHostReplies.capacity) {
    self.capacity = max(1, capacity)
  }

  var count: Int { handlers.count }

  /// Keeps `handler` for `id`, forgetting the oldest waiting message when full.
  mutating func insert(_ id: UInt32, _ handler: @escaping FrameServer.HostReplyHandler) {
    if handlers.updateValue(handler, forKey: id) == nil { order.append(id) }
    while handlers.count > capacity, head < order.count {
      handlers.removeValue(forKey: order[head])
      head += 1
    }
    compact()
  }

  /// The handler for `id`, no longer waiting; nil when none waits.
  mutating func removeValue(forKey id: UInt32) -> FrameServer.HostReplyHandler? {
    let handler = handlers.removeValue(forKey: id)
    compact()
    return handler
  }

  /// Drops ids no longer waiting from the front, and the answered prefix once it is half the
  /// list (so the list stays within twice the handlers plus the ids answered out of order).
  private mutating func compact() {
    while head < order.count, handlers[order[head]] == nil { head += 1 }
    if head > 0 && head * 2 >= order.count {
      order.removeFirst(head)
      head = 0
    }
    if order.count > 2 * capacity + 16 {
      order = order[head...].filter { handlers[$0] != nil }
      head = 0
    }
  }

  subscript(id: UInt32) -> FrameServer.HostReplyHandler? {
    get { handlers[id] }
    set {
      if let newValue { insert(id, newValue) } else { _ = removeValue(forKey: id) }
    }
  }
}
