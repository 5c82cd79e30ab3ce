import ChannelJSON
import FlutterCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `serve --jsonl`: the text mode (protocol/text-mode.md). One typed-JSON request a
/// line on stdin — `{"channel": …, "call": {"method": …, "args": …}}` or `{"channel": …,
/// "message": v}`, the channel defaulting to the first plugin channel — and one transcript
/// exchange line a request on stdout, after a first `{"hello": {…}}` line. A line that is not a
/// request gets an `{"error": {"line", "column", "message"}}` line and serving goes on. Blank
/// lines, `{"note": …}` lines and a recording's header, event and hello lines
/// (``JSONLRecordingLines``) are skipped.
public final class JSONLServer {
  let handler: MessageHandling
  /// Handles, records and drains each line's exchange (the one exchange step).
  let step: ExchangeStep
  var recorder: TranscriptRecorder? { step.recorder }
  /// Lines longer than this many bytes are refused and skipped (`--max-frame`).
  let maxLine: Int
  let logger: Logger
  let methodChannels: Set<String>

  /// Bytes read and not yet a whole line.
  private var input: [UInt8] = []
  /// Output lines not yet written.
  private var pending: [UInt8] = []
  /// The number of the next line to complete (1-based).
  private var lineNumber = 1
  /// Lines refused with an `{"error": …}` line (serve then ends with exit status 2).
  public private(set) var refusedLines = 0
  /// Inside a line that is too long: its bytes are dropped up to the next newline.
  private var skippingLongLine = false
  /// Where pending output past ``FrameServer/defaultOutputFlushThreshold`` is written in the
  /// middle of a chunk (-1: kept until taken), and the errno of the first failed write.
  private var output: Int32 = -1
  private var outputFailure: Int32?

  public init(handler: MessageHandling, recorder: TranscriptRecorder?, maxLine: Int, logger: Logger)
  {
    self.handler = handler
    self.step = ExchangeStep(handler: handler, recorder: recorder)
    self.maxLine = maxLine
    self.logger = logger
    methodChannels = Set(handler.methodChannels)
  }

  /// Serves `input` to `output` until end of input; returns the exit status (as `serve`).
  public func run(emulatorVersion: String, input fd: Int32, output: Int32) -> Int32 {
    let hello = FrameServer.hello(handler: handler, emulatorVersion: emulatorVersion)
    appendLine(ChannelJSON.print(.object([("hello", hello)])))
    logger.info("serving \(handler.channels.joined(separator: ", ")) as JSON lines")
    var warned = false
    self.output = output
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    /// Writes what is pending; `nil` to go on, else the exit status (as `serve`'s loop).
    func flushOutput() -> Int32? {
      recorder?.flush()
      Serve.warnIfRecordingFailed(recorder, logger: logger, warned: &warned)
      guard let failure = outputFailure ?? writePending(output) else { return nil }
      return Serve.finish(recorder, Serve.writeFailureStatus(failure, logger: logger), logger)
    }
    while true {
      if let status = flushOutput() { return status }
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n > 0 {
        feed(chunk[0..<n])
      } else if n == 0 {
        if !input.isEmpty && !skippingLongLine { serveLine(&input) }
        input.removeAll()
        if let status = flushOutput() { return status }
        if refusedLines > 0 {
          // A refused line is missing from the replies (and from a recording): not a success.
          Logger.writeStderr(
            "hkbridge serve: \(refusedLines) line(s) refused (see the {\"error\"} lines); "
              + "exit status 2\n")
          return Serve.finish(recorder, Serve.exitUsage, logger)
        }
        return Serve.finish(recorder, Serve.exitOK, logger)
      } else if errno == EAGAIN || errno == EWOULDBLOCK {
        FileIO.waitUntilReady(fd, for: Int16(POLLIN))
      } else if errno != EINTR {
        Logger.writeStderr("hkbridge serve: cannot read stdin: \(FileIO.errnoText())\n")
        return Serve.finish(recorder, Serve.exitIOError, logger)
      }
    }
  }

