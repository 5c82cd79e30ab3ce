import PluginHost

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How much `serve` writes on stderr. Each level includes the ones before it.
public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
  case quiet = 0
  case error
  case warning
  case info
  case debug

  /// The names `--log-level` accepts.
  public static let names: [(String, LogLevel)] = [
    ("quiet", .quiet), ("error", .error), ("warning", .warning), ("warn", .warning),
    ("info", .info), ("debug", .debug),
  ]

  public init?(name: String) {
    guard let match = Self.names.first(where: { $0.0 == name.lowercased() }) else { return nil }
    self = match.1
  }

  public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Writes log lines on stderr (fd 2) with one write(2) each, never on stdout.
public struct Logger: Sendable {
  public var level: LogLevel

  public init(level: LogLevel) {
    self.level = level
  }

  @inline(__always)
  public func enabled(_ at: LogLevel) -> Bool { at <= level && at != .quiet }

  public func log(_ at: LogLevel, _ message: @autoclosure () -> String) {
    guard enabled(at) else { return }
    let prefix: String
    switch at {
    case .quiet: return
    case .error: prefix = "error"
    case .warning: prefix = "warning"
    case .info: prefix = "info"
    case .debug: prefix = "debug"
    }
    Self.writeStderr(
      "hkbridge serve: \(prefix): \(WarningLine.escapingControlCharacters(message()))\n")
  }

  public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
  public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
  public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
  public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }

  /// Writes `text` on stderr, retrying short writes; errors are ignored (nowhere left to report).
  public static func writeStderr(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { raw in
      var offset = 0
      while offset < raw.count {
        let n = write(2, raw.baseAddress! + offset, raw.count - offset)
        if n > 0 {
          offset += n
        } else if n < 0 && errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }
}
