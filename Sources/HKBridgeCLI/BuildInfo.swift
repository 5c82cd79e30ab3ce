import Harness

/// What `hkbridge --version` reports: the emulator's version (also HELLO's `emulator`), the frame
/// protocol's version (HELLO's `protocol`) and the commit the binary was built from.
enum BuildInfo {
  /// The emulator's version; release archives are named after it (scripts/package).
  static let version = "0.1.0"

  /// The git commit this binary was built from. `nil` in the committed source: `scripts/package`
  /// builds from a copy of the commit in which it rewrites this line (protocol/release.md).
  static let commit: String? = nil

  /// `--version`'s text: the version alone on the first line, then `protocol N`, then
  /// `commit <sha>`: the recorded commit of a release build, else the commit checked out in the
  /// repository a development build sits in; `commit unknown` only for a binary that has
  /// neither.
  static var versionText: String {
    """
    \(version)
    protocol \(ProtocolVersion.current)
    commit \(commit ?? CheckoutCommit.ofRunningExecutable() ?? "unknown")
    """
  }
}
