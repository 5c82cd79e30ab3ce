#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process started with `posix_spawn`, its stdin and stdout on pipes to us, its stderr
/// to /dev/null (or inherited).
struct Subprocess {
  let pid: pid_t
  /// Our end of the child's stdin (`-1` once closed).
  var input: Int32
  /// Our end of the child's stdout (`-1` once closed).
  var output: Int32
  /// The CPU time the child used (user and system), in nanoseconds, once ``finish()`` reaped it.
  private(set) var cpuNanoseconds: Double?

  /// Why a child could not be started.
  struct SpawnError: Error, CustomStringConvertible {
    var description: String
  }

  /// Starts `path` with `arguments` (not including argv[0]) and a minimal environment.
  static func spawn(_ path: String, _ arguments: [String], keepStderr: Bool = false)
    throws(SpawnError) -> Subprocess
  {
    var toChild: [Int32] = [-1, -1]
    var fromChild: [Int32] = [-1, -1]
    guard pipe(&toChild) == 0 else { throw SpawnError(description: "pipe: errno \(errno)") }
    guard pipe(&fromChild) == 0 else {
      close(toChild[0])
      close(toChild[1])
      throw SpawnError(description: "pipe: errno \(errno)")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
    if !keepStderr {
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    for fd in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, fd) }

    let words: [String] = [path] + arguments
    let argv = words.map { strdup($0) } + [nil]
    let environment: [String] = ["PATH=/usr/bin:/bin", "LC_ALL=C"]
    let envp = environment.map { strdup($0) } + [nil]
    defer { for word in argv + envp { free(word) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, path, &actions, nil, argv, envp)
    close(toChild[0])
    close(fromChild[1])
    guard status == 0 else {
      close(toChild[1])
      close(fromChild[0])
      throw SpawnError(description: "cannot start \(path): errno \(status)")
    }
    return Subprocess(pid: pid, input: toChild[1], output: fromChild[0], cpuNanoseconds: nil)
  }

  mutating func closeInput() {
    if input >= 0 { close(input) }
    input = -1
  }

  mutating func closeOutput() {
    if output >= 0 { close(output) }
    output = -1
  }

  /// Closes our ends and waits for the child; returns its exit status (or 128 + signal).
  mutating func finish() -> Int32 {
    closeInput()
    closeOutput()
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    cpuNanoseconds = Self.nanoseconds(usage.ru_utime) + Self.nanoseconds(usage.ru_stime)
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  private static func nanoseconds(_ time: timeval) -> Double {
    Double(time.tv_sec) * 1e9 + Double(time.tv_usec) * 1e3
  }

  /// Kills the child (SIGKILL) and reaps it.
  mutating func kill() {
    _ = Glibc.kill(pid, SIGKILL)
    _ = finish()
  }

  /// The child's memory figures from /proc/PID/status.
  func memory() -> MemoryStatus? { MemoryStatus.read(pid: pid) }
}

/// Writes all of `bytes` to `fd` (blocking); `false` on an error.
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
  var done = 0
  while done < bytes.count {
    let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
    if n < 0 {
      if errno == EINTR { continue }
      return false
    }
    done += n
  }
  return true
}

/// An absolute path to `name` in /usr/bin or /bin, or `nil`.
func systemTool(_ name: String) -> String? {
  ["/usr/bin/", "/bin/"].map { $0 + name }.first { access($0, X_OK) == 0 }
}

/// Resident memory from /proc/PID/status (or /proc/self/status), in KiB.
struct MemoryStatus {
  /// Resident now (`VmRSS`).
  var residentKiB: Int
  /// The most ever resident (`VmHWM`).
  var peakKiB: Int

  static func read(pid: pid_t? = nil) -> MemoryStatus? {
    let path = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
    guard let text = readTextFile(path) else { return nil }
    var rss: Int?
    var hwm: Int?
    for line in text.split(separator: "\n") {
      if line.hasPrefix("VmRSS:") { rss = kibibytes(line) }
      if line.hasPrefix("VmHWM:") { hwm = kibibytes(line) }
    }
    guard let rss, let hwm else { return nil }
    return MemoryStatus(residentKiB: rss, peakKiB: hwm)
  }

  private static func kibibytes(_ line: Substring) -> Int? {
    line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
  }
}
