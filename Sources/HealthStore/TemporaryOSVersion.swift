// TEMPORARY stand-in for HealthKitModel.OSVersion until the model lands on main (renamed to
// avoid a clash with it); deleted then.
public struct PendingOSVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let major: Int
  public let minor: Int
  public let patch: Int

  public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
    self.major = major
    self.minor = minor
    self.patch = patch
  }

  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard !part.isEmpty, part.count <= 4, part.allSatisfy({ $0.isASCII && $0.isNumber }),
        let number = Int(part)
      else { return nil }
      numbers.append(number)
    }
    while numbers.count < 3 { numbers.append(0) }
    self.init(numbers[0], numbers[1], numbers[2])
  }

  public var description: String {
    patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)"
  }

  public static func < (lhs: PendingOSVersion, rhs: PendingOSVersion) -> Bool {
    (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
  }
}
