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
    appendFD = open(appendPath, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard appendFD >= 0 else {
      throw FileIOError(path: appendPath, message: "cannot append: \(FileIO.errnoText())")
    }
    try endWithWholeLine(appendPath)
    // The model answers new calls from the state the whole file leaves it in, as replay's
    // emulator has when it reaches the appended lines (protocol/playback.md).
    // Quietly and at once: the recorded latencies and warnings belong to the recorded run.
    model.quietly {
      for (_, exchange) in transcript?.exchanges ?? [] {
        _ = model.handleMessage(channel: exchange.channel, payload: exchange.payload)
      }
    }
    // The recorded run's events were sent then, not now.
    _ = model.takeHostMessages()
  }

  /// Before the first append: a file whose last line has no newline gets one; a last line cut
  /// short by an earlier crash is cut off (with a warning), so appended lines start whole.
  func endWithWholeLine(_ path: String) throws(FileIOError) {
    let bytes = try FileIO.readFile(path, limit: TranscriptReader.maximumFileBytes)
    guard let last = bytes.last, last != UInt8(ascii: "\n") else { return }
    if let torn = TranscriptReader.tornFinalLine(bytes) {
      guard ftruncate(appendFD, off_t(bytes.count - torn.count)) == 0 else {
        throw FileIOError(
          path: path, message: "cannot cut its torn last line: \(FileIO.errnoText())")
      }
      warn("\(path): cut off its last line, cut short by an earlier run (\(torn.count) bytes)")
      return
    }
    let newline: [UInt8] = [UInt8(ascii: "\n")]
    if let code = newline.withUnsafeBytes({ FileIO.writeAll(appendFD, $0) }) {
      throw FileIOError(path: path, message: "cannot append: \(String(cString: strerror(code)))")
    }
  }

  func append(channel: String, payload: [UInt8]?, reply: [UInt8]?, events: [HostMessage]) {
    guard appendFD >= 0 else { return }
    let exchange = TranscriptRecorder.exchange(
      channel: channel, payload: payload, reply: reply, methodChannels: methodChannelSet)
    var text = TranscriptWriter.line(.exchange(exchange)) + "\n"
    for event in events {
      text +=
        TranscriptWriter.line(
          .event(TranscriptEvent(channel: event.channel, payload: event.payload))) + "\n"
    }
    let line = Array(text.utf8)
    if let code = line.withUnsafeBytes({ FileIO.writeAll(appendFD, $0) }) {
      warn("cannot append to \(appendPath ?? ""): \(String(cString: strerror(code)))")
      close(appendFD)
      appendFD = -1
    }
  }
}
