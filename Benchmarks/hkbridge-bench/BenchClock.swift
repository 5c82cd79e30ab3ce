#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Nanoseconds on the monotonic clock (`clock_gettime(CLOCK_MONOTONIC)`).
func monotonicNanoseconds() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// Keeps a result alive so that the optimiser cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// The per-iteration cost of a piece of work, over several samples.
struct Timing {
  /// Nanoseconds per iteration of each sample, sorted ascending.
  var samples: [Double]

  var best: Double { samples.first ?? 0 }
  var median: Double { samples.isEmpty ? 0 : samples[samples.count / 2] }
}

/// Runs `body` `iterations` times per sample, `samples` times (after one warm-up sample), and
/// returns the nanoseconds per iteration of each sample.
func measure(samples: Int, iterations: Int, _ body: () -> Void) -> Timing {
  for _ in 0..<max(1, iterations / 4) { body() }
  var perIteration: [Double] = []
  for _ in 0..<samples {
    let start = monotonicNanoseconds()
    for _ in 0..<iterations { body() }
    let elapsed = monotonicNanoseconds() - start
    perIteration.append(Double(elapsed) / Double(iterations))
  }
  perIteration.sort()
  return Timing(samples: perIteration)
}

/// Megabytes (10^6 bytes) per second for `bytes` processed in `nanoseconds`.
func megabytesPerSecond(bytes: Int, nanoseconds: Double) -> Double {
  nanoseconds > 0 ? Double(bytes) * 1_000 / nanoseconds : 0
}
