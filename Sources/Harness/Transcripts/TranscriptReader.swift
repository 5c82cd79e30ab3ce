import ChannelJSON
import FlutterCodec
import PluginHost

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
    let torn = tornFinalLine(bytes).map(Array.init)
    if let torn {
      // A line cut short (a crash during an append, or a writer still at work): whole lines
      // only are read.
      WarningLine.write(
        "\(path): ignoring its last line, cut short (\(torn.count) bytes, no newline, not a "
          + "whole line): an append was interrupted or is under way")
      bytes.removeLast(torn.count)
    }
    let result: Result<Transcript, TranscriptError> = bytes.withUnsafeBufferPointer { buffer in
      if let bad = TranscriptUTF8.firstInvalidLine(buffer) {
        return .failure(
          TranscriptError(file: path, line: bad + 1, message: "the line is not valid UTF-8 text"))
      }
      do throws(TranscriptError) {
        return .success(try parse(utf8: buffer, path: path, requireReply: requireReply))
      } catch {
        return .failure(error)
      }
    }
    var transcript = try result.get()
    transcript.tornTail = torn
    return transcript
  }

  /// The bytes after the last newline when they are not a whole line (not UTF-8 text, or not
  /// one typed-JSON value, and not one whole object either), else `nil`: a final line without
  /// a newline that reads is kept, and so is a whole object that does not read (a repeated
  /// key, a number out of range): it was written whole, so it is read and refused as a line.
  public static func tornFinalLine(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
    guard let last = bytes.last, last != UInt8(ascii: "\n") else { return nil }
    let start = (bytes.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
    let tail = bytes[start...]
    var text = tail
    if text.last == UInt8(ascii: "\r") { text = text.dropLast() }
    if text.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return nil }
    if isWholeObject(text) { return nil }
    guard (try? ChannelJSON.parse(utf8: Array(text), wrapperDepth: wrapperDepth)) != nil else {
      return tail
    }
    return nil
  }

  /// Whether `text` is one JSON object from its `{` to its matching `}` (white space around it
  /// allowed), its strings closed: written whole, whatever it says.
  static func isWholeObject(_ text: ArraySlice<UInt8>) -> Bool {
    let bytes = Array(text)
    return bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONTextScanner(bytes: buffer)
      scanner.skipSpace()
      guard scanner.current == UInt8(ascii: "{"), scanner.skipValue() else { return false }
      return scanner.atEndAfterSpace
    }
  }

  /// Parses transcript text; `path` names it in errors. Scenarios pass `requireReply: false`.
  public static func parse(_ text: String, path: String, requireReply: Bool = true)
    throws(TranscriptError) -> Transcript
  {
    var text = text
    let result: Result<Transcript, TranscriptError> = text.withUTF8 { buffer in
      do throws(TranscriptError) {
        return .success(try parse(utf8: buffer, path: path, requireReply: requireReply))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Parses transcript bytes, already known to be UTF-8: lines split on newline bytes, each
  /// line's JSON handed to jansson as it lies in the buffer.
  static func parse(utf8 buffer: UnsafeBufferPointer<UInt8>, path: String, requireReply: Bool)
    throws(TranscriptError) -> Transcript
  {
    var lines: [TranscriptLine] = []
    guard let base = buffer.baseAddress, !buffer.isEmpty else {
      return Transcript(path: path, lines: lines)
    }
    let count = buffer.count
    var seenEntry = false
    var start = 0
    var number = 0
    // Every line ends at a newline byte, but the last may end at the end of the buffer instead.
    while start < count {
      number += 1
      let newline = memchr(base + start, 0x0A, count - start).map {
        UnsafeRawPointer($0) - UnsafeRawPointer(base)
      }
      let end = newline ?? count
      let crlf = end > start && base[end - 1] == 0x0D
      let lineBytes = UnsafeBufferPointer(start: base + start, count: end - start - (crlf ? 1 : 0))
      let ending = newline == nil ? (crlf ? "\r" : "") : (crlf ? "\r\n" : "\n")
      start = end + 1
      let text = String(decoding: lineBytes, as: UTF8.self)
      if lineBytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
        lines.append(TranscriptLine(number: number, text: text, entry: nil, ending: ending))
        continue
      }
      if let direct = TranscriptDirectLine.read(lineBytes) {
        seenEntry = true
        var line = TranscriptLine(number: number, text: text, entry: direct.entry, ending: ending)
        line.valuesFromBytes = direct.valuesFromBytes
        lines.append(line)
        continue
      }
      do throws(LineError) {
        let entry = try parseLine(lineBytes, requireReply: requireReply)
        if case .header = entry, seenEntry {
          throw LineError(
            "a {\"hkbridge\": {...}} header can only be the first line of a transcript")
        }
        seenEntry = true
        lines.append(TranscriptLine(number: number, text: text, entry: entry, ending: ending))
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
