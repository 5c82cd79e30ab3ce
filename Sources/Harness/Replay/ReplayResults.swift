import FlutterCodec

// What a replay finds: the mismatches, the lines `--update` rewrote, and each file's outcome.

/// One exchange whose reply did not pass.
public struct ReplayMismatch: Sendable, Hashable {
  public var file: String
  public var line: Int
  public var channel: String
  public var method: String
  /// The mode this line was compared in.
  public var mode: MatchMode
  public var expected: TranscriptReply?
  public var actual: TranscriptReply
  /// `replyHex` of the line, when it has one.
  public var expectedBytes: RecordedBytes?
  public var actualBytes: RecordedBytes
  /// In `bytes` mode: the offset of the first differing byte.
  public var firstDifference: Int?
  /// The differing values (path, expected, got), at most ``Replayer/differenceLimit``.
  public var differences: [ValueDifference] = []
  /// How many values differ in all (more than `differences` holds when capped).
  public var differenceCount = 0
}

/// A line that `--update` rewrote.
public struct ReplayUpdate: Sendable, Hashable {
  public var line: Int
  public var method: String
  public var oldReply: TranscriptReply?
  public var newReply: TranscriptReply
  public var oldBytes: RecordedBytes?
  public var newBytes: RecordedBytes
  /// What changed on the request side, when something did: `callHex` rewritten from `call`, or
  /// bound ids written into the call.
  public var requestChange: String?
}

/// The outcome of replaying one file.
public struct FileReplayResult: Sendable {
  public var path: String
  public var passed = 0
  public var failed = 0
  public var mismatches: [ReplayMismatch] = []
  /// With `update`: the lines rewritten, and the transcript as rewritten.
  public var updates: [ReplayUpdate] = []
  public var updatedTranscript: Transcript?
  /// A transcript error found while replaying (an `at` earlier than the clock, a header identity
  /// the emulator refused): the file stopped at that line.
  public var transcriptError: TranscriptError?
}
