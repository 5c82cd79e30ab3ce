import Foundation

/// A live `hkbridge serve` process for the robustness tests: input written piece by piece while it
/// runs, its memory read from `/proc/<pid>/status`, stdout and stderr collected by reader threads.
final class RobustnessSession {
  struct Ending {
    var stdout: [UInt8]
    var stderr: String
    var status: Int32
    /// True when the process exited (with `status`); false when a signal killed it.
    var exitedNormally: Bool
  }

  final class Collected: @unchecked Sendable {
    var data = Data()
  }

  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  private let stdoutBox = Collected()
  private let stderrBox = Collected()
  private let readersDone = DispatchGroup()

  /// Starts `hkbridge ARGS`; with `readStdout: false` the reading end of its stdout is closed at
  /// once (the reader went away); with `virtualMemoryLimitKB` it runs under `ulimit -v` (through
  /// `/bin/sh`, which then execs it), so that an attempt to allocate a huge buffer fails.
  init(_ arguments: [String], readStdout: Bool = true, virtualMemoryLimitKB: Int? = nil) throws {
    // Writing to a process that has exited must fail with EPIPE here, not kill the test run.
    signal(SIGPIPE, SIG_IGN)
    if let limit = virtualMemoryLimitKB {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", "ulimit -v \(limit) && exec \"$0\" \"$@\"", BinaryRunner.executableURL.path]
        + arguments
    } else {
      process.executableURL = BinaryRunner.executableURL
      process.arguments = arguments
    }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    collect(errors.fileHandleForReading, into: stderrBox)
    if readStdout {
      collect(output.fileHandleForReading, into: stdoutBox)
    } else {
      try output.fileHandleForReading.close()
    }
  }

  private func collect(_ handle: FileHandle, into box: Collected) {
    readersDone.enter()
    let group = readersDone
    Thread.detachNewThread {
      box.data = handle.readDataToEndOfFile()
      group.leave()
    }
  }

  var pid: Int32 { process.processIdentifier }

  /// Writes all of `bytes` to stdin; false once the process no longer reads (EPIPE).
  @discardableResult
  func write(_ bytes: [UInt8]) -> Bool {
    let fd = input.fileHandleForWriting.fileDescriptor
    return bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += n
      }
      return true
    }
  }

  /// `count` zero bytes, written a megabyte at a time.
  @discardableResult
  func writeZeros(_ count: Int) -> Bool {
    let chunk = [UInt8](repeating: 0, count: 1 << 20)
    var left = count
    while left > 0 {
      let n = min(left, chunk.count)
      if !write(n == chunk.count ? chunk : Array(chunk.prefix(n))) { return false }
      left -= n
    }
    return true
  }

  /// Peak resident memory so far, in bytes (`VmHWM`), while the process is alive.
  func peakResidentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
      return nil
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      if fields.count >= 3, let kilobytes = Int(fields[1]), fields[2] == "kB" {
        return kilobytes * 1024
      }
    }
    return nil
  }

  /// Closes stdin and waits for the process and its output.
  func finish() -> Ending {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    readersDone.wait()
    return Ending(
      stdout: [UInt8](stdoutBox.data), stderr: String(decoding: stderrBox.data, as: UTF8.self),
      status: process.terminationStatus, exitedNormally: process.terminationReason == .exit)
  }
}

/// One frame of the host's output, read without the Harness module's parser.
struct RobustnessFrame: Equatable {
  var kind: UInt8
  var flags: UInt8
  var id: UInt32
  var channel: [UInt8]
  var payload: [UInt8]
}

enum RobustnessWire {
  static func uint32(_ value: UInt32) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
  }

  /// A frame as protocol/frames.md lays it out.
  static func frame(
    kind: UInt8, flags: UInt8 = 0, id: UInt32, channel: String, payload: [UInt8]
  ) -> [UInt8] {
    let name = Array(channel.utf8)
    let body =
      [kind, flags] + uint32(id) + [UInt8(name.count & 0xFF), UInt8(name.count >> 8)] + name
      + payload
    return uint32(UInt32(body.count)) + body
  }

  /// The `isAvailable` call: string tag 07, size 0b, the name, then null arguments (00).
  static let isAvailableCall: [UInt8] =
    [0x07, 0x0B, 0x69, 0x73, 0x41, 0x76, 0x61, 0x69, 0x6C, 0x61, 0x62, 0x6C, 0x65, 0x00]

  static func isAvailable(id: UInt32) -> [UInt8] {
    frame(kind: 0x01, id: id, channel: "healthkit_permissions", payload: isAvailableCall)
  }

  /// The frames of `bytes`, or `nil` when they are not a whole number of well-formed frames.
  static func frames(_ bytes: [UInt8]) -> [RobustnessFrame]? {
    var frames: [RobustnessFrame] = []
    var at = 0
    func u32(_ i: Int) -> UInt32 {
      UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16
        | UInt32(bytes[i + 3]) << 24
    }
    while at < bytes.count {
      guard bytes.count - at >= 4 else { return nil }
      let length = Int(u32(at))
      guard length >= 8, bytes.count - at - 4 >= length else { return nil }
      let body = at + 4
      let channelEnd = body + 8 + (Int(bytes[body + 6]) | Int(bytes[body + 7]) << 8)
      guard channelEnd <= body + length else { return nil }
      frames.append(
        RobustnessFrame(
          kind: bytes[body], flags: bytes[body + 1], id: u32(body + 2),
          channel: Array(bytes[(body + 8)..<channelEnd]),
          payload: Array(bytes[channelEnd..<(body + length)])))
      at = body + length
    }
    return frames
  }
}

/// SplitMix64: a small seeded generator, so every random stream can be reproduced from its seed.
struct RobustnessRandom {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(next() & 0xFF) } }
}
