import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if os(Linux)
  // libdispatch's hooks for a run loop on the main thread (what Foundation's CFRunLoop uses on
  // Linux): a descriptor that becomes readable when the main queue has work, and the drain.
  @_silgen_name("_dispatch_get_main_queue_handle_4CF")
  private func dispatchMainQueueHandle() -> Int32
  @_silgen_name("_dispatch_main_queue_callback_4CF")
  private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)
#endif

/// The main queue, run by the serve loop on the main thread (protocol/native.md, "Threads"):
/// the loop polls ``descriptor`` beside its input and calls ``drain()`` when it is readable, so
/// the blocks a plugin submits to `DispatchQueue.main` run on the main thread, in order, between
/// frames, as they run between platform messages on iOS.
enum MainQueue {
  /// Readable when the main queue has work (an eventfd libdispatch writes to).
  static let descriptor: Int32 = {
    #if os(Linux)
      let fd = dispatchMainQueueHandle()
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      return fd
    #else
      return -1
    #endif
  }()

  /// Runs the blocks queued on the main queue so far. Only on the main thread.
  static func drain() {
    #if os(Linux)
      var counter: UInt64 = 0
      _ = read(descriptor, &counter, 8)
      dispatchMainQueueCallback(nil)
    #endif
  }
}
