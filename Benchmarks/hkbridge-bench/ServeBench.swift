/// protocol/targets.md: round trips per second through a real `hkbridge serve` over pipes, pipelined and one
/// at a time, beside a bare pipe echo (`cat`) of the same frames; and the serve process's memory
/// over the pipelined run (10^6 calls in a full run).
struct ServeBench {
  var quick: Bool
  var hkbridge: HKBridgeBinary

  private var pipelinedCalls: Int { quick ? 100_000 : 1_000_000 }
  private var serialCalls: Int { quick ? 2_000 : 20_000 }
  private static let batchFrames = 1_024

  /// `--rounds N`, when given.
  var roundsGiven: Int? = nil

  /// Paired pipelined rounds (echo and serve, one right after the other, which goes first
  /// alternating): `--rounds`, else 5, or 3 with `--quick`.
  private var rounds: Int { roundsGiven ?? (quick ? 3 : 5) }

  func run(into report: inout Report) {
    let batch = Frames.isAvailableBatch(count: Self.batchFrames)
    let frameSize = batch.count / Self.batchFrames
    guard let cat = systemTool("cat") else {
      print("  no `cat` in /usr/bin or /bin: round trips not measured")
      return
    }
    let echo = FrameDriver(batch: batch, frameSize: frameSize, expectedKind: Frames.message)
    let serve = FrameDriver(batch: batch, frameSize: frameSize, expectedKind: Frames.reply)
    let serveArguments = ["serve", "--log-level", "quiet"]
    // Pipelined: echo and serve in paired rounds, so that both sides of a round run under the
    // same load (the machine's speed drifts over seconds); serve's memory over its first round.
    var paired = PairedRounds()
    var echoRuns: [Run] = []
    var serveRuns: [Run] = []
    var samples: [(Int, MemoryStatus)] = []
    let runEcho = { drive(cat, [], echo, total: pipelinedCalls, window: Int.max, hello: false) }
    for round in 0..<rounds {
      let echoFirst = round % 2 == 0
      let echoed: Run? = echoFirst ? runEcho() : nil
      var served = Run(problem: hkbridge.problem)
      if hkbridge.problem == nil {
        var roundSamples: [(Int, MemoryStatus)] = []
        served = drive(
          hkbridge.path, serveArguments, serve, total: pipelinedCalls, window: Int.max,
          hello: true, samples: &roundSamples)
        if round == 0 { samples = roundSamples }
      }
      let echoRun = echoed ?? runEcho()
      echoRuns.append(echoRun)
      serveRuns.append(served)
      if let mine = served.value, let theirs = echoRun.value {
        paired.add(ours: Self.nanosecondsEach(mine), peer: Self.nanosecondsEach(theirs))
      }
    }
    let echoSerial = drive(cat, [], echo, total: serialCalls, window: 1, hello: false)
    let bestEcho = Self.best(echoRuns)
    for (name, run) in [("pipelined", bestEcho), ("one at a time", echoSerial)] {
      report.add(
        Figure(
          name: "bare pipe echo (`cat`), \(name)",
          result: run.value.map { "\(format($0.perSecond))/s" } ?? "failed",
          target: "- (the limit beside serve)",
          detail: run.value.map {
            "\(grouped($0.roundTrips)) frames of \(frameSize) bytes in "
              + "\(format(Double($0.nanoseconds) / 1e6, 1)) ms"
              + (name == "pipelined" ? ", the best of \(rounds) rounds" : "")
          } ?? run.problem ?? "",
          verdict: run.value == nil ? .missed : .informational))
    }
    if let problem = hkbridge.problem {
      notMeasured(problem, into: &report)
      return
    }
    report.add(pipelinedFigure(paired, served: Self.best(serveRuns), echoed: bestEcho, frameSize))
    let serial = drive(
      hkbridge.path, serveArguments, serve, total: serialCalls, window: 1, hello: true)
    if let served = serial.value, let echoed = echoSerial.value {
      let ratio = served.perSecond / echoed.perSecond
      report.add(
        Figure(
          name: "serve round trips, one at a time",
          result: "\(percent(ratio)) of echo, \(format(served.perSecond))/s",
          target: target("one at a time"),
          detail: "\(format(served.perSecond))/s (\(grouped(served.roundTrips)) isAvailable "
            + "calls, \(format(1e9 / served.perSecond / 1_000, 2)) us each) beside `cat` echo "
            + "\(format(echoed.perSecond))/s; frames of \(frameSize) bytes",
          verdict: .informational))
    } else {
      let why = serial.problem ?? echoSerial.problem ?? "unknown"
      report.add(
        Figure.failed(
          "serve round trips, one at a time", target: target("one at a time"), detail: why))
    }
    memoryFigure(samples, into: &report)
  }

  /// The pipelined figure: serve's best round beside echo's best (``PairedRounds/bestRatio``),
  /// with every round's ratio and their median.
  private func pipelinedFigure(
    _ paired: PairedRounds, served: Run, echoed: Run, _ frameSize: Int
  ) -> Figure {
    let name = "serve round trips, pipelined"
    guard let ratio = paired.bestRatio, let best = served.value, let echo = echoed.value else {
      return Figure.failed(
        name, target: target("pipelined"),
        detail: served.problem ?? echoed.problem ?? "no round measured both sides")
    }
    let met = best.perSecond >= 200_000 && ratio >= 0.5
    let each = paired.ratios.map(percent).joined(separator: ", ")
    return Figure(
      name: name,
      result: "\(percent(ratio)) of echo, \(format(best.perSecond))/s",
      target: target("pipelined"),
      detail: "best of \(rounds) paired rounds: \(format(best.perSecond))/s "
        + "(\(grouped(best.roundTrips)) isAvailable calls, "
        + "\(format(1e9 / best.perSecond / 1_000, 2)) us each) beside `cat` echo "
        + "\(format(echo.perSecond))/s; each round \(each) (median "
        + "\(paired.medianRatio.map(percent) ?? "-")); frames of \(frameSize) bytes",
      verdict: met ? .met : .missed)
  }

  /// Nanoseconds a round trip.
  static func nanosecondsEach(_ outcome: FrameDriver.Outcome) -> Double {
    Double(outcome.nanoseconds) / Double(max(outcome.roundTrips, 1))
  }

  /// The fastest run that succeeded, else the first failure.
  static func best(_ runs: [Run]) -> Run {
    let measured = runs.filter { $0.value != nil }
    guard
      let fastest = measured.max(by: {
        ($0.value?.perSecond ?? 0) < ($1.value?.perSecond ?? 0)
      })
    else {
      return runs.first ?? Run(problem: "not run")
    }
    return fastest
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
