import ChannelJSON
import FlutterCodec

/// Reads transcripts: one typed-JSON object a line, blank lines ignored, notes kept. This file
/// holds the file's way to lines (size limit, byte-order mark, a torn last line, UTF-8, line
/// endings, the header first); what one line holds is read by TranscriptLineParser.swift.
public enum TranscriptReader {
  /// Objects that wrap a line's channel values (the line, `reply`, `error` around `details`):
  /// they do not count against the codec's nesting limit, so whatever `serve --record` writes
  /// reads back.
  static let wrapperDepth = 3

  /// The most bytes a transcript file may hold (`replay`, `--playback` and scenarios alike): a
  /// bigger file, or one that never ends (`/dev/zero`), is refused rather than read on.
  public static let maximumFileBytes = 256 << 20

  /// Reads and parses a transcript file.
  public static func read(path: String, requireReply: Bool = true) throws(TranscriptError)
    -> Transcript
  {
    var bytes: [UInt8]
    do {
      bytes = try FileIO.readFile(path, limit: maximumFileBytes)
    } catch {
      throw TranscriptError(file: path, line: 0, message: error.message)
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw TranscriptError(
        file: path, line: 1,
        message:
          "the file starts with a byte-order mark (EF BB BF): save it as UTF-8 without a BOM")
    }
    if let torn = tornFinalLine(bytes) {
      // A line cut short (a crash during an append, or a writer still at work): whole lines
      // only are read.
      Logger.writeStderr(
        "hkbridge: warning: \(path): ignoring its last line, cut short (\(torn.count) bytes, no "
          + "newline, not a whole line): an append was interrupted or is under way\n")
      bytes.removeLast(torn.count)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      let bad = lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0
      throw TranscriptError(
        file: path, line: bad + 1, message: "the line is not valid UTF-8 text")
    }
    return try parse(text, path: path, requireReply: requireReply)
  }

  /// The bytes after the last newline when they are not a whole line (not UTF-8 text, or not
  /// one typed-JSON value), else `nil`: a final line without a newline that reads is kept.
  public static func tornFinalLine(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
    guard let last = bytes.last, last != UInt8(ascii: "\n") else { return nil }
    let start = (bytes.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
    let tail = bytes[start...]
    var text = tail
    if text.last == UInt8(ascii: "\r") { text = text.dropLast() }
    if text.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return nil }
    guard (try? ChannelJSON.parse(utf8: Array(text), wrapperDepth: wrapperDepth)) != nil else {
      return tail
    }
    return nil
  }

  /// Parses transcript text; `path` names it in errors. Scenarios pass `requireReply: false`.
  public static func parse(_ text: String, path: String, requireReply: Bool = true)
    throws(TranscriptError) -> Transcript
  {
    var lines: [TranscriptLine] = []
    // Split on the scalar U+000A: as Characters, "\r\n" is one grapheme that is not "\n".
    var rawLines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      .map { String(Substring($0)) }
    // The last piece is what follows the final line break ("" when the file ends with one).
    let lastHasBreak = rawLines.last == ""
    if lastHasBreak { rawLines.removeLast() }
    var seenEntry = false
    for (index, raw) in rawLines.enumerated() {
      let number = index + 1
      let crlf = raw.hasSuffix("\r")
      let line = crlf ? String(raw.dropLast()) : raw
      let isLast = index == rawLines.count - 1
      let ending = isLast && !lastHasBreak ? (crlf ? "\r" : "") : (crlf ? "\r\n" : "\n")
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
        lines.append(TranscriptLine(number: number, text: line, entry: nil, ending: ending))
        continue
      }
      do throws(LineError) {
        let entry = try parseLine(line, requireReply: requireReply)
        if case .header = entry, seenEntry {
          throw LineError(
            "a {\"hkbridge\": {...}} header can only be the first line of a transcript")
        }
        seenEntry = true
        lines.append(TranscriptLine(number: number, text: line, entry: entry, ending: ending))
      } catch {
        throw TranscriptError(file: path, line: number, message: error.message)
      }
    }
    let transcript = Transcript(path: path, lines: lines)
    // A matcher path must match something recorded (lines without a reply cannot say).
    if requireReply, let problem = MatcherCoverage.problem(in: transcript) { throw problem }
    return transcript
  }
}
