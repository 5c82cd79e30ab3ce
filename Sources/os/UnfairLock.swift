// swift-format-ignore-file: AlwaysUseLowerCamelCase, TypeNamesShouldBeCapitalized
// (Apple's names, spelled as on iOS.)
#if canImport(Glibc)
  // As Apple's `os` re-exports Darwin, this one re-exports the C library.
  @_exported import Glibc

  /// Apple's `os_unfair_lock`, for code that imports `os` to lock (a package built beside this
  /// module that checks `canImport(os)`, such as the argument parser, takes that path on
  /// Linux). It is a glibc mutex: `os_unfair_lock()` is all zeros, `PTHREAD_MUTEX_INITIALIZER`,
  /// so a zeroed lock is ready, and `pthread_mutex_destroy` on it is valid. The functions are
  /// emitted into their callers: such a package does not link this module.
  public typealias os_unfair_lock = pthread_mutex_t

  public typealias os_unfair_lock_t = UnsafeMutablePointer<os_unfair_lock>

  @_alwaysEmitIntoClient
  public func os_unfair_lock_lock(_ lock: os_unfair_lock_t) {
    pthread_mutex_lock(lock)
  }

  @_alwaysEmitIntoClient
  public func os_unfair_lock_trylock(_ lock: os_unfair_lock_t) -> Bool {
    pthread_mutex_trylock(lock) == 0
  }

  @_alwaysEmitIntoClient
  public func os_unfair_lock_unlock(_ lock: os_unfair_lock_t) {
    pthread_mutex_unlock(lock)
  }
#endif
