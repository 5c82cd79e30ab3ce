import Flutter
import Foundation
import Testing

/// Bytes from hex text; spaces are for reading only.
func bytes(_ hex: String) -> Data {
  let digits = Array(hex.filter { !$0.isWhitespace })
  precondition(digits.count % 2 == 0, "odd hex: \(hex)")
  return Data(
    stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! })
}

/// Hex text of bytes, for messages of failed expectations.
func hexText(_ data: Data?) -> String {
  guard let data else { return "nil" }
  return data.map { String(format: "%02x", $0) }.joined()
}

/// Every line the module reported, collected from the first use on (tests run in parallel, so a
/// test looks for a line naming something of its own).
enum ReportedLines {
  private static let lock = NSLock()
  private nonisolated(unsafe) static var lines: [String] = []
  private static let installed: Bool = {
    FlutterDiagnostics.handler = { line in
      lock.lock()
      defer { lock.unlock() }
      lines.append(line)
    }
    return true
  }()

  /// Starts collecting (idempotent).
  static func collect() {
    _ = installed
  }

  static func contains(_ fragment: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return lines.contains { $0.contains(fragment) }
  }
}

/// The standard codecs, shared.
var messageCodec: FlutterStandardMessageCodec { .sharedInstance() }
var methodCodec: FlutterStandardMethodCodec { .sharedInstance() }

/// One Swift value and the bytes the codec writes for it.
struct WriteCase: @unchecked Sendable, CustomTestStringConvertible {
  let label: String
  let value: Any
  let hex: String

  init(_ label: String, _ value: Any, _ hex: String) {
    self.label = label
    self.value = value
    self.hex = hex
  }

  var testDescription: String { label }
}
