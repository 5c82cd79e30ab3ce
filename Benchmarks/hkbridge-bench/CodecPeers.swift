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
struct CodecPeers {
  /// One target: our workload, the peer it is judged beside, and the limit.
  struct Target {
    var name: String
    var workload: String
    var peer: String
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
      peer: "flutter-glib-peer", minimumRatio: 5, maximumNanoseconds: nil,
      recordedPeer: 39_140_000, recordedOurs: 6_284_000),
    Target(
      name: "reply encode beside Flutter's C++ codec", workload: "reply-encode",
      peer: "flutter-cpp-peer", minimumRatio: 2.5, maximumNanoseconds: nil,
      recordedPeer: 4_607_000, recordedOurs: 1_521_000),
    Target(
      name: "small call decode beside Flutter's C++ codec", workload: "call-decode",
      peer: "flutter-cpp-peer", minimumRatio: nil, maximumNanoseconds: 40,
      recordedPeer: 799, recordedOurs: 179),
    Target(
      name: "small call encode beside Flutter's C++ codec", workload: "call-encode",
      peer: "flutter-cpp-peer", minimumRatio: nil, maximumNanoseconds: 40,
      recordedPeer: 1_356, recordedOurs: 434),
  ]

  var quick: Bool
  /// Where the peer programs are, if anywhere.
  var directory: String?
  /// Our best ns an operation, by workload name, measured earlier in this run.
  var ours: [String: Double]

  func run(into report: inout Report) {
    var peerTimes: [String: [String: Double]] = [:]
    if let directory {
      for peer in Set(Self.targets.map(\.peer)).sorted() {
        let path = directory + "/" + peer
        guard access(path, X_OK) == 0 else {
          print("  \(peer): not in \(directory)")
          continue
        }
        peerTimes[peer] = Self.times(of: path, quick: quick)
      }
    }
    for target in Self.targets {
      guard let mine = ours[target.workload] else { continue }
      if let peerTime = peerTimes[target.peer]?[target.workload] {
        report.add(figure(target, ours: mine, peer: peerTime))
      } else {
        report.add(recordedFigure(target, ours: mine))
      }
    }
  }

  /// Beside the peer measured in this run.
  private func figure(_ target: Target, ours: Double, peer: Double) -> Figure {
    judged(
      target, ratio: ours > 0 ? peer / ours : 0, ours: ours, ratioNote: "the peer",
      detail: "ours \(nanoseconds(ours)), \(target.peer) \(nanoseconds(peer)) (best of each, "
        + "same run)")
  }

  /// Without the peer: beside the instruction counts recorded for it and for this codec.
  private func recordedFigure(_ target: Target, ours: Double) -> Figure {
    let ratio = target.recordedPeer / target.recordedOurs
    return judged(
      target, ratio: ratio, ours: ours, ratioNote: "recorded instructions",
      detail: "peer not run (no --peers DIR or HKBRIDGE_CODEC_PEERS); recorded instructions an "
        + "operation: \(target.peer) \(grouped(Int(target.recordedPeer))), ours "
        + "\(grouped(Int(target.recordedOurs))) (\(format(ratio, 2))x); ours now "
        + nanoseconds(ours))
  }

  /// The figure of `target`: judged by `ratio` (peer over ours) when the target is a ratio, else
  /// by our nanoseconds.
  private func judged(
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

  private func nanoseconds(_ value: Double) -> String {
    value >= 10_000 ? "\(format(value / 1_000, 1)) us" : "\(format(value, 1)) ns"
  }

  /// Runs a peer and reads its `WORKLOAD BEST_NS MEDIAN_NS` lines.
  static func times(of path: String, quick: Bool) -> [String: Double] {
    guard var child = try? Subprocess.spawn(path, quick ? ["--quick"] : []) else { return [:] }
    child.closeInput()
    var text: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(child.output, $0.baseAddress, $0.count) }
      if n <= 0 { break }
      text += chunk[0..<n]
    }
    guard child.finish() == 0 else { return [:] }
    var times: [String: Double] = [:]
    for line in String(decoding: text, as: UTF8.self).split(separator: "\n") {
      let words = line.split(separator: " ")
      if words.count == 3, let best = Double(words[1]) { times[String(words[0])] = best }
    }
    return times
  }
}
