#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--baseline PATH`: `hkbridge replay golden/*.jsonl` by this build and by an earlier one (the
/// issue's anchor is f3801bb), run alternately in the same run so that both meet the same load.
/// The same files give both the same exchanges, so the ratio of the best CPU times is the ratio
/// per exchange (process start included in both; the wall times, which also hold the sleeps a
/// golden asks for, are shown beside). The earlier build may fail exchanges whose goldens
/// changed since; only a run that does not end with a summary line counts as an error.
struct BaselineReplayBench {
  var quick: Bool
  var hkbridge: HKBridgeBinary
  var baseline: String

  static let name = "replay of the goldens, beside an earlier build"
  static let target = ">= 2x faster than the baseline"

  func run(into report: inout Report) {
    if let problem = hkbridge.problem {
      report.add(Figure.notMeasured(Self.name, target: Self.target, detail: problem))
      return
    }
    guard access(baseline, X_OK) == 0 else {
      report.add(
        Figure.notMeasured(
          Self.name, target: Self.target, detail: "no executable at --baseline \(baseline)"))
      return
    }
    let files = Self.goldens()
    guard !files.isEmpty else {
      report.add(
        Figure.notMeasured(
          Self.name, target: Self.target,
          detail: "no golden/*.jsonl here: run the benchmark from the project's directory"))
      return
    }
    // Wall and CPU time of each run: the wall time includes the process's start and what it
    // waits for by design (a golden's `setLatency` sleeps 5 ms in both builds); the CPU time is
    // the work of replaying the exchanges, which is what the target compares.
    var now: [(wall: Double, cpu: Double)] = []
    var before: [(wall: Double, cpu: Double)] = []
    for _ in 0..<(quick ? 2 : 5) {
      for (path, side) in [(hkbridge.path, 0), (baseline, 1)] {
        let run = runProcess(path, ["replay"] + files)
        guard run.lastLine.hasSuffix(" failed") else {
          report.add(
            Figure.failed(
              Self.name, target: Self.target,
              detail: "\(path) exited \(run.status): '\(run.lastLine)'"))
          return
        }
        let times = (wall: run.nanoseconds, cpu: run.cpuNanoseconds)
        if side == 0 { now.append(times) } else { before.append(times) }
      }
    }
    guard let best = now.map(\.cpu).min(), let anchor = before.map(\.cpu).min(), best > 0,
      let bestWall = now.map(\.wall).min(), let anchorWall = before.map(\.wall).min()
    else { return }
    let ratio = anchor / best
    report.add(
      Figure(
        name: Self.name, result: "\(format(ratio, 2))x faster", target: Self.target,
        detail: "\(files.count) files, best of \(now.count) alternations: CPU time "
          + "\(format(best / 1e6, 1)) ms against \(format(anchor / 1e6, 1)) ms (\(baseline)); "
          + "wall time \(format(bestWall / 1e6, 1)) ms against \(format(anchorWall / 1e6, 1)) ms "
          + "(\(format(anchorWall / bestWall, 2))x: both include the start and any sleep a "
          + "golden asks for); compare instruction counts too (callgrind)",
        verdict: ratio >= 2 ? .met : .missed))
  }

  /// `golden/*.jsonl` under the current directory, sorted.
  static func goldens() -> [String] {
    var found = glob_t()
    defer { globfree(&found) }
    guard glob("golden/*.jsonl", 0, nil, &found) == 0 else { return [] }
    return (0..<Int(found.gl_pathc)).compactMap { index in
      found.gl_pathv[index].map { String(cString: $0) }
    }.sorted()
  }
}
