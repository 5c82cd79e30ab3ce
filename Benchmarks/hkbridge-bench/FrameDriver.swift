#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A native client that drives a peer over its stdin/stdout pipes with same-sized frames and
/// counts the frames that come back, checking their kind and ids.
struct FrameDriver {
  /// The frames sent, back to back, all of one size; sent again and again until `total`.
  var batch: [UInt8]
  var frameSize: Int
  /// What every frame coming back must be (REPLY from hkbridge, MESSAGE from an echo).
  var expectedKind: UInt8

  /// How a run went.
  struct Outcome {
    var roundTrips: Int
    var nanoseconds: UInt64
    /// What went wrong, if the run stopped early.
    var failure: String?

    var perSecond: Double {
      nanoseconds > 0 ? Double(roundTrips) * 1e9 / Double(nanoseconds) : 0
    }
  }

  private var framesPerBatch: Int { batch.count / frameSize }

  /// Sends `total` frames with at most `window` unanswered at a time; calls `checkpoint` with
  /// the number answered each time another tenth of `total` is answered.
  func run(
    _ peer: inout Subprocess, total: Int, window: Int, checkpoint: (Int) -> Void = { _ in }
  ) -> Outcome {
    _ = fcntl(peer.input, F_SETFL, fcntl(peer.input, F_GETFL) | O_NONBLOCK)
    var scanner = FrameScanner()
    var buffer = [UInt8](repeating: 0, count: 1 << 18)
    var sentBytes = 0
    var received = 0
    var failure: String?
    let step = max(1, total / 10)
    var nextCheckpoint = step
    let start = monotonicNanoseconds()
    while received < total && failure == nil {
      let inFlight = min(total, received &+ min(window, total))
      let allowed = inFlight * frameSize - sentBytes
      var fds = [
        pollfd(fd: peer.output, events: Int16(POLLIN), revents: 0),
        pollfd(fd: allowed > 0 ? peer.input : -1, events: Int16(POLLOUT), revents: 0),
      ]
      let ready = poll(&fds, 2, 10_000)
      if ready < 0 && errno == EINTR { continue }
      if ready <= 0 {
        failure = "no reply for 10 s after \(received) replies"
        break
      }
      if allowed > 0 && fds[1].revents & Int16(POLLOUT | POLLERR | POLLHUP) != 0 {
        let offset = sentBytes % batch.count
        let length = min(allowed, batch.count - offset)
        let n = batch.withUnsafeBytes { write(peer.input, $0.baseAddress! + offset, length) }
        if n > 0 {
          sentBytes += n
        } else if n < 0 && errno != EAGAIN && errno != EINTR {
          failure = "write to the peer failed: errno \(errno)"
        }
      }
      if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
        let n = buffer.withUnsafeMutableBytes { read(peer.output, $0.baseAddress, $0.count) }
        if n <= 0 {
          failure = "the peer closed its output after \(received) replies"
          break
        }
        buffer.withUnsafeBytes { raw in
          scanner.feed(UnsafeRawBufferPointer(rebasing: raw[0..<n])) { header in
            let expectedID = UInt32(1 + received % framesPerBatch)
            if failure == nil && (header.kind != expectedKind || header.id != expectedID) {
              failure =
                "frame \(received): kind \(header.kind) id \(header.id), expected kind "
                + "\(expectedKind) id \(expectedID)"
            }
            received += 1
          }
        }
        while received >= nextCheckpoint && nextCheckpoint <= total {
          checkpoint(received)
          nextCheckpoint += step
        }
      }
    }
    let elapsed = monotonicNanoseconds() - start
    return Outcome(roundTrips: received, nanoseconds: elapsed, failure: failure)
  }
}

/// Reads frames from `fd` until the first complete one; returns its header and the time it took,
/// or `nil` if the stream ends (or `timeoutMs` passes) first.
func readFirstFrame(_ fd: Int32, timeoutMs: Int32 = 10_000) -> FrameScanner.Header? {
  var scanner = FrameScanner()
  var buffer = [UInt8](repeating: 0, count: 4_096)
  var found: FrameScanner.Header?
  while found == nil {
    var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
    let ready = poll(&fds, 1, timeoutMs)
    if ready < 0 && errno == EINTR { continue }
    if ready <= 0 { return nil }
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if n <= 0 { return nil }
    buffer.withUnsafeBytes { raw in
      scanner.feed(UnsafeRawBufferPointer(rebasing: raw[0..<n])) { header in
        if found == nil { found = header }
      }
    }
  }
  return found
}
