import Foundation
import Testing

/// The built `hkbridge-bench` (beside the test bundle) run as a user runs it: a bad `--rounds` or
/// `--frames` is refused with exit status 2 and a message naming the option and what it takes;
/// `--frames COUNT` writes exactly COUNT frames and nothing else.
@Suite struct BenchCommandLineTests {
  struct Outcome {
    var stdout: Data
    var stderr: String
    var status: Int32
  }

  static var executable: URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("hkbridge-bench")
  }

  static func run(_ arguments: [String]) throws -> Outcome {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      stdout: out, stderr: String(decoding: err, as: UTF8.self),
      status: process.terminationStatus)
  }

  @Test(arguments: [
    (["--rounds", "0"], "--rounds takes a whole number of rounds, 1 or more; got '0'"),
    (["--rounds", "many"], "--rounds takes a whole number of rounds, 1 or more; got 'many'"),
    (["--frames", "-1"], "--frames takes a number of frames, 0 or more; got '-1'"),
    (["--frames", "x"], "--frames takes a number of frames, 0 or more; got 'x'"),
  ])
  func aBadCountIsRefusedWithStatusTwo(arguments: [String], message: String) throws {
    let outcome = try Self.run(arguments)
    #expect(outcome.status == 2)
    #expect(outcome.stderr == "hkbridge-bench: \(message)\n")
    #expect(outcome.stdout.isEmpty)
  }

  /// 1,025 frames: a whole batch of 1,024 and one more, ids 1…1,025 in order.
  @Test func framesWritesExactlyTheFramesAskedFor() throws {
    let outcome = try Self.run(["--frames", "1025"])
    #expect(outcome.status == 0 && outcome.stderr.isEmpty)
    let bytes = [UInt8](outcome.stdout)
    #expect(bytes.count == 1_025 * 47)
    let ids: [UInt32] = stride(from: 0, to: bytes.count, by: 47).map { offset in
      bytes[(offset + 6)..<(offset + 10)].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
    #expect(ids == (1...1_025).map { UInt32($0) })
    #expect(try Self.run(["--frames", "0"]).stdout.isEmpty)
  }
}
