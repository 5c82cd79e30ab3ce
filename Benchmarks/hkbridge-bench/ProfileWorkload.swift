import FlutterCodec
import PluginHost
import PluginProfiles

/// Fixed workloads for `valgrind --tool=callgrind` and `perf stat`: no timing, a fixed amount of
/// work, so that instruction counts compare between builds (`--profile NAME [COUNT]`).
enum ProfileWorkload: String, CaseIterable {
  case recordDecode = "record-decode"
  case recordEncode = "record-encode"
  case callDecode = "call-decode"
  case callEncode = "call-encode"
  case float64Decode = "float64-decode"
  case float64Encode = "float64-encode"
  case dispatchMix = "dispatch-mix"

  /// Runs the workload `count` times and prints a checksum of what it produced.
  func run(count: Int) {
    let message = StandardMessageCodec()
    let method = StandardMethodCodec()
    var checksum = 0
    switch self {
    case .recordDecode, .recordEncode:
      let reply = Envelope.success(recordReply(count: 1_000))
      let bytes = method.encodeEnvelope(reply)
      for _ in 0..<count {
        if self == .recordDecode {
          if case .success(let v)? = try? method.decodeEnvelope(bytes) {
            checksum &+= v.listValue?.count ?? 0
          }
        } else {
          checksum &+= method.encodeEnvelope(reply).count
        }
      }
    case .callDecode, .callEncode:
      let call = MethodCall("isAvailable", .null)
      let bytes = method.encodeMethodCall(call)
      for _ in 0..<count {
        if self == .callDecode {
          checksum &+= (try? method.decodeMethodCall(bytes))?.method.utf8.count ?? 0
        } else {
          checksum &+= method.encodeMethodCall(call).count
        }
      }
    case .dispatchMix:
      let dispatcher = Dispatcher()
      dispatcher.warningHandler = { _ in }
      let payloads = MemoryBench.payloads
      for i in 0..<count {
        checksum &+=
          dispatcher.handleMessage(
            channel: Dispatcher.defaultPluginChannel, payload: payloads[i % payloads.count])?.count
          ?? 0
      }
    case .float64Decode, .float64Encode:
      let value = ChannelValue.float64List((0..<131_072).map { Double($0) })
      let bytes = message.encode(value)
      for _ in 0..<count {
        if self == .float64Decode {
          if case .float64List(let l)? = try? message.decode(bytes) { checksum &+= l.count }
        } else {
          checksum &+= message.encode(value).count
        }
      }
    }
    print("\(rawValue) x\(count): checksum \(checksum)")
  }
}
