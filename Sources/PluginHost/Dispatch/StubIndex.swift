import FlutterCodec

/// The stubs of ``Verification`` filed by method and by the first argument each one matches, so
/// that finding a call's stub costs about the same however many stubs there are
/// (protocol/verification.md). A stub with no `args` (or `{}`) is filed under its method alone.
package struct StubIndex {
  /// The most stubs held at once; `stub` refuses more.
  package static let limit = 100_000

  private struct Group {
    /// Sequence numbers of the stubs that match any arguments, oldest first.
    var anyArguments: [Int] = []
    /// Sequence numbers by the stub's first wanted argument, oldest first.
    var byArgument: [ChannelMapEntry: [Int]] = [:]
  }

  private var stubs: [Int: Verification.Stub] = [:]
  private var groups: [String: Group] = [:]
  private var nextSequence = 0

  var isEmpty: Bool { stubs.isEmpty }
  var count: Int { stubs.count }

  mutating func removeAll() {
    stubs.removeAll()
    groups.removeAll()
  }

  mutating func add(_ stub: Verification.Stub) {
    let sequence = nextSequence
    nextSequence += 1
    stubs[sequence] = stub
    if let first = stub.arguments?.first {
      groups[stub.method, default: Group()].byArgument[first, default: []].append(sequence)
    } else {
      groups[stub.method, default: Group()].anyArguments.append(sequence)
    }
  }

  /// The reply of the most recently added stub that matches the call (consuming one of its
  /// answers), or `nil`.
  mutating func reply(to call: MethodCall) -> Envelope? {
    guard let group = groups[call.method] else { return nil }
    var lists = [group.anyArguments]
    if case .map(let given) = call.arguments {
      for entry in given { if let list = group.byArgument[entry] { lists.append(list) } }
    }
    var best: Int?
    for list in lists {
      let newer = list.reversed().prefix { $0 > (best ?? -1) }
      if let found = newer.first(where: { Verification.matches(stubs[$0]!, call) }) {
        best = found
      }
    }
    guard let best, var stub = stubs[best] else { return nil }
    if let remaining = stub.remaining {
      if remaining <= 1 {
        remove(best, stub)
      } else {
        stub.remaining = remaining - 1
        stubs[best] = stub
      }
    }
    return stub.reply
  }

  private mutating func remove(_ sequence: Int, _ stub: Verification.Stub) {
    stubs[sequence] = nil
    guard var group = groups[stub.method] else { return }
    if let first = stub.arguments?.first {
      group.byArgument[first]?.removeAll { $0 == sequence }
      if group.byArgument[first]?.isEmpty ?? false { group.byArgument[first] = nil }
    } else {
      group.anyArguments.removeAll { $0 == sequence }
    }
    groups[stub.method] = group.anyArguments.isEmpty && group.byArgument.isEmpty ? nil : group
  }
}
