/// protocol/targets.md: round trips per second through a real `hkbridge serve` over pipes, pipelined and one
/// at a time, beside a bare pipe echo (`cat`) of the same frames; and the serve process's memory
/// over the pipelined run (10^6 calls in a full run).
struct ServeBench {
  var quick: Bool
  var hkbridge: HKBridgeBinary

  private var pipelinedCalls: Int { quick ? 100_000 : 1_000_000 }
  private var serialCalls: Int { quick ? 2_000 : 20_000 }
  private static let batchFrames = 1_024

  func run(into report: inout Report) {
    let batch = Frames.isAvailableBatch(count: Self.batchFrames)
    let frameSize = batch.count / Self.batchFrames
    guard let cat = systemTool("cat") else {
      print("  no `cat` in /usr/bin or /bin: round trips not measured")
      return
    }
    let echo = FrameDriver(batch: batch, frameSize: frameSize, expectedKind: Frames.message)
    let echoPipelined = drive(cat, [], echo, total: pipelinedCalls, window: Int.max, hello: false)
    let echoSerial = drive(cat, [], echo, total: serialCalls, window: 1, hello: false)

    for (name, run) in [("pipelined", echoPipelined), ("one at a time", echoSerial)] {
      report.add(
        Figure(
          name: "bare pipe echo (`cat`), \(name)",
          result: run.value.map { "\(format($0.perSecond))/s" } ?? "failed",
          target: "- (the limit beside serve)",
          detail: run.value.map {
            "\(grouped($0.roundTrips)) frames of \(frameSize) bytes in "
              + "\(format(Double($0.nanoseconds) / 1e6, 1)) ms"
          } ?? run.problem ?? "",
          verdict: run.value == nil ? .missed : .informational))
    }
    if let problem = hkbridge.problem {
      notMeasured(problem, into: &report)
      return
    }
    let serve = FrameDriver(batch: batch, frameSize: frameSize, expectedKind: Frames.reply)
    var samples: [(Int, MemoryStatus)] = []
    let pipelined = drive(
      hkbridge.path, ["serve", "--log-level", "quiet"], serve, total: pipelinedCalls,
      window: Int.max, hello: true, samples: &samples)
    let serial = drive(
      hkbridge.path, ["serve", "--log-level", "quiet"], serve, total: serialCalls, window: 1,
      hello: true)

    for (name, served, echoed) in [
      ("pipelined", pipelined, echoPipelined), ("one at a time", serial, echoSerial),
    ] {
      guard let served = served.value, let echoed = echoed.value else {
        let why = served.problem ?? echoed.problem ?? "unknown"
        report.add(
          Figure.failed("serve round trips, \(name)", target: target(name), detail: why))
        continue
      }
      let ratio = served.perSecond / echoed.perSecond
      let met = name == "pipelined" ? served.perSecond >= 200_000 && ratio >= 0.5 : true
      report.add(
        Figure(
          name: "serve round trips, \(name)",
          result: "\(percent(ratio)) of echo, \(format(served.perSecond))/s",
          target: target(name),
          detail: "\(format(served.perSecond))/s (\(grouped(served.roundTrips)) isAvailable "
            + "calls, \(format(1e9 / served.perSecond / 1_000, 2)) us each) beside `cat` echo "
            + "\(format(echoed.perSecond))/s; frames of \(frameSize) bytes",
          verdict: name == "pipelined" ? (met ? .met : .missed) : .informational))
    }
    memoryFigure(samples, into: &report)
  }

  private func target(_ name: String) -> String {
    name == "pipelined" ? ">= 200,000/s and >= 50 % of echo" : "- (shown beside echo)"
  }

  /// Serve's resident memory after the first tenth of the calls (warm-up) and at the end.
  private func memoryFigure(_ samples: [(Int, MemoryStatus)], into report: inout Report) {
    guard let warm = samples.first?.1, let last = samples.last else {
      report.add(
        Figure.failed(
          "hkbridge serve memory over \(grouped(pipelinedCalls)) calls",
          target: "flat after warm-up", detail: "no /proc/PID/status samples"))
      return
    }
    let growth = last.1.residentKiB - warm.residentKiB
    let peakGrowth = last.1.peakKiB - warm.peakKiB
    let trail = samples.map { "\(grouped($0.1.residentKiB))" }.joined(separator: " ")
    report.add(
      Figure(
        name: "hkbridge serve memory over \(grouped(last.0)) calls",
        result: "\(growth >= 0 ? "+" : "")\(grouped(growth)) KiB RSS after warm-up",
        target: "flat after warm-up",
        detail: "VmRSS \(grouped(warm.residentKiB)) -> \(grouped(last.1.residentKiB)) KiB, "
          + "VmHWM \(grouped(warm.peakKiB)) -> \(grouped(last.1.peakKiB)) KiB "
          + "(+\(grouped(peakGrowth))); RSS every tenth: \(trail)",
        verdict: growth <= 256 && peakGrowth <= 256 ? .met : .missed))
  }

  private func notMeasured(_ why: String, into report: inout Report) {
    for name in ["pipelined", "one at a time"] {
      report.add(
        Figure.notMeasured("serve round trips, \(name)", target: target(name), detail: why))
    }
    report.add(
      Figure.notMeasured(
        "hkbridge serve memory over \(grouped(pipelinedCalls)) calls", target: "flat after warm-up",
        detail: why))
  }

  /// The outcome of one run against a fresh peer, or why it failed.
  struct Run {
    var value: FrameDriver.Outcome?
    var problem: String?
  }

  private func drive(
    _ path: String, _ arguments: [String], _ driver: FrameDriver, total: Int, window: Int,
    hello: Bool
  ) -> Run {
    var unused: [(Int, MemoryStatus)] = []
    return drive(
      path, arguments, driver, total: total, window: window, hello: hello, samples: &unused)
  }

  private func drive(
    _ path: String, _ arguments: [String], _ driver: FrameDriver, total: Int, window: Int,
    hello: Bool, samples: inout [(Int, MemoryStatus)]
  ) -> Run {
    var peer: Subprocess
    do {
      peer = try Subprocess.spawn(path, arguments)
    } catch {
      return Run(problem: error.description)
    }
    if hello {
      guard let first = readFirstFrame(peer.output), first.kind == Frames.hello else {
        peer.kill()
        return Run(problem: "\(path) \(arguments.joined(separator: " ")) sent no HELLO frame")
      }
    }
    var collected: [(Int, MemoryStatus)] = []
    let pid = peer.pid
    let outcome = driver.run(&peer, total: total, window: window) { answered in
      if let memory = MemoryStatus.read(pid: pid) { collected.append((answered, memory)) }
    }
    samples = collected
    let status = peer.finish()
    if let failure = outcome.failure { return Run(problem: failure) }
    if status != 0 { return Run(problem: "\(path) exited with status \(status)") }
    return Run(value: outcome)
  }
}
