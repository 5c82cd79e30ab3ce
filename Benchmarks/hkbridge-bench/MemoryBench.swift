import FlutterCodec
import PluginHost
import PluginProfiles

/// protocol/targets.md: peak memory over 10^6 calls, in process: a mix of plugin calls through one
/// `Dispatcher` (the bytes a serve loop hands it), with VmRSS / VmHWM of this process sampled
/// after every tenth. The calls change no stored state, so memory must stay flat once warm.
struct MemoryBench {
  var quick: Bool

  /// The calls, encoded: each kind of answer (a value, an error, not implemented).
  static let payloads: [[UInt8]] = [
    MethodCall("isAvailable", .null),
    MethodCall("getPlatformVersion", .null),
    MethodCall("requestPermissions", ["read": ["steps", "heartRate"], "write": ["steps"]]),
    MethodCall("checkPermissions", ["types": ["steps", "heartRate", "bloodPressure"]]),
    MethodCall("authorizationStatus", ["identifier": "HKQuantityTypeIdentifierStepCount"]),
    MethodCall("noSuchMethod", .null),
  ].map(StandardMethodCodec().encodeMethodCall)

  func run(into report: inout Report) {
    let calls = quick ? 100_000 : 1_000_000
    let dispatcher = Dispatcher()
    dispatcher.warningHandler = { _ in }
    let channel = Dispatcher.defaultPluginChannel
    let payloads = Self.payloads
    var samples: [(Int, MemoryStatus)] = []
    var replyBytes = 0
    let step = calls / 10
    let start = monotonicNanoseconds()
    for i in 1...calls {
      if let reply = dispatcher.handleMessage(
        channel: channel, payload: payloads[i % payloads.count])
      {
        replyBytes &+= reply.count
      }
      if i % step == 0, let memory = MemoryStatus.read() { samples.append((i, memory)) }
    }
    let elapsed = Double(monotonicNanoseconds() - start)
    blackHole(replyBytes)
    guard let warm = samples.first?.1, let last = samples.last?.1 else {
      report.add(
        Figure.failed(
          "in-process memory over \(grouped(calls)) calls", target: "flat after warm-up",
          detail: "no /proc/self/status"))
      return
    }
    let growth = last.residentKiB - warm.residentKiB
    let peakGrowth = last.peakKiB - warm.peakKiB
    report.add(
      Figure(
        name: "in-process memory over \(grouped(calls)) calls",
        result: "\(growth >= 0 ? "+" : "")\(grouped(growth)) KiB RSS after warm-up",
        target: "flat after warm-up",
        detail: "VmRSS \(grouped(warm.residentKiB)) -> \(grouped(last.residentKiB)) KiB, VmHWM "
          + "\(grouped(warm.peakKiB)) -> \(grouped(last.peakKiB)) KiB (+\(grouped(peakGrowth))); "
          + "\(payloads.count) kinds of call through Dispatcher.handleMessage, "
          + "\(format(elapsed / Double(calls), 0)) ns per call",
        verdict: growth <= 256 && peakGrowth <= 256 ? .met : .missed))
  }
}
