import Foundation

/// Where the module reports what iOS would assert or log (an unsupported value, a corrupted
/// message, a second result): a line of text. Not part of Flutter's iOS API.
///
/// By default a line goes to standard error (never standard output, which a host may use for its
/// frames); a host may set `FlutterDiagnostics.handler` to route the lines elsewhere.
public enum FlutterDiagnostics {
  private static let lock = NSLock()
  private nonisolated(unsafe) static var current: (String) -> Void = standardError

  /// Receives each line (from any thread).
  public static var handler: (String) -> Void {
    get {
      lock.lock()
      defer { lock.unlock() }
      return current
    }
    set {
      lock.lock()
      defer { lock.unlock() }
      current = newValue
    }
  }

  /// The default handler: the line, prefixed with "Flutter: ", on standard error.
  public static func standardError(_ line: String) {
    FileHandle.standardError.write(Data(("Flutter: " + line + "\n").utf8))
  }

  static func report(_ line: String) {
    handler(line)
  }
}
