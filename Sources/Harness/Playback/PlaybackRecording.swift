import PluginHost

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `serve --record-mode`: what happens to a call no recorded exchange answers (VCR's modes).
public enum PlaybackRecordMode: String, Sendable, CaseIterable {
  /// A `PLAYBACK_MISS` error reply (the default).
  case once
  /// The model answers it, and the exchange is appended to the first playback file.
  case new
  /// The model answers every call (the recording is not used), and each exchange is appended.
  case all
}

/// `--record-mode new` and `all`: the exchanges the model answers are appended to the first
/// playback file, after the model has caught up with it.
extension PlaybackHandler {
  /// Opens `appendPath` for appending and has the model answer its recorded exchanges first.
  func startAppending(to appendPath: String, after transcript: Transcript?) throws(FileIOError) {
    let fd = open(appendPath, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard fd >= 0 else {
      throw FileIOError(path: appendPath, message: "cannot append: \(FileIO.errnoText())")
    }
    do {
      try endWithWholeLine(appendPath, fd)
    } catch {
      close(fd)
      throw error
    }
    let recorder = TranscriptRecorder(
      appendingTo: appendPath, descriptor: fd, written: max(0, Int(lseek(fd, 0, SEEK_END))),
      methodChannels: model.methodChannels)
    // The model answers new calls from the state the whole file leaves it in, as replay's
    // emulator has when it reaches the appended lines (protocol/playback.md).
    // Quietly and at once: the recorded latencies and warnings belong to the recorded run;
    // the recorded run's events were sent then, not now.
    let catchUp = ExchangeStep(handler: model)
    model.quietly {
      for (_, exchange) in transcript?.exchanges ?? [] {
        _ = catchUp.run(channel: exchange.channel, payload: exchange.payload)
      }
    }
    modelStep.recorder = recorder
  }

  /// Before the first append: a file whose last line has no newline gets one; a last line cut
  /// short by an earlier crash is cut off (with a warning), so appended lines start whole.
  func endWithWholeLine(_ path: String, _ fd: Int32) throws(FileIOError) {
    let bytes = try FileIO.readFile(path, limit: TranscriptReader.maximumFileBytes)
    guard let last = bytes.last, last != UInt8(ascii: "\n") else { return }
    if let torn = TranscriptReader.tornFinalLine(bytes) {
      guard ftruncate(fd, off_t(bytes.count - torn.count)) == 0 else {
        throw FileIOError(
          path: path, message: "cannot cut its torn last line: \(FileIO.errnoText())")
      }
      warn("\(path): cut off its last line, cut short by an earlier run (\(torn.count) bytes)")
      return
    }
    let newline: [UInt8] = [UInt8(ascii: "\n")]
    if let code = newline.withUnsafeBytes({ FileIO.writeAll(fd, $0) }) {
      throw FileIOError(path: path, message: "cannot append: \(String(cString: strerror(code)))")
    }
  }

  /// Writes the exchange just answered by the model (and its events) onto the file at once;
  /// after a failed write, says so once and appends nothing more.
  func appended() {
    guard let recorder = modelStep.recorder else { return }
    recorder.flush()
    guard let failure = recorder.failure else { return }
    let why = recorder.failedErrno.map { String(cString: strerror($0)) } ?? failure.message
    warn("cannot append to \(appendPath ?? ""): \(why)")
    modelStep.recorder = nil
  }
}
