import Foundation

/// Where the module reports what iOS would assert or log (an unsupported value, a corrupted
/// message, a second result): a line of text. Not part of Flutter's iOS API.
///
/// By default a line goes to standard error (never standard output, which a host may use for its
/// frames); a host may set `FlutterDiagnostics.handler` to route the lines elsewhere.
public enum FlutterDiagnostics {
  /// Receives each line; replace it before plugins run.
  public nonisolated(unsafe) static var handler: (String) -> Void = { line in
    FileHandle.standardError.write(Data(("Flutter: " + line + "\n").utf8))
  }

  static func report(_ line: String) {
    handler(line)
  }
}
