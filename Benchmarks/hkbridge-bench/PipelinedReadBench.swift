import FlutterCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Peak memory of `hkbridge serve` fed a file of pipelined big reads: stdin is a file of 8,000
/// `readRecords` calls over 4,000 stored samples (each reply about 1.2 MB), stdout /dev/null. A
/// file is read in big chunks that hold thousands of calls, so this is where replies held until
/// a whole chunk is served would pile up; the peak is the child's `ru_maxrss` from wait4(2).
struct PipelinedReadBench {
  var quick: Bool
  var hkbridge: HKBridgeBinary

  static let samples = 4_000
  static let limitMiB = 100

  func run(into report: inout Report) {
    let calls = quick ? 800 : 8_000
    let name = "serve peak RSS, \(grouped(calls)) pipelined readRecords of 4,000 samples (file)"
    let target = "< \(Self.limitMiB) MB"
    if let problem = hkbridge.problem {
      report.add(Figure.notMeasured(name, target: target, detail: problem))
      return
    }
    let input = Self.input(calls: calls)
    var template = Array("/tmp/hkbridge-bench-reads-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else {
      report.add(Figure.failed(name, target: target, detail: "mkstemp: errno \(errno)"))
      return
    }
    let path = String(cString: template)
    defer { unlink(path) }
    let wrote = input.withUnsafeBytes { writeAll(fd, $0) }
    close(fd)
    guard wrote else {
      report.add(Figure.failed(name, target: target, detail: "cannot write \(path)"))
      return
    }
    let start = monotonicNanoseconds()
    switch Self.run(hkbridge.path, ["serve", "--log-level", "quiet"], stdin: path) {
    case .failure(let error):
      report.add(Figure.failed(name, target: target, detail: error.description))
    case .success(let (status, peakKiB)):
      let seconds = Double(monotonicNanoseconds() - start) / 1e9
      let peakMB = Double(peakKiB) * 1024 / 1e6
      report.add(
        Figure(
          name: name,
          result: "\(format(peakMB, 1)) MB peak RSS (limit \(Self.limitMiB) MB)",
          target: target,
          detail: "ru_maxrss \(grouped(peakKiB)) KiB beside the limit \(Self.limitMiB) MB; "
            + "input \(grouped(input.count)) bytes, exit status \(status), "
            + "\(format(seconds, 1)) s",
          verdict: status == 0 && peakMB < Double(Self.limitMiB) ? .met : .missed))
    }
  }

  /// requestPermissions (read and write steps), writeRecords of 4,000 steps samples, then
  /// `calls` readRecords of all of them.
  static func input(calls: Int) -> [UInt8] {
    let codec = StandardMethodCodec()
    let channel = "healthkit_permissions"
    var bytes = Frames.message(
      id: 1, channel: channel,
      payload: codec.encodeMethodCall(
        MethodCall("requestPermissions", ["read": ["steps"], "write": ["steps"]])))
    let t0 = 1_704_067_200_000 - samples * 60_000
    let records = (0..<samples).map { i -> ChannelValue in
      .object([
        ("type", "steps"), ("start", .int(t0 + i * 60_000)), ("end", .int(t0 + i * 60_000 + 1)),
        ("value", .int(i % 100)), ("unit", "count"),
      ])
    }
    bytes += Frames.message(
      id: 2, channel: channel,
      payload: codec.encodeMethodCall(MethodCall("writeRecords", ["records": .list(records)])))
    let read = codec.encodeMethodCall(MethodCall("readRecords", ["type": "steps"]))
    for i in 0..<calls {
      bytes += Frames.message(id: UInt32(3 + i), channel: channel, payload: read)
    }
    return bytes
  }

  struct RunError: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `hkbridge` with `arguments`, stdin from `stdin`, stdout and stderr to /dev/null; its
  /// exit status and peak resident KiB.
  static func run(_ hkbridge: String, _ arguments: [String], stdin: String) -> Result<
    (Int32, Int), RunError
  > {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let words = [hkbridge] + arguments
    let argv = words.map { strdup($0) } + [nil]
    let environment: [String] = ["PATH=/usr/bin:/bin", "LC_ALL=C"]
    let envp = environment.map { strdup($0) } + [nil]
    defer { for word in argv + envp { free(word) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, hkbridge, &actions, nil, argv, envp)
    guard spawned == 0 else {
      return .failure(RunError(description: "cannot start \(hkbridge): errno \(spawned)"))
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    return .success((signal == 0 ? (status >> 8) & 0xFF : 128 + signal, usage.ru_maxrss))
  }
}