  /// Takes bytes read and serves every line they complete (the output stays pending).
  public func feed(_ bytes: ArraySlice<UInt8>) {
    var rest = bytes
    while outputFailure == nil, let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
      let piece = rest[rest.startIndex..<newline]
      rest = rest[(newline + 1)...]
      if skippingLongLine {
        skippingLongLine = false
      } else if input.count + piece.count > maxLine {
        refuseLongLine()
      } else {
        input.append(contentsOf: piece)
        serveLine(&input)
      }
      input.removeAll(keepingCapacity: input.count <= 64 * 1024)
      lineNumber += 1
      writePendingIfFull()
    }
    if outputFailure != nil { return }
    guard !skippingLongLine else { return }
    if input.count + rest.count > maxLine {
      refuseLongLine()
      input.removeAll()
      skippingLongLine = true
    } else {
      input.append(contentsOf: rest)
    }
  }

  /// The output lines waiting to be written (taken: tests and the loop).
  public func takeOutput() -> [UInt8] {
    defer { pending.removeAll() }
    return pending
  }

  private func refuseLongLine() {
    appendError(
      column: nil,
      "line \(lineNumber) is longer than --max-frame \(maxLine) bytes: it was skipped")
  }

  /// Serves one complete line (without its newline); a long line's bytes are released once read.
  private func serveLine(_ raw: inout [UInt8]) {
    // The request's values are dropped once encoded: memory stays proportional to one line.
    guard let (channel, payload) = request(&raw) else { return }
    let outcome = step.run(channel: channel, payload: payload)
    logger.debug(
      "line \(lineNumber): "
        + CallSummary.line(id: 0, channel: channel, payload: payload, reply: outcome.reply))
    let answered = TranscriptRecorder.exchange(
      channel: channel, payload: payload, reply: outcome.reply, methodChannels: methodChannels)
    if (payload?.count ?? 0) + (outcome.reply?.count ?? 0) < Self.streamedBytes {
      pending.append(contentsOf: TranscriptWriter.lineUTF8(.exchange(answered)))
    } else {
      // Written while it is printed: the line is never held whole.
      let rest = TranscriptWriter.lineUTF8(answered, pieceBytes: Self.streamedBytes) {
        [unowned self] piece in
        pending.append(contentsOf: piece)
        piece.removeAll(keepingCapacity: true)
        writePendingIfFull()
      }
      pending.append(contentsOf: rest)
    }
    // The events the request caused, right after its reply (protocol/events.md).
    for event in outcome.events {
      appendLine(
        TranscriptWriter.line(
          .event(TranscriptEvent(channel: event.channel, payload: event.payload))))
    }
  }

  /// Exchanges whose payload and reply together reach this many bytes have their line written
  /// in pieces of this size while it is printed (protocol/performance.md, D20).
  static let streamedBytes = 64 << 10

  /// Writes the pending output once it passes ``FrameServer/defaultOutputFlushThreshold``
  /// (when serving a descriptor, and no write has failed).
  private func writePendingIfFull() {
    guard output >= 0, outputFailure == nil,
      pending.count >= FrameServer.defaultOutputFlushThreshold
    else { return }
    recorder?.flush()
    outputFailure = writePending(output)
  }

  /// The channel and payload a line asks for; `nil` for a line with no request (blank, a
  /// note) or a bad one (its error line is appended). A long line's bytes are released once
  /// its JSON is read (`raw` is left empty), before its value is encoded.
  private func request(_ raw: inout [UInt8]) -> (String, [UInt8]?)? {
    if raw.last == UInt8(ascii: "\r") { raw.removeLast() }
    if raw.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return nil }
    let value: ChannelValue
    do {
      // The line and its `call` wrap the value, as in a transcript (same depth as replay).
      // (No copy of the line.)
      value = try ChannelJSON.parse(utf8: raw, wrapperDepth: TranscriptReader.wrapperDepth)
      if raw.count > Self.streamedBytes { raw = [] }
    } catch {
      appendError(column: Self.column(in: error.message), "\(error.path): \(error.message)")
      return nil
    }
    do throws(TranscriptReader.LineError) {
      var fields = try TranscriptReader.stringKeyedFields(value, what: "a request line")
      if fields.count == 1, fields["note"] != nil { return nil }
      if JSONLRecordingLines.isSkipped(fields) { return nil }
      if fields["channel"] == nil, let first = handler.channels.first {
        fields["channel"] = .string(first)
      }
      let exchange = try TranscriptReader.parseExchange(fields, requireReply: false)
      return (exchange.channel, exchange.payload)
    } catch {
      appendError(column: nil, error.message)
      return nil
    }
  }

  /// `{"error": {"line": N, "column": C, "message": "…"}}` (`column` only when known).
  private func appendError(column: Int?, _ message: String) {
    refusedLines += 1
    logger.warning("line \(lineNumber): \(message)")
    var fields: [(String, ChannelValue)] = [("line", .int(lineNumber))]
    if let column { fields.append(("column", .int(column))) }
    fields.append(("message", .string(message)))
    appendLine(ChannelJSON.print(.object([("error", .object(fields))])))
  }

  private func appendLine(_ text: String) {
    pending.append(contentsOf: text.utf8)
    pending.append(UInt8(ascii: "\n"))
  }

  /// Writes the lines answered so far (called before a `setLatency` delay, so that a client
  /// sees the earlier replies at once and only the delayed one late).
  public func flushPendingOutput() {
    guard output >= 0, outputFailure == nil else { return }
    outputFailure = writePending(output)
  }

  /// Writes the pending lines; the errno of a failed write, or `nil`.
  private func writePending(_ fd: Int32) -> Int32? {
    guard !pending.isEmpty else { return nil }
    defer { pending.removeAll(keepingCapacity: pending.count <= 1 << 20) }
    return pending.withUnsafeBytes { FileIO.writeAll(fd, $0) }
  }

  /// The column a JSON syntax message names (`… column 9 …`), or `nil`.
  static func column(in message: String) -> Int? {
    guard let range = message.firstRange(of: "column ") else { return nil }
    let digits = message[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
    return Int(digits)
  }
}
