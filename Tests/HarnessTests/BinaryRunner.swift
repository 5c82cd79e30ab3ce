import Foundation

/// Runs the built `hkbridge` executable (it sits beside the test bundle) over real pipes.
enum BinaryRunner {
  struct Result {
    var stdout: [UInt8]
    var stderr: String
    var status: Int32
    var exitedNormally: Bool
  }

  /// The `hkbridge` binary next to the running test executable.
  static var executableURL: URL {
    let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return me.deletingLastPathComponent().appendingPathComponent("hkbridge")
  }

  /// Holds what a reader thread collected.
  final class Box: @unchecked Sendable {
    var data = Data()
  }

  /// Starts `hkbridge ARGS`, writes `input` to its stdin from another thread while reading
  /// stdout and stderr, closes stdin, waits for the exit.
  static func run(
    _ arguments: [String], input: [UInt8], closeStdoutEarly: Bool = false,
    currentDirectory: URL? = nil
  ) throws -> Result {
    // A child that exits before reading all its input must not kill the test with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = executableURL
    process.arguments = arguments
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    if closeStdoutEarly { try stdout.fileHandleForReading.close() }
    let errBox = Box()
    let errDone = DispatchSemaphore(value: 0)
    let errHandle = stderr.fileHandleForReading
    Thread.detachNewThread {
      errBox.data = errHandle.readDataToEndOfFile()
      errDone.signal()
    }
    let inputData = Data(input)
    let inHandle = stdin.fileHandleForWriting
    let inDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      // The writer may be cut short when the process exits early; that is not an error here.
      try? inHandle.write(contentsOf: inputData)
      try? inHandle.close()
      inDone.signal()
    }
    var out = Data()
    if !closeStdoutEarly { out = stdout.fileHandleForReading.readDataToEndOfFile() }
    process.waitUntilExit()
    inDone.wait()
    errDone.wait()
    return Result(
      stdout: [UInt8](out), stderr: String(decoding: errBox.data, as: UTF8.self),
      status: process.terminationStatus,
      exitedNormally: process.terminationReason == .exit)
  }
}
