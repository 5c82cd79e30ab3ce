#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file could not be read or written.
public struct FileIOError: Error, Hashable, Sendable, CustomStringConvertible {
  public var path: String
  public var message: String

  public var description: String { "\(path): \(message)" }
}

/// Whole-file reads and writes with plain system calls (no Foundation).
public enum FileIO {
  static func errnoText() -> String {
    String(cString: strerror(errno))
  }

  public static func readFile(_ path: String) throws(FileIOError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw FileIOError(path: path, message: "cannot open: \(errnoText())")
    }
    defer { close(fd) }
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n > 0 {
        result.append(contentsOf: chunk[0..<n])
      } else if n == 0 {
        return result
      } else if errno != EINTR {
        throw FileIOError(path: path, message: "cannot read: \(errnoText())")
      }
    }
  }

  /// Writes all of `bytes` to `fd`, retrying short writes and EINTR.
  public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if n > 0 {
        offset += n
      } else if n < 0 && errno == EINTR {
        continue
      } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        waitUntilReady(fd, for: Int16(POLLOUT))
      } else {
        return n < 0 ? errno : EIO
      }
    }
    return nil
  }

  /// Blocks until `fd` is ready (`POLLIN` / `POLLOUT`), for descriptors left non-blocking by
  /// the parent process.
  public static func waitUntilReady(_ fd: Int32, for events: Int16) {
    var entry = pollfd(fd: fd, events: events, revents: 0)
    _ = poll(&entry, 1, -1)
  }

  /// Opens (creating or truncating) a file for writing.
  public static func create(_ path: String) throws(FileIOError) -> Int32 {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw FileIOError(path: path, message: "cannot create: \(errnoText())")
    }
    return fd
  }

  /// Replaces the file at `path` with `bytes`: writes a temporary file beside it, then renames.
  public static func replaceFile(_ path: String, with bytes: [UInt8]) throws(FileIOError) {
    let temporary = path + ".hkbridge-tmp"
    let fd = try create(temporary)
    let failure = bytes.withUnsafeBytes { writeAll(fd, $0) }
    close(fd)
    if let failure {
      unlink(temporary)
      throw FileIOError(path: path, message: "cannot write: \(String(cString: strerror(failure)))")
    }
    guard rename(temporary, path) == 0 else {
      let text = errnoText()
      unlink(temporary)
      throw FileIOError(path: path, message: "cannot replace: \(text)")
    }
  }
}
