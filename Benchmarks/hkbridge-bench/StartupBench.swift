/// protocol/targets.md: process start to HELLO, beside `/bin/true` started the same way (posix_spawn with
/// pipes on stdin and stdout, timed until its first frame, or for `true` until its output ends).
struct StartupBench {
  var quick: Bool
  var hkbridge: HKBridgeBinary

  func run(into report: inout Report) {
    let name = "process start to HELLO"
    guard let truePath = systemTool("true") else {
      print("  no `true` in /usr/bin or /bin: start-up not measured")
      return
    }
    if let problem = hkbridge.problem {
      report.add(
        Figure.notMeasured(name, target: "<= 20 ms", detail: problem))
      return
    }
    let repeats = quick ? 5 : 30
    var hello: [Double] = []
    var bare: [Double] = []
    var problem: String?
    for _ in 0..<repeats {
      switch time(hkbridge.path, ["serve", "--log-level", "quiet"], expectFrame: true) {
      case .success(let ns): hello.append(ns)
      case .failure(let error): problem = error.description
      }
      if case .success(let ns) = time(truePath, [], expectFrame: false) { bare.append(ns) }
    }
    guard problem == nil, !hello.isEmpty, !bare.isEmpty else {
      report.add(
        Figure.failed(name, target: "<= 20 ms", detail: problem ?? "no samples"))
      return
    }
    hello.sort()
    bare.sort()
    let best = hello[0] / 1e6
    let bareBest = bare[0] / 1e6
    report.add(
      Figure(
        name: name,
        result: "\(format(best, 2)) ms (\(format(best / bareBest, 1))x /bin/true)",
        target: "<= 20 ms",
        detail: "best of \(repeats), median \(format(hello[hello.count / 2] / 1e6, 2)) ms; "
          + "beside /bin/true \(format(bareBest, 2)) ms (median "
          + "\(format(bare[bare.count / 2] / 1e6, 2)) ms)",
        verdict: best <= 20 ? .met : .missed))
  }

  /// Nanoseconds from spawning to the first frame (or, for a peer that writes none, to the end
  /// of its output).
  private func time(_ path: String, _ arguments: [String], expectFrame: Bool)
    -> Result<Double, Subprocess.SpawnError>
  {
    let start = monotonicNanoseconds()
    var child: Subprocess
    do {
      child = try Subprocess.spawn(path, arguments)
    } catch {
      return .failure(error)
    }
    let first = readFirstFrame(child.output)
    let elapsed = Double(monotonicNanoseconds() - start)
    _ = child.finish()
    if expectFrame && first?.kind != Frames.hello {
      return .failure(Subprocess.SpawnError(description: "\(path) sent no HELLO frame"))
    }
    return .success(elapsed)
  }
}
