#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The codec beside Flutter's own codecs (issue 32's targets): reply decode beside the GLib
/// codec, reply encode beside the C++ codec, the small call each way. The peers are programs built
/// outside this repository from a Flutter engine checkout (protocol/performance.md, "Codec
/// peers"); `--peers DIR` or `HKBRIDGE_CODEC_PEERS=DIR` names the directory holding
/// `flutter-glib-peer` and `flutter-cpp-peer`. Without them, each figure stands beside the
/// instruction counts recorded for the peers and for this codec.
///
/// Ours and the peers are timed in paired rounds, so that both sides of a ratio see the same
/// load: each round times our workloads and runs each peer once with `--quick`, ours first in
/// the first round and the peers first in the next, alternating. Our side uses the loop of the
/// peers' `--quick` run (``samples`` samples of ``Target/iterations`` operations), so that both
/// sides are measured alike. A ratio is judged best against best over all rounds; the median of
/// the rounds' own ratios is shown beside it (``PairedRounds``).
struct CodecPeers {
  /// One target: our workload, the peer it is judged beside, and the limit.
  struct Target {
    var name: String
    var workload: String
    var peer: String
    /// Operations a sample: those of the peers' `--quick` run.
    var iterations: Int
    /// Peer time ÷ ours at least this (nil: an absolute limit in ns instead).
    var minimumRatio: Double?
    var maximumNanoseconds: Double?
    /// Instructions an operation (callgrind), recorded: the peer's, then ours.
    var recordedPeer: Double
    var recordedOurs: Double
  }

  /// Issue 32's codec targets, with the instruction counts last recorded (performance.md).
  static let targets: [Target] = [
    Target(
      name: "reply decode beside Flutter's GLib codec", workload: "reply-decode",
      peer: "flutter-glib-peer", iterations: 10, minimumRatio: 5, maximumNanoseconds: nil,
      recordedPeer: 39_140_000, recordedOurs: 6_284_000),
    Target(
      name: "reply encode beside Flutter's C++ codec", workload: "reply-encode",
      peer: "flutter-cpp-peer", iterations: 10, minimumRatio: 2.5, maximumNanoseconds: nil,
      recordedPeer: 4_607_000, recordedOurs: 1_521_000),
    Target(
      name: "small call decode beside Flutter's C++ codec", workload: "call-decode",
      peer: "flutter-cpp-peer", iterations: 100_000, minimumRatio: nil, maximumNanoseconds: 40,
      recordedPeer: 799, recordedOurs: 179),
    Target(
      name: "small call encode beside Flutter's C++ codec", workload: "call-encode",
      peer: "flutter-cpp-peer", iterations: 100_000, minimumRatio: nil, maximumNanoseconds: 40,
      recordedPeer: 1_356, recordedOurs: 434),
  ]

  /// Samples a round on each side: those of the peers' `--quick` run.
  static let samples = 3

  var quick: Bool
  /// Where the peer programs are, if anywhere.
  var directory: String?
  /// Our side of the workloads.
  var ours: CodecWorkloads

  /// Paired rounds: 7, or 2 with `--quick`.
  var rounds: Int { quick ? 2 : 7 }

  func run(into report: inout Report) {
    let peers = availablePeers()
    var paired: [String: PairedRounds] = [:]
    for round in 0..<rounds {
      let oursFirst = round % 2 == 0
      var peerTimes = oursFirst ? [:] : Self.runPeers(peers)
      let mine = oursRound()
      if oursFirst { peerTimes = Self.runPeers(peers) }
      for target in Self.targets {
        guard let time = mine[target.workload] else { continue }
        paired[target.workload, default: PairedRounds()].add(
          ours: time, peer: peerTimes[target.peer]?[target.workload])
      }
    }
    for target in Self.targets {
      guard let rounds = paired[target.workload] else { continue }
      report.add(Self.figure(target, rounds: rounds))
    }
  }

  /// The peers' paths in the directory, by name; says which are missing.
  private func availablePeers() -> [String: String] {
    guard let directory else { return [:] }
    var found: [String: String] = [:]
    for peer in Set(Self.targets.map(\.peer)).sorted() {
      let path = directory + "/" + peer
      if access(path, X_OK) == 0 {
        found[peer] = path
      } else {
        print("  \(peer): not in \(directory)")
      }
    }
    return found
  }

