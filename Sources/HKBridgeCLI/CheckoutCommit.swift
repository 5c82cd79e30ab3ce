import Harness

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The commit a development build reports: the one checked out in the git repository whose
/// `.build/` holds the running binary (protocol/release.md). Release builds carry their commit
/// in ``BuildInfo/commit`` instead. Reads `.git` (a folder, or a worktree's `gitdir:` file),
/// `HEAD` and the branch's ref (loose or in `packed-refs`) with plain file reads; `nil` when
/// the binary is not inside a checkout.
enum CheckoutCommit {
  /// The commit checked out where the running executable was built, or `nil`.
  static func ofRunningExecutable() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return ofCheckout(
      around: String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  /// The commit of the nearest folder above `path` that holds `Package.swift` and `.git`.
  static func ofCheckout(around path: String) -> String? {
    var directory = parent(path)
    while !directory.isEmpty {
      if text(directory + "/Package.swift") != nil, let sha = head(gitPath: directory + "/.git") {
        return sha
      }
      if directory == "/" { break }
      directory = parent(directory)
    }
    return nil
  }

  /// The commit `HEAD` names in the git folder (or `gitdir:` file) at `gitPath`.
  static func head(gitPath: String) -> String? {
    var gitDirectory = gitPath
    if let file = text(gitPath), file.hasPrefix("gitdir: ") {
      gitDirectory = String(file.dropFirst("gitdir: ".count))
    }
    guard let head = text(gitDirectory + "/HEAD") else { return nil }
    guard head.hasPrefix("ref: ") else { return isSHA(head) ? head : nil }
    let ref = String(head.dropFirst("ref: ".count))
    // A worktree keeps its HEAD; the refs are in the common folder it names.
    let common = text(gitDirectory + "/commondir").map {
      $0.hasPrefix("/") ? $0 : gitDirectory + "/" + $0
    }
    for folder in [gitDirectory] + (common.map { [$0] } ?? []) {
      if let sha = text(folder + "/" + ref), isSHA(sha) { return sha }
      if let packed = text(folder + "/packed-refs") {
        for line in packed.split(separator: "\n") where line.hasSuffix(" " + ref) {
          let sha = String(line.prefix(40))
          if isSHA(sha) { return sha }
        }
      }
    }
    return nil
  }

  /// A regular file's text without its trailing newline, or `nil`.
  static func text(_ path: String) -> String? {
    guard let bytes = try? FileIO.readFile(path) else { return nil }
    var text = String(decoding: bytes, as: UTF8.self)
    while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
    return text
  }

  static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  static func isSHA(_ text: String) -> Bool {
    text.utf8.count == 40
      && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }
}
