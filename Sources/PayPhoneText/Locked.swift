#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a pthread mutex, for the few caches that need one.
///
/// `Synchronization.Mutex` locks with raw futex calls on Linux, which
/// ThreadSanitizer cannot see, so it reports races between correctly locked
/// accesses; a pthread mutex it understands, which keeps the concurrency
/// tests under ThreadSanitizer meaningful. The mutex lives at a fixed
/// address, as pthreads requires.
///
///     let cache = Locked<[String: Int]>([:])
///     cache.withLock { $0["a", default: 0] += 1 }
///     cache.withLock { $0["a"] }  // 1
package final class Locked<Value: ~Copyable>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  /// Guarded by `mutex`.
  private var value: Value

  package init(_ value: consuming Value) {
    self.value = value
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` on the value with the mutex held.
  package func withLock<Result: ~Copyable, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
