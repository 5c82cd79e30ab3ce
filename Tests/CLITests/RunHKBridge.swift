import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one run of the `hkbridge` binary produced.
struct RunResult: Sendable {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// Where a run's stdout goes: a temporary file (collected), another path (e.g. `/dev/full`;
/// nothing collected), a closed descriptor, or a pipe whose reader has already gone (EPIPE).
enum StdoutTarget: Sendable {
  case collected
  case path(String)
  case closed
  case brokenPipe
}

/// Runs the built `hkbridge` (it sits next to the test bundle) with `arguments` and `stdin` (or
/// /dev/null), collecting stdout and stderr through temporary files.
func hkbridge(_ arguments: [String], stdin: String? = nil, stdout: StdoutTarget = .collected)
  throws -> RunResult
{
  let executable = try locateExecutable()
  let stdinPath = try temporaryFile(contents: stdin ?? "")
  let stdoutPath = try temporaryFile(contents: "")
  let stderrPath = try temporaryFile(contents: "")
  defer {
    for path in [stdinPath, stdoutPath, stderrPath] { unlink(path) }
  }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(
    &actions, 0, stdin == nil ? "/dev/null" : stdinPath, O_RDONLY, 0)
  var brokenPipe: [Int32] = [-1, -1]
  defer { if brokenPipe[1] >= 0 { close(brokenPipe[1]) } }
  switch stdout {
  case .collected:
    posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_TRUNC, 0)
  case .path(let path):
    posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY, 0)
  case .closed:
    posix_spawn_file_actions_addclose(&actions, 1)
  case .brokenPipe:
    guard pipe(&brokenPipe) == 0 else { throw CLITestError("pipe failed: \(errno)") }
    close(brokenPipe[0])
    posix_spawn_file_actions_adddup2(&actions, brokenPipe[1], 1)
    posix_spawn_file_actions_addclose(&actions, brokenPipe[1])
  }
  posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_TRUNC, 0)
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  defer { for arg in argv { free(arg) } }
  var pid = pid_t()
  let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
  guard spawned == 0 else { throw CLITestError("posix_spawn \(executable) failed: \(spawned)") }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 {
    guard errno == EINTR else { throw CLITestError("waitpid failed: \(errno)") }
  }
  // Exit status from the wait status (WEXITSTATUS), or 128 + signal when it was killed.
  let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  return RunResult(
    status: exitStatus, stdout: try readFile(stdoutPath), stderr: try readFile(stderrPath))
}

struct CLITestError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// `hkbridge` in the directory of this test process (`/proc/self/exe`; under `swift test` that is
/// the `.xctest` bundle in the build directory), else next to `CommandLine.arguments[0]`.
func locateExecutable() throws -> String {
  var candidates: [String] = []
  var buffer = [CChar](repeating: 0, count: 4096)
  let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  if length > 0 {
    let exe = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    candidates.append(directory(of: exe) + "/hkbridge")
  }
  if let first = CommandLine.arguments.first {
    candidates.append(directory(of: first) + "/hkbridge")
  }
  for candidate in candidates where access(candidate, X_OK) == 0 { return candidate }
  throw CLITestError("no hkbridge executable at \(candidates)")
}

private func directory(of path: String) -> String {
  guard let slash = path.lastIndex(of: "/") else { return "." }
  return String(path[..<slash])
}

private func temporaryFile(contents: String) throws -> String {
  var template = Array("/tmp/hkbridge-cli-XXXXXX".utf8CString)
  let fd = mkstemp(&template)
  guard fd >= 0 else { throw CLITestError("mkstemp failed: \(errno)") }
  defer { close(fd) }
  var text = contents
  text.withUTF8 { buffer in
    var offset = 0
    while offset < buffer.count, let base = buffer.baseAddress {
      let written = write(fd, base + offset, buffer.count - offset)
      if written <= 0 { break }
      offset += written
    }
  }
  return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

private func readFile(_ path: String) throws -> String {
  let fd = open(path, O_RDONLY)
  guard fd >= 0 else { throw CLITestError("cannot open \(path)") }
  defer { close(fd) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if count <= 0 { break }
    bytes.append(contentsOf: chunk[0..<count])
  }
  return String(decoding: bytes, as: UTF8.self)
}
