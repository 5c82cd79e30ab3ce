import FlutterCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// protocol/targets.md rows 1–3: codec throughput on a 1 MiB Float64List and a 1,000-record reply, and the
/// cost of one small method call.
struct CodecBench {
  var quick: Bool
  /// `--peers DIR`: where Flutter's codecs, built as peer programs, are (``CodecPeers``).
  var peers: String?

  func run(into report: inout Report) {
    float64List(into: &report)
    guard let workloads = CodecWorkloads() else { return }
    recordReply(workloads, into: &report)
    smallCall(workloads, into: &report)
    CodecPeers(quick: quick, directory: peers, ours: workloads).run(into: &report)
  }

  private var samples: Int { quick ? 3 : 15 }

  /// A message holding one Float64List of 1 MiB of elements, beside `memcpy` of its bytes.
  func float64List(into report: inout Report) {
    let codec = StandardMessageCodec()
    let elements = (0..<131_072).map { Double($0) * 0.25 }
    let value = ChannelValue.float64List(elements)
    let bytes = codec.encode(value)
    guard (try? codec.decode(bytes)) == value else {
      print("  Float64List: the codec does not round-trip the message; not measured")
      return
    }
    let iterations = quick ? 20 : 100
    let copy = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 16)
    defer { copy.deallocate() }
    let memcpyTime = bytes.withUnsafeBytes { raw in
      measure(samples: samples, iterations: iterations) {
        memcpy(copy, raw.baseAddress!, raw.count)
        blackHole(copy)
      }
    }
    let decodeTime = measure(samples: samples, iterations: iterations) {
      blackHole(try? codec.decode(bytes))
    }
    let encodeTime = measure(samples: samples, iterations: iterations) {
      blackHole(codec.encode(value))
    }
    let memcpyRate = megabytesPerSecond(bytes: bytes.count, nanoseconds: memcpyTime.best)
    for (name, time) in [("decode", decodeTime), ("encode", encodeTime)] {
      let rate = megabytesPerSecond(bytes: bytes.count, nanoseconds: time.best)
      let ratio = rate / memcpyRate
      report.add(
        Figure(
          name: "codec \(name), 1 MiB Float64List",
          result: "\(percent(ratio)) of memcpy",
          target: ">= 50 % of memcpy",
          detail: "\(format(rate)) MB/s (median \(medianRate(bytes.count, time))) beside "
            + "memcpy \(format(memcpyRate)) MB/s; message \(grouped(bytes.count)) bytes",
          verdict: ratio >= 0.5 ? .met : .missed))
    }
  }

  /// A success envelope holding a 1,000-record `readRecords` reply, decoded and encoded.
  func recordReply(_ workloads: CodecWorkloads, into report: inout Report) {
    let bytes = workloads.replyBytes.count
    let iterations = quick ? 10 : 40
    for (name, target) in [("decode", 150.0), ("encode", 700.0)] {
      guard let time = workloads.time("reply-" + name, samples: samples, iterations: iterations)
      else { continue }
      let rate = megabytesPerSecond(bytes: bytes, nanoseconds: time.best)
      report.add(
        Figure(
          name: "codec \(name), 1,000-record readRecords reply",
          result: "\(format(rate)) MB/s",
          target: ">= \(format(target)) MB/s",
          detail: "median \(medianRate(bytes, time)) MB/s; "
            + "\(format(time.best / 1_000, 1)) us per reply of \(grouped(bytes)) bytes",
          verdict: rate >= target ? .met : .missed))
    }
  }

  /// `isAvailable` with null arguments, decoded and encoded.
  func smallCall(_ workloads: CodecWorkloads, into report: inout Report) {
    let iterations = quick ? 100_000 : 1_000_000
    for name in ["decode", "encode"] {
      guard let time = workloads.time("call-" + name, samples: samples, iterations: iterations)
      else { continue }
      report.add(
        Figure(
          name: "small call \(name) (isAvailable, null args)",
          result: "\(format(time.best, 1)) ns",
          target: "<= 100 ns",
          detail: "median \(format(time.median, 1)) ns; \(workloads.callBytes.count) bytes",
          verdict: time.best <= 100 ? .met : .missed))
    }
  }

  private func medianRate(_ bytes: Int, _ time: Timing) -> String {
    format(megabytesPerSecond(bytes: bytes, nanoseconds: time.median))
  }
}
