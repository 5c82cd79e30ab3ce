/// A transcript that cannot be read, naming the file and line (`golden/x.jsonl:12: ...`).
public struct TranscriptError: Error, Hashable, Sendable, CustomStringConvertible {
  public var file: String
  /// 1-based; 0 when the whole file is concerned (cannot be opened).
  public var line: Int
  public var message: String

  public init(file: String, line: Int, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  public var description: String {
    line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
  }
}
