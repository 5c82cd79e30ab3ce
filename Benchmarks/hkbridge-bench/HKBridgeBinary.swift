#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `hkbridge` executable the process figures run: `--hkbridge PATH`, else the one built next
/// to this benchmark (`swift build -c release` builds both).
struct HKBridgeBinary {
  var path: String
  /// Why it cannot be used, or `nil`.
  var problem: String?
  /// A note to print (e.g. the binary is older than the benchmark).
  var warning: String?

  static func locate(override: String?) -> HKBridgeBinary {
    let path = override ?? (executableDirectory() + "/hkbridge")
    guard access(path, X_OK) == 0 else {
      return HKBridgeBinary(
        path: path,
        problem: "no hkbridge executable at \(path); run `swift build -c release` first "
          + "(or pass --hkbridge PATH)")
    }
    var warning: String?
    if override == nil, let own = modificationTime(selfPath()), let other = modificationTime(path),
      other < own - 120
    {
      warning =
        "\(path) was built before this benchmark; if the sources changed since, run "
        + "`swift build -c release` first to measure the current code"
    }
    return HKBridgeBinary(path: path, problem: nil, warning: warning)
  }

  private static func selfPath() -> String {
    var buffer = [CChar](repeating: 0, count: 4_096)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard n > 0 else { return CommandLine.arguments.first ?? "." }
    return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func executableDirectory() -> String {
    let path = selfPath()
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return String(path[..<slash])
  }

  private static func modificationTime(_ path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int(info.st_mtim.tv_sec)
  }
}
