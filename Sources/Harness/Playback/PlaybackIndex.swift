import FlutterCodec

/// The recorded exchanges of `serve --playback`, indexed so that finding the one that answers a
/// call costs about the same however long the recording is and in whatever order it is played
/// (protocol/playback.md). An exchange is filed under its channel and request: under a hash of
/// its method and arguments (or message) when no matcher applies to its request, else under its
/// channel and method alone; and under a hash of its request bytes (which is how malformed
/// payloads, and a call recorded where a message is sent, match). Each list holds the unused
/// exchanges in recorded order.
struct PlaybackIndex {
  /// What a key hashes besides the channel.
  enum Kind: Hashable {
    /// Method and arguments (or message) by value, as Dart compares them.
    case value
    /// Method only: the exchange's matchers apply to its request.
    case loose
    /// The request bytes.
    case bytes
  }

  /// A key is a hash of its kind, channel and request: exchanges that collide are told apart by
  /// the caller's `matches`, so a key needs no strings (and costs one Int to look up).
  private var lists: [Int: [Int]] = [:]
  /// Per exchange: its value (or loose) key, and its bytes key.
  private var valueKeys: [Int?] = []
  private var bytesKeys: [Int] = []
  /// Exchanges filed under a loose key (none: no loose lookup).
  private var looseCount = 0
  /// Whether the recording holds calls, messages, and requests matched by their bytes alone
  /// (malformed ones): a well-formed request needs its bytes looked up only when one of another
  /// kind, or a malformed one, could match it.
  private var hasCalls = false
  private var hasMessages = false
  private var hasMalformed = false
  /// Every exchange, used or not, under a hash of its channel and method (a message's or
  /// malformed call's: its channel and kind), and under its channel: where a miss looks for
  /// the nearest recorded exchange (``missCandidates(channel:request:next:)``).
  private var byMethod: [Int: [Int]] = [:]
  private var byChannel: [String: [Int]] = [:]

  /// The recorded exchanges a miss compares itself with at most (protocol/playback.md).
  static let missCandidateLimit = 64

  /// Files exchange `index` (indices must be added in increasing order).
  mutating func add(_ index: Int, exchange: TranscriptExchange, matchers: ValueMatchers?) {
    let loose = matchers?.touchesRequest ?? false
    let valueKey = Self.valueKey(exchange.channel, exchange.request, loose: loose)
    if let valueKey {
      lists[valueKey, default: []].append(index)
      if loose { looseCount += 1 }
    }
    switch exchange.request {
    case .call(let call): if call == nil { hasMalformed = true } else { hasCalls = true }
    case .message(let value):
      hasMessages = true
      if value.isNull && PlaybackHandler.isMalformedMessage(exchange.payload) {
        hasMalformed = true
      }
    }
    let bytesKey = Self.bytesKey(exchange.channel, exchange.payload)
    lists[bytesKey, default: []].append(index)
    valueKeys.append(valueKey)
    bytesKeys.append(bytesKey)
    byMethod[Self.methodKey(exchange.channel, exchange.request), default: []].append(index)
    byChannel[exchange.channel, default: []].append(index)
  }

  /// At most ``missCandidateLimit`` exchanges, used or not, to name the nearest of when a
  /// request misses: those of its channel and method from `next` on in recorded order (then
  /// from the start), or, when none has its method, those of its channel.
  func missCandidates(channel: String, request: TranscriptRequest, next: Int) -> [Int] {
    let sameMethod = byMethod[Self.methodKey(channel, request)] ?? []
    let list = sameMethod.isEmpty ? byChannel[channel] ?? [] : sameMethod
    guard list.count > Self.missCandidateLimit else { return list }
    let split = Self.firstPosition(in: list, atLeast: next)
    return (0..<Self.missCandidateLimit).map { list[(split + $0) % list.count] }
  }

  static func methodKey(_ channel: String, _ request: TranscriptRequest) -> Int {
    var hasher = Hasher()
    hasher.combine(channel)
    switch request {
    case .call(let call?): hasher.combine(call.method)
    case .call(nil): hasher.combine(1)
    case .message: hasher.combine(0)
    }
    return hasher.finalize()
  }

  /// Takes exchange `index` out of every list (it has been used).
  mutating func remove(_ index: Int) {
    if let key = valueKeys[index] { remove(index, from: key) }
    remove(index, from: bytesKeys[index])
  }

  private mutating func remove(_ index: Int, from key: Int) {
    guard let list = lists[key] else { return }
    if list.count == 1 {
      if list[0] == index { lists[key] = nil }
      return
    }
    let at = Self.firstPosition(in: list, atLeast: index)
    // In place: a copy of the list would cost as much as a scan.
    if at < list.count && list[at] == index { lists[key]!.remove(at: at) }
  }

  /// The unused exchange that answers a request: among the candidates filed under the request's
  /// keys, the first from `next` on (then from the start) that `matches` accepts.
  func first(
    channel: String, request: TranscriptRequest, payload: [UInt8]?, next: Int,
    matches: (Int) -> Bool
  ) -> Int? {
    let empty: [Int] = []
    let valueKey = Self.valueKey(channel, request, loose: false)
    let needsBytes: Bool
    switch request {
    case .call(_?): needsBytes = hasMalformed || hasMessages
    case .call(nil): needsBytes = true
    case .message:
      needsBytes = hasMalformed || hasCalls || PlaybackHandler.isMalformedMessage(payload)
    }
    let byBytes = needsBytes ? lists[Self.bytesKey(channel, payload)] ?? empty : empty
    let byValue = valueKey.flatMap { lists[$0] } ?? empty
    let byMethod =
      looseCount == 0
      ? empty : Self.valueKey(channel, request, loose: true).flatMap { lists[$0] } ?? empty
    // The first match from `next` on; only when there is none, the first before `next`.
    var after: Int?
    for list in [byValue, byBytes, byMethod] where !list.isEmpty {
      let split = Self.firstPosition(in: list, atLeast: next)
      let bound = after ?? Int.max
      if let match = list[split...].prefix(while: { $0 < bound }).first(where: matches) {
        after = match
      }
    }
    if after != nil { return after }
    var before: Int?
    for list in [byValue, byBytes, byMethod] where !list.isEmpty {
      let bound = min(before ?? Int.max, next)
      if let match = list.prefix(while: { $0 < bound }).first(where: matches) { before = match }
    }
    return before
  }

  static func firstPosition(in list: [Int], atLeast value: Int) -> Int {
    var low = 0
    var high = list.count
    while low < high {
      let mid = (low + high) / 2
      if list[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low
  }

  static func valueKey(_ channel: String, _ request: TranscriptRequest, loose: Bool) -> Int? {
    var hasher = Hasher()
    hasher.combine(loose ? Kind.loose : Kind.value)
    hasher.combine(channel)
    switch request {
    case .call(let call?):
      hasher.combine(call.method)
      if !loose { DartHash.combine(call.arguments, into: &hasher) }
    case .call(nil): return nil
    case .message(let value):
      hasher.combine(0)
      if !loose { DartHash.combine(value, into: &hasher) }
    }
    return hasher.finalize()
  }

  static func bytesKey(_ channel: String, _ payload: [UInt8]?) -> Int {
    var hasher = Hasher()
    hasher.combine(Kind.bytes)
    hasher.combine(channel)
    if let payload {
      hasher.combine(payload.count)
      payload.withUnsafeBytes { hasher.combine(bytes: $0) }
    } else {
      hasher.combine(-1)
    }
    return hasher.finalize()
  }
}
