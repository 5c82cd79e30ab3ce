/// An iOS version such as `17.5`, `12.0` or `16` (read as `16.0`).
///
/// Parsed from one to three dot-separated decimal numbers; printed as `major.minor`, plus
/// `.patch` when the patch is not zero (`"17.5"`, `"8.0"`, `"16.4.1"`).
public struct OSVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let major: Int
  public let minor: Int
  public let patch: Int

  public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
    self.major = major
    self.minor = minor
    self.patch = patch
  }

  /// Parses `"17.5"`, `"12.0"`, `"16"`, `"16.4.1"`; nil for anything else.
  public init?(_ text: String) {
    guard let parsed = try? OSVersion.parse(text) else { return nil }
    self = parsed
  }

  /// Parses a version, throwing an error that says what was wrong.
  public static func parse(_ text: String) throws(ModelError) -> OSVersion {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else {
      throw .invalidOSVersion(text)
    }
    var numbers: [Int] = []
    for part in parts {
      guard !part.isEmpty, part.count <= 4, part.allSatisfy({ $0.isASCII && $0.isNumber }),
        let number = Int(part)
      else {
        throw .invalidOSVersion(text)
      }
      numbers.append(number)
    }
    while numbers.count < 3 { numbers.append(0) }
    return OSVersion(numbers[0], numbers[1], numbers[2])
  }

  public var description: String {
    patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)"
  }

  public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
    (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
  }

  /// The default iOS version of the emulator (protocol/state.md#default-state).
  public static let emulatorDefault = OSVersion(17, 5)
}
