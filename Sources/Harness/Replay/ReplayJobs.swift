#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `replay -j N`: runs one piece of work per file on up to N threads (each file takes the next
/// index as a thread becomes free) and hands back the results in file order. Plain POSIX threads:
/// nothing more is linked into the binary, so start time does not grow.
enum ReplayJobs {
  /// The number of online cores (`-j 0` asks for one thread each).
  static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  /// `work(i)` for every `i` in `0..<count`, on `jobs` threads at most; results in index order.
  static func map<T>(_ count: Int, jobs: Int, _ work: @escaping (Int) -> T) -> [T] {
    let threads = min(max(1, jobs), count)
    if threads <= 1 { return (0..<count).map(work) }
    let shared = Shared(count: count, work: work)
    var ids: [pthread_t] = []
    for _ in 0..<threads {
      var id = pthread_t()
      let box = Unmanaged<Worker>.passRetained(shared).toOpaque()
      let started = pthread_create(
        &id, nil,
        { raw in
          Unmanaged<Worker>.fromOpaque(Worker.pointer(raw)).takeRetainedValue().runAll()
          return nil
        }, box)
      if started == 0 {
        ids.append(id)
      } else {
        Unmanaged<Worker>.fromOpaque(box).release()
      }
    }
    // The calling thread works too (and does all the work if no thread could start).
    shared.runAll()
    for id in ids { pthread_join(id, nil) }
    return shared.results.map { $0! }
  }

  /// What a thread runs (a class without generic parameters, for the C entry point).
  class Worker: @unchecked Sendable {
    func runAll() {}

    /// The thread argument, optional or not depending on the C library's declaration.
    static func pointer(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer { raw! }
  }

  /// The work, the next index to take and the results, shared by the threads (the lock guards
  /// the index; each result slot is written by the one thread that took its index).
  final class Shared<T>: Worker, @unchecked Sendable {
    let count: Int
    let work: (Int) -> T
    var next = 0
    /// Allocated apart: a stored property's address is not stable across `&` uses.
    let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    var results: [T?]

    init(count: Int, work: @escaping (Int) -> T) {
      self.count = count
      self.work = work
      results = Array(repeating: nil, count: count)
      super.init()
      lock.initialize(to: pthread_mutex_t())
      pthread_mutex_init(lock, nil)
    }

    deinit {
      pthread_mutex_destroy(lock)
      lock.deallocate()
    }

    func take() -> Int? {
      pthread_mutex_lock(lock)
      defer { pthread_mutex_unlock(lock) }
      guard next < count else { return nil }
      next += 1
      return next - 1
    }

    override func runAll() {
      while let index = take() {
        let result = work(index)
        pthread_mutex_lock(lock)
        results[index] = result
        pthread_mutex_unlock(lock)
      }
    }
  }
}
