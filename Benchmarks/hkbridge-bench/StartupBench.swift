#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// protocol/targets.md: process start to HELLO, beside `/bin/true` started the same way (posix_spawn with
/// pipes on stdin and stdout, timed until its first frame, or for `true` until its output ends).
struct StartupBench {
  var quick: Bool
  var hkbridge: HKBridgeBinary

  func run(into report: inout Report) {
    startToHello(into: &report)
    startToExit(into: &report)
  }

  /// Issue 32: start to exit of `serve` with an empty stdin, beside `cat` started the same way
  /// (empty stdin, output drained to its end, reaped), samples taken in turn.
  func startToExit(into report: inout Report) {
    let name = "start to exit, serve < empty stdin"
    let target = "<= 2.5x cat"
    guard let catPath = systemTool("cat") else {
      print("  no `cat` in /usr/bin or /bin: start to exit not measured")
      return
    }
    if let problem = hkbridge.problem {
      report.add(Figure.notMeasured(name, target: target, detail: problem))
      return
    }
    let repeats = quick ? 5 : 30
    var serve: [Double] = []
    var cat: [Double] = []
    for _ in 0..<repeats {
      if let ns = Self.untilExit(hkbridge.path, ["serve", "--log-level", "quiet"]) {
        serve.append(ns)
      }
      if let ns = Self.untilExit(catPath, []) { cat.append(ns) }
    }
    guard !serve.isEmpty, !cat.isEmpty else {
      report.add(Figure.failed(name, target: target, detail: "no samples"))
      return
    }
    serve.sort()
    cat.sort()
    let ratio = serve[0] / cat[0]
    report.add(
      Figure(
        name: name, result: "\(format(ratio, 1))x cat", target: target,
        detail: "best of \(repeats): serve \(format(serve[0] / 1e6, 2)) ms, cat "
          + "\(format(cat[0] / 1e6, 2)) ms (medians \(format(serve[serve.count / 2] / 1e6, 2)) "
          + "and \(format(cat[cat.count / 2] / 1e6, 2)) ms); run it with --hkbridge on the "
          + "archive's binary, linked fully static for start time (protocol/performance.md)",
        verdict: ratio <= 2.5 ? .met : .missed))
  }

  /// Nanoseconds from spawning `path` with an empty stdin to its exit, or `nil`.
  static func untilExit(_ path: String, _ arguments: [String]) -> Double? {
    let start = monotonicNanoseconds()
    guard var child = try? Subprocess.spawn(path, arguments) else { return nil }
    child.closeInput()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(child.output, $0.baseAddress, $0.count) }
      if n > 0 || (n < 0 && errno == EINTR) { continue }
      break
    }
    _ = child.finish()
    return Double(monotonicNanoseconds() - start)
  }

  func startToHello(into report: inout Report) {
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