  /// Our best ns an operation in one round, by workload.
  private func oursRound() -> [String: Double] {
    var times: [String: Double] = [:]
    for target in Self.targets {
      let timing = ours.time(target.workload, samples: Self.samples, iterations: target.iterations)
      times[target.workload] = timing?.best
    }
    return times
  }

  /// The figure of `target` from its rounds: beside the peer when the peer ran, else beside the
  /// instruction counts recorded for it and for this codec.
  static func figure(_ target: Target, rounds: PairedRounds) -> Figure {
    let count = rounds.ours.count
    let mine = rounds.oursBest ?? 0
    let oursText = "ours \(nanoseconds(mine)) (median \(nanoseconds(rounds.oursMedian ?? 0)))"
    if let ratio = rounds.bestRatio, let peer = rounds.peerBest {
      let perRound = rounds.ratios.map { format($0, 2) + "x" }.joined(separator: " ")
      let median = format(rounds.medianRatio ?? 0, 2) + "x"
      return judged(
        target, ratio: ratio, ours: mine, ratioNote: "the peer",
        detail: "best of \(count) paired rounds: \(oursText), \(target.peer) "
          + "\(nanoseconds(peer)); rounds \(perRound), median \(median)")
    }
    let ratio = target.recordedPeer / target.recordedOurs
    return judged(
      target, ratio: ratio, ours: mine, ratioNote: "recorded instructions",
      detail: "no time from the peer (no --peers DIR or HKBRIDGE_CODEC_PEERS, or it failed); "
        + "recorded instructions an operation: \(target.peer) "
        + "\(grouped(Int(target.recordedPeer))), ours \(grouped(Int(target.recordedOurs))) "
        + "(\(format(ratio, 2))x); best of \(count) rounds: \(oursText)")
  }

  /// The figure of `target`: judged by `ratio` (peer over ours) when the target is a ratio, else
  /// by our nanoseconds.
  private static func judged(
    _ target: Target, ratio: Double, ours: Double, ratioNote: String, detail: String
  ) -> Figure {
    if let limit = target.minimumRatio {
      return Figure(
        name: target.name, result: "\(format(ratio, 2))x (\(ratioNote))",
        target: ">= \(format(limit, 1))x the peer", detail: detail,
        verdict: ratio >= limit ? .met : .missed)
    }
    let limit = target.maximumNanoseconds ?? 0
    return Figure(
      name: target.name, result: "\(format(ours, 1)) ns (\(format(ratio, 2))x, \(ratioNote))",
      target: "<= \(format(limit)) ns", detail: detail, verdict: ours <= limit ? .met : .missed)
  }

  private static func nanoseconds(_ value: Double) -> String {
    value >= 10_000 ? "\(format(value / 1_000, 1)) us" : "\(format(value, 1)) ns"
  }

  /// One `--quick` run of each peer: its best ns an operation, by peer and workload (a peer that
  /// failed is left out).
  static func runPeers(_ peers: [String: String]) -> [String: [String: Double]] {
    var times: [String: [String: Double]] = [:]
    for (peer, path) in peers.sorted(by: { $0.key < $1.key }) {
      times[peer] = Self.times(of: path)
    }
    return times
  }

  /// Runs a peer with `--quick` and reads its `WORKLOAD BEST_NS MEDIAN_NS` lines.
  static func times(of path: String) -> [String: Double]? {
    guard var child = try? Subprocess.spawn(path, ["--quick"]) else { return nil }
    child.closeInput()
    var text: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(child.output, $0.baseAddress, $0.count) }
      if n <= 0 { break }
      text += chunk[0..<n]
    }
    guard child.finish() == 0 else { return nil }
    return parseTimes(String(decoding: text, as: UTF8.self))
  }

  /// The best ns of each `WORKLOAD BEST_NS MEDIAN_NS` line of a peer's output; other lines (the
  /// peer's `peer NAME reply-bytes N call-bytes N` heading) are skipped.
  static func parseTimes(_ text: String) -> [String: Double] {
    var times: [String: Double] = [:]
    for line in text.split(separator: "\n") {
      let words = line.split(separator: " ")
      if words.count == 3, let best = Double(words[1]) { times[String(words[0])] = best }
    }
    return times
  }
}
