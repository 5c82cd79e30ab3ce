// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (Apple's names, spelled as on iOS.)
import Foundation

/// The level of a log message (`OSLogType`): the raw values of Apple's `os_log_type_t`.
public struct OSLogType: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  public init(_ rawValue: UInt8) { self.rawValue = rawValue }

  public static let `default` = OSLogType(rawValue: 0x00)
  public static let info = OSLogType(rawValue: 0x01)
  public static let debug = OSLogType(rawValue: 0x02)
  public static let error = OSLogType(rawValue: 0x10)
  public static let fault = OSLogType(rawValue: 0x11)

  var name: String {
    switch rawValue {
    case 0x01: return "info"
    case 0x02: return "debug"
    case 0x10: return "error"
    case 0x11: return "fault"
    default: return "default"
    }
  }
}

/// A log handle (`OSLog`): a subsystem and a category.
public final class OSLog: NSObject, Sendable {
  public let subsystem: String
  public let category: String

  public init(subsystem: String, category: String) {
    self.subsystem = subsystem
    self.category = category
    super.init()
  }

  public static let `default` = OSLog(subsystem: "", category: "")
  public static let disabled = OSLog(subsystem: "", category: "disabled")
}

/// Writes one log line to standard error (never standard output, which carries the host's
/// frames): `[subsystem:category] level message`. `%@`, `%{public}@`, `%{private}@`, `%d`,
/// `%s` and `%f` take the arguments in order.
public func os_log(
  _ message: StaticString, dso: UnsafeRawPointer? = nil, log: OSLog = .default,
  type: OSLogType = .default, _ args: CVarArg...
) {
  guard log !== OSLog.disabled else { return }
  let text = OSLogFormat.render("\(message)", args.map { "\($0)" })
  let line = "[\(log.subsystem):\(log.category)] \(type.name) \(text)\n"
  FileHandle.standardError.write(Data(line.utf8))
}

enum OSLogFormat {
  /// Replaces each `%…` conversion by the next argument.
  static func render(_ format: String, _ arguments: [String]) -> String {
    var output = ""
    var remaining = arguments[...]
    var index = format.startIndex
    while index < format.endIndex {
      let character = format[index]
      guard character == "%" else {
        output.append(character)
        index = format.index(after: index)
        continue
      }
      var end = format.index(after: index)
      if end < format.endIndex, format[end] == "%" {
        output.append("%")
        index = format.index(after: end)
        continue
      }
      if end < format.endIndex, format[end] == "{" {
        end = format[end...].firstIndex(of: "}").map { format.index(after: $0) } ?? format.endIndex
      }
      while end < format.endIndex, !format[end].isLetter || format[end] == "l" {
        end = format.index(after: end)
      }
      if end < format.endIndex { end = format.index(after: end) }
      output += remaining.popFirst() ?? ""
      index = end
    }
    return output
  }
}
