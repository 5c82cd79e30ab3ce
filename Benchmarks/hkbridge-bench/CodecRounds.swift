/// One workload timed on two sides in the same rounds (ours and a peer's, one right after the
/// other), so that both sides of a round run under the same load. Each time is the round's best
/// nanoseconds an operation.
///
/// The judged ratio is the peer's best over all rounds beside ours (``bestRatio``): the best is
/// the run least disturbed by other work on either side. The per-round ratios and their median
/// (``medianRatio``) show how far a single round moves from it.
struct PairedRounds: Equatable {
  /// Our time in each round.
  private(set) var ours: [Double] = []
  /// The peer's time in each round; nil where the peer gave none (not found, or it failed).
  private(set) var peer: [Double?] = []

  mutating func add(ours time: Double, peer peerTime: Double?) {
    ours.append(time)
    peer.append(peerTime)
  }

  /// Our best time over all rounds.
  var oursBest: Double? { ours.min() }
  /// The median of our rounds' times.
  var oursMedian: Double? { Self.median(ours) }
  /// The peer's best time over the rounds where it gave one.
  var peerBest: Double? { peer.compactMap { $0 }.min() }

  /// The peer's best over ours: the figure that is judged.
  var bestRatio: Double? {
    guard let mine = oursBest, mine > 0, let theirs = peerBest else { return nil }
    return theirs / mine
  }

  /// The peer's time over ours in each round where both were measured, in round order.
  var ratios: [Double] {
    zip(ours, peer).compactMap { mine, theirs in
      guard let theirs, mine > 0 else { return nil }
      return theirs / mine
    }
  }

  /// The median of ``ratios``.
  var medianRatio: Double? { Self.median(ratios) }

  /// The middle value, or the mean of the two middle values of an even count; nil for none.
  static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
