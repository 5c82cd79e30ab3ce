#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How serving ends: the exit status for a failed stdout write, the recording's failure warned
/// about once, and the recording flushed at exit.
extension Serve {
  /// The exit status for a failed stdout write: EPIPE (the reader left) ends serving quietly
  /// with ``exitOK``; any other error is reported on stderr, ``exitIOError``.
  static func writeFailureStatus(_ failure: Int32, logger: Logger) -> Int32 {
    if failure == EPIPE {
      logger.info("stdout closed by the reader (EPIPE): stopping")
      return exitOK
    }
    Logger.writeStderr(
      "hkbridge serve: cannot write stdout: \(String(cString: strerror(failure))); stopping\n")
    return exitIOError
  }

  /// Warns once, when the recording first fails; serving goes on.
  static func warnIfRecordingFailed(
    _ recorder: TranscriptRecorder?, logger: Logger, warned: inout Bool
  ) {
    if let failure = recorder?.failure, !warned {
      warned = true
      logger.warning("\(failure); serving goes on without recording")
    }
  }

  static func finish(_ recorder: TranscriptRecorder?, _ status: Int32, _ logger: Logger) -> Int32 {
    guard let recorder else { return status }
    recorder.flush()
    if let failure = recorder.failure {
      Logger.writeStderr("hkbridge serve: \(failure)\n")
      return status == exitOK ? exitIOError : status
    }
    return status
  }
}
