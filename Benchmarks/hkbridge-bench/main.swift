// hkbridge-bench: every figure of protocol/targets.md, each beside its limit, measured in one run.
//
//   swift run -c release hkbridge-bench            full run (under ~2 minutes)
//   swift run -c release hkbridge-bench --quick    a fast smoke run
//   ... --only codec,serve,start,replay,store,memory,reads,bounds   some sections only

func runBenchmarks(_ options: Options) {
  let machine = MachineInfo.current()
  print("hkbridge-bench\(options.quick ? " (quick)" : ""): \(machine.summary)")
  let started = monotonicNanoseconds()
  var report = Report()

  if options.wants("codec") {
    print("codec")
    CodecBench(quick: options.quick, peers: options.peers).run(into: &report)
  }

  let hkbridge = HKBridgeBinary.locate(override: options.hkbridge)
  if let warning = hkbridge.warning { print("warning: \(warning)") }
  if options.wants("serve") {
    print("serve")
    ServeBench(quick: options.quick, hkbridge: hkbridge, roundsGiven: options.serveRounds).run(
      into: &report)
  }
  if options.wants("start") {
    print("start")
    StartupBench(quick: options.quick, hkbridge: hkbridge).run(into: &report)
  }
  if options.wants("replay") {
    print("replay")
    ReplayBench(quick: options.quick, hkbridge: hkbridge).run(into: &report)
    if let baseline = options.baseline {
      BaselineReplayBench(quick: options.quick, hkbridge: hkbridge, baseline: baseline)
        .run(into: &report)
    }
  }
  if options.wants("memory") {
    print("memory")
    MemoryBench(quick: options.quick).run(into: &report)
  }
  if options.wants("reads") {
    print("reads")
    PipelinedReadBench(quick: options.quick, hkbridge: hkbridge).run(into: &report)
  }

  if options.wants("bounds") {
    print("bounds")
    BoundsBench(quick: options.quick, hkbridge: hkbridge).run(into: &report)
  }
  if options.wants("store") {
    print("store")
    StoreBench(quick: options.quick).run(into: &report)
  }
  let elapsed = Double(monotonicNanoseconds() - started) / 1e9
  print("")
  print(report.table())
  print("")
  print("total run time \(format(elapsed, 1)) s; load average now \(MachineInfo.current().load)")
}

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
if let (workload, count) = options.profile {
  workload.run(count: count)
} else if let count = options.frames {
  Frames.writeIsAvailableBatch(count: count)
} else {
  runBenchmarks(options)
}
