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

  /// The whole file; more than `limit` bytes (when given) is refused, naming the limit.
  public static func readFile(_ path: String, limit: Int? = nil) throws(FileIOError) -> [UInt8] {
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
        if let limit, result.count > limit {
          throw FileIOError(
            path: path,
            message: "is larger than \(limit >> 20) MiB, the most a transcript may hold: split it")
        }
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
  /// Whether two paths name one existing file (same device and inode: another spelling, a hard
  /// or symbolic link count as the same file).
  public static func isSameFile(_ a: String, _ b: String) -> Bool {
    var x = stat()
    var y = stat()
    guard stat(a, &x) == 0, stat(b, &y) == 0 else { return false }
    return x.st_dev == y.st_dev && x.st_ino == y.st_ino
  }

  public static func waitUntilReady(_ fd: Int32, for events: Int16, timeoutMs: Int = -1) {
    var entry = pollfd(fd: fd, events: events, revents: 0)
    _ = poll(&entry, 1, Int32(clamping: timeoutMs))
  }

  /// Opens (creating or truncating) a file for writing.
  public static func create(_ path: String) throws(FileIOError) -> Int32 {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw FileIOError(path: path, message: "cannot create: \(errnoText())")
    }
    return fd
  }

  /// Replaces the file at `path` with `bytes` so that it is never seen half-written, even if
  /// the process is killed: follows a symbolic link to the file it names, writes a temporary
  /// file created exclusively (`mkstemp`: a unique name, never an existing file or link) in the
  /// same folder, gives it the original's mode and owner, flushes it to disk, and renames it over
  /// the target (then flushes the folder). On failure the temporary file is removed and the
  /// original is left as it was; a kill can leave a `.NAME.hkbridge-XXXXXX` file behind, never a
  /// damaged original.
  public static func replaceFile(_ path: String, with bytes: [UInt8]) throws(FileIOError) {
    let target = resolvedPath(path)
    var info = stat()
    let existing = stat(target, &info) == 0
    let slash = target.lastIndex(of: "/")
    let folder = slash.map { String(target[..<$0]) } ?? "."
    let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
    var template = Array((folder.isEmpty ? "/" : folder + "/").utf8CString.dropLast())
    template += Array(".\(name).hkbridge-XXXXXX".utf8CString)
    let fd = mkstemp(&template)
    guard fd >= 0 else {
      throw FileIOError(path: path, message: "cannot create a temporary file: \(errnoText())")
    }
    // mkstemp filled in the Xs; the name is the template up to its terminating NUL.
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    func abandon(_ what: String, _ code: Int32) -> FileIOError {
      close(fd)
      unlink(temporary)
      return FileIOError(path: path, message: "\(what): \(String(cString: strerror(code)))")
    }
    if let failure = bytes.withUnsafeBytes({ writeAll(fd, $0) }) {
      throw abandon("cannot write", failure)
    }
    if existing {
      // The original's permission bits and owner (the owner only when allowed, e.g. as root or
      // when it is already ours).
      if fchmod(fd, info.st_mode & 0o7777) != 0 { throw abandon("cannot set the mode", errno) }
      _ = fchown(fd, info.st_uid, info.st_gid)
    } else {
      _ = fchmod(fd, 0o644)
    }
    if fsync(fd) != 0 { throw abandon("cannot flush to disk", errno) }
    close(fd)
    guard rename(temporary, target) == 0 else {
      let text = errnoText()
      unlink(temporary)
      throw FileIOError(path: path, message: "cannot replace: \(text)")
    }
    let folderFD = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folderFD >= 0 {
      _ = fsync(folderFD)
      close(folderFD)
    }
    removeStaleTemporaries(in: folder.isEmpty ? "/" : folder, of: name)
  }

  /// A temporary file of an update that was killed (`kill -9`) outlives it. The next update of
  /// the same file removes such leftovers: regular files named `.NAME.hkbridge-XXXXXX`, ours,
  /// untouched for at least ``staleTemporaryAge`` seconds (an update in progress elsewhere keeps
  /// writing its own, so it is never that old). Links and other files are left alone.
  static func removeStaleTemporaries(in folder: String, of name: String, now: Int? = nil) {
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    let prefix = ".\(name).hkbridge-"
    let current = now ?? time(nil)
    while let entry = readdir(directory) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard entryName.hasPrefix(prefix), entryName.utf8.count == prefix.utf8.count + 6 else {
        continue
      }
      let path = folder + "/" + entryName
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid(),
        current - modificationTime(info) >= staleTemporaryAge
      else { continue }
      unlink(path)
    }
  }

  static func modificationTime(_ info: stat) -> Int {
    #if canImport(Darwin)
      Int(info.st_mtimespec.tv_sec)
    #else
      Int(info.st_mtim.tv_sec)
    #endif
  }

  /// How old (seconds since its last change) a leftover temporary file must be to be removed.
  public static let staleTemporaryAge = 600

  /// The file a path names after following symbolic links (the path itself when it cannot be
  /// resolved, e.g. when it does not exist yet).
  static func resolvedPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
