internal import CPayPhoneSystem

/// A value behind a mutex, for the few caches that need one.
///
/// The mutex is the platform's own (a pthread mutex on Linux and Apple
/// platforms, a slim lock on Windows, none on single-threaded WebAssembly),
/// made and called through the `CPayPhoneSystem` shim, and every call's
/// result is checked: a lock that fails stops the process rather than run
/// unguarded. ThreadSanitizer understands pthread mutexes, which keeps the
/// concurrency tests under it meaningful (`Synchronization.Mutex` locks
/// with futex calls it cannot see).
///
///     let cache = Locked<[String: Int]>([:])
///     cache.withLock { $0["a", default: 0] += 1 }
///     cache.withLock { $0["a"] }  // 1
package final class Locked<Value: ~Copyable>: @unchecked Sendable {
  private let mutex: OpaquePointer
  /// Guarded by `mutex`.
  private var value: Value

  package init(_ value: consuming Value) {
    guard let mutex = payphone_mutex_create() else { fatalError("PayPhone: could not create a mutex") }
    self.mutex = mutex
    self.value = value
  }

  deinit {
    let error = payphone_mutex_destroy(mutex)
    precondition(error == 0, "PayPhone: destroying a mutex failed")
  }

  /// Runs `body` on the value with the mutex held.
  package func withLock<Result: ~Copyable, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let locked = payphone_mutex_lock(mutex)
    precondition(locked == 0, "PayPhone: locking a mutex failed")
    defer {
      let unlocked = payphone_mutex_unlock(mutex)
      precondition(unlocked == 0, "PayPhone: unlocking a mutex failed")
    }
    return try body(&value)
  }
}
