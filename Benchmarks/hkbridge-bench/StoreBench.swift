import FlutterCodec
import PluginHost
import PluginProfiles

/// protocol/targets.md: `writeRecord` and range queries (`readRecords` with `start`/`end`) at 10^4, 10^5 and
/// 10^6 stored samples, in process through `Dispatcher.handleMessage` (the bytes a serve loop
/// hands it, so each figure includes decoding the call and encoding the reply). The store is
/// filled with heart-rate samples one minute apart by the control channel's `addSamples`.
struct StoreBench {
  var quick: Bool

  private static let channel = Dispatcher.defaultPluginChannel
  private static let base = 1_704_067_200_000
  private static let minute = 60_000

  func run(into report: inout Report) {
    let sizes = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
    let dispatcher = Dispatcher()
    dispatcher.warningHandler = { _ in }
    let client = Client(dispatcher: dispatcher)
    _ = client.call(
      Self.channel, "requestPermissions", ["read": ["heartRate"], "write": ["heartRate"]])
    guard case .success? = client.call(Self.channel, "writeRecord", Self.record(at: 0)),
      case .success? = client.call(
        Dispatcher.controlChannel, "addSamples", ["records": [Self.record(at: 1)]])
    else {
      for size in sizes { notMeasured(size, into: &report) }
      return
    }
    var stored = 2
    var firstQuery: Double?
    var firstWrites: (Double, Double)?
    for size in sizes {
      let fillStart = monotonicNanoseconds()
      while stored < size {
        let batch = min(10_000, size - stored)
        let records = (stored..<(stored + batch)).map { Self.record(at: $0) }
        guard
          case .success? = client.call(
            Dispatcher.controlChannel, "addSamples", ["records": .list(records)])
        else {
          report.add(
            Figure.failed(
              "store at \(grouped(size)) samples", target: "-",
              detail: "addSamples failed at \(grouped(stored)) samples"))
          return
        }
        stored += batch
      }
      let fillNs = Double(monotonicNanoseconds() - fillStart)
      let resident =
        MemoryStatus.read().map { "; this process's VmRSS \(grouped($0.residentKiB / 1_024)) MiB" }
        ?? ""
      let query10 = queryTime(client, stored: stored, minutes: 10)
      let query100 = queryTime(client, stored: stored, minutes: 100)
      let writeEnd = writeTime(client, stored: &stored, backDated: false)
      let writeMiddle = writeTime(client, stored: &stored, backDated: true)
      if firstQuery == nil { firstQuery = query10 }
      if firstWrites == nil { firstWrites = (writeEnd, writeMiddle) }
      let growth = query10 / (firstQuery ?? query10)
      let than = " the \(grouped(sizes[0])) figure)"
      report.add(
        Figure(
          name: "range query, 10-sample answer, at \(grouped(size)) samples",
          result: "\(format(query10 / 1_000, 1)) us"
            + (size == sizes[0] ? "" : " (\(format(growth, 2))x" + than),
          target: size == 1_000_000 ? "< 1 ms; flat in the store size" : "flat in the store size",
          detail: "median of 1,000 readRecords over random 10-minute ranges; 100-sample answer "
            + "\(format(query100 / 1_000, 1)) us; filling to this size took "
            + "\(format(fillNs / 1e6, 0)) ms by addSamples" + resident,
          verdict: size == 1_000_000
            ? (query10 < 1e6 && growth <= 2 ? .met : .missed)
            : (growth <= 2 ? .met : .missed)))
      for (what, time, first) in [
        ("newest sample", writeEnd, firstWrites?.0 ?? writeEnd),
        ("back-dated into the middle", writeMiddle, firstWrites?.1 ?? writeMiddle),
      ] {
        let ratio = time / first
        report.add(
          Figure(
            name: "writeRecord, \(what), at \(grouped(size)) samples",
            result: "\(format(time / 1_000, 1)) us"
              + (size == sizes[0] ? "" : " (\(format(ratio, 2))x" + than),
            target: "flat in the store size",
            detail: "median of 200 writes",
            verdict: ratio <= 2 ? .met : .missed))
      }
    }
  }

  /// Median nanoseconds of a `readRecords` over a random range of `minutes` minutes.
  private func queryTime(_ client: Client, stored: Int, minutes: Int) -> Double {
    var generator = SplitMix(seed: UInt64(stored))
    let codec = StandardMethodCodec()
    let span = max(1, stored - minutes)
    let payloads = (0..<1_000).map { _ -> [UInt8] in
      let first = Int(generator.next() % UInt64(span))
      let start = Self.base + first * Self.minute
      return codec.encodeMethodCall(
        MethodCall(
          "readRecords",
          .object([
            ("type", "heartRate"), ("start", .int(start)),
            ("end", .int(start + minutes * Self.minute)),
          ])))
    }
    var times: [Double] = []
    times.reserveCapacity(payloads.count)
    for payload in payloads {
      let start = monotonicNanoseconds()
      let reply = client.dispatcher.handleMessage(channel: Self.channel, payload: payload)
      times.append(Double(monotonicNanoseconds() - start))
      blackHole(reply)
    }
    times.sort()
    return times[times.count / 2]
  }

  /// Median nanoseconds of a `writeRecord`: the newest sample, or one back-dated into the middle
  /// of the stored timeline.
  private func writeTime(_ client: Client, stored: inout Int, backDated: Bool) -> Double {
    let codec = StandardMethodCodec()
    var times: [Double] = []
    for i in 0..<200 {
      let minuteIndex = backDated ? stored / 2 + i : stored
      let payload = codec.encodeMethodCall(
        MethodCall("writeRecord", Self.record(at: minuteIndex, second: 30)))
      let start = monotonicNanoseconds()
      let reply = client.dispatcher.handleMessage(channel: Self.channel, payload: payload)
      times.append(Double(monotonicNanoseconds() - start))
      blackHole(reply)
      stored += 1
    }
    times.sort()
    return times[times.count / 2]
  }

  private func notMeasured(_ size: Int, into report: inout Report) {
    let why = "writeRecord/addSamples not implemented yet (the records work has not landed)"
    report.add(
      Figure.notMeasured(
        "range query at \(grouped(size)) samples",
        target: size == 1_000_000 ? "< 1 ms; flat in the store size" : "flat in the store size",
        detail: why))
    report.add(
      Figure.notMeasured(
        "writeRecord at \(grouped(size)) samples", target: "flat in the store size", detail: why))
  }

  /// A heart-rate sample `index` minutes after the base time (plus `second` seconds).
  private static func record(at index: Int, second: Int = 0) -> ChannelValue {
    .object([
      ("type", "heartRate"),
      ("start", .int(base + index * minute + second * 1_000)),
      ("value", .float64(60 + Double(index % 40))),
      ("unit", "count/min"),
    ])
  }

  /// Calls through the dispatcher's byte interface.
  struct Client {
    let dispatcher: Dispatcher
    let codec = StandardMethodCodec()

    func call(_ channel: String, _ method: String, _ arguments: ChannelValue) -> Envelope? {
      let payload = codec.encodeMethodCall(MethodCall(method, arguments))
      guard let reply = dispatcher.handleMessage(channel: channel, payload: payload) else {
        return nil
      }
      return try? codec.decodeEnvelope(reply)
    }
  }
}

/// A small seeded generator (SplitMix64), so that every run queries the same ranges.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
