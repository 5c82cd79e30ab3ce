import FlutterCodec
import Foundation
import Harness

/// Runs the test plugin's native host (`native-probe-host`, beside the test bundle) over real
/// pipes, and builds and reads the frames it speaks.
enum ProbeHost {
  struct Run {
    /// Every frame after HELLO, in the order written.
    var frames: [Frame]
    var hello: Frame
    var stderr: String
    var status: Int32
  }

  static var executable: URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("native-probe-host")
  }

  final class Box: @unchecked Sendable {
    var data = Data()
  }

  /// Runs `native-probe-host ARGS` with `input` on stdin, then end of input.
  static func run(_ arguments: [String], input: [UInt8]) throws -> (Data, String, Int32) {
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let errors = Box()
    let done = DispatchSemaphore(value: 0)
    let errHandle = stderr.fileHandleForReading
    Thread.detachNewThread {
      errors.data = errHandle.readDataToEndOfFile()
      done.signal()
    }
    let inHandle = stdin.fileHandleForWriting
    let data = Data(input)
    Thread.detachNewThread {
      try? inHandle.write(contentsOf: data)
      try? inHandle.close()
    }
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    done.wait()
    return (out, String(decoding: errors.data, as: UTF8.self), process.terminationStatus)
  }

  /// Serves `frames` (`serve ARGS`) and splits what came back into frames.
  static func serve(_ frames: [Frame], _ arguments: [String] = []) throws -> Run {
    let (out, stderr, status) = try run(
      ["serve"] + arguments, input: frames.flatMap(FrameWriter.encode))
    var parsed = split([UInt8](out))
    let hello =
      parsed.isEmpty ? Frame(kind: .protocolError, id: 0, payload: nil) : parsed.removeFirst()
    return Run(frames: parsed, hello: hello, stderr: stderr, status: status)
  }

  static func split(_ bytes: [UInt8]) -> [Frame] {
    var frames: [Frame] = []
    var offset = 0
    while offset + 4 <= bytes.count {
      let length =
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
        | Int(bytes[offset + 3]) << 24
      let body = Array(bytes[(offset + 4)..<(offset + 4 + length)])
      if case .success(let frame) = FrameParser.parse(body: body) { frames.append(frame) }
      offset += 4 + length
    }
    return frames
  }

  static let channel = "native_probe"

  /// A MESSAGE with a method call.
  static func call(
    _ id: UInt32, _ method: String, _ arguments: ChannelValue = .null, on channel: String = channel
  ) -> Frame {
    Frame(
      kind: .message, id: id, channel: channel,
      payload: StandardMethodCodec().encodeMethodCall(MethodCall(method, arguments)))
  }
}

extension Frame {
  /// The payload as lowercase hex, `nil` for a null payload.
  var hex: String? { payload.map { $0.map { String(format: "%02x", $0) }.joined() } }
}

/// Bytes from hex (the pinned replies).
func bytes(_ hex: String) -> [UInt8] {
  var out: [UInt8] = []
  var index = hex.startIndex
  while index < hex.endIndex {
    let next = hex.index(index, offsetBy: 2)
    out.append(UInt8(hex[index..<next], radix: 16)!)
    index = next
  }
  return out
}
