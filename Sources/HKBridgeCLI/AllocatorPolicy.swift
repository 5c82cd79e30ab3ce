/// glibc's malloc gives the top of its heap back to the kernel once more than its trim threshold
/// is free there, and moves that threshold (and the size above which it maps a block apart)
/// with the largest mapped block it last freed. A serve whose calls build and drop replies near
/// that size then shrinks and regrows the heap on every call (thousands of `brk` calls and page
/// faults, over a tenth of a big read's time), and whether it does hangs on a few bytes of a
/// value's layout. Fixed thresholds keep the heap steady: blocks up to 8 MiB come from the heap,
/// and up to 32 MiB free at its top stay in the process.
enum AllocatorPolicy {
  static func apply() {
    #if os(Linux)
      // <malloc.h>: M_MMAP_THRESHOLD is -3, M_TRIM_THRESHOLD -1 (Glibc's module has neither).
      _ = glibcMallopt(-3, 8 << 20)
      _ = glibcMallopt(-1, 32 << 20)
    #endif
  }
}

#if os(Linux)
  /// glibc's `int mallopt(int param, int value)`.
  @_silgen_name("mallopt")
  private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
