import Synchronization

/// A reference set at most once, read without a lock: the lazily loaded
/// tables' slot.
///
/// Like `AtomicLazyReference`, but on a stored `Atomic<Int>` (the
/// object's address), whose acquire and release ThreadSanitizer sees (it
/// does not see `AtomicLazyReference`'s, and reports races between a
/// table's creation and its readers). The object is made once: threads
/// that find the slot empty at the same moment (two `--jobs` workers
/// starting on one input) wait for one of them to make it rather than each
/// making its own. The stored object lives as long as the slot.
///
///     let slot = LazyReference<Box>()
///     slot.load()                       // nil
///     slot.loadOrTryMaking { nil }      // nil: nothing made, nothing stored
///     slot.loadOrMake { Box(1) }.value  // 1, made by this call
///     slot.loadOrMake { Box(2) }.value  // 1: already made
package final class LazyReference<Value: AnyObject & Sendable>: Sendable {
  private let address = Atomic<Int>(0)
  /// The object once made, behind the lock that is held while it is made
  /// (never taken again once `address` is set). It holds a real value:
  /// ThreadSanitizer reports the exclusivity accesses of a lock around an
  /// empty tuple as a race.
  private let made = Locked<Value?>(nil)

  package init() {}

  deinit {
    if let pointer = UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring)) {
      Unmanaged<Value>.fromOpaque(pointer).release()
    }
  }

  /// The stored object, nil before one is stored.
  @inline(__always)
  package func load() -> Value? {
    guard let pointer = UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring)) else { return nil }
    return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// The stored object, or the one `make` makes and this stores when
  /// there is none yet. Only one `make` runs at a time: a thread that asks
  /// meanwhile waits for it, then takes what it stored.
  @inline(__always)
  package func loadOrMake(_ make: () -> Value) -> Value {
    if let value = load() { return value }
    return made.withLock { made in made ?? store(make(), in: &made) }
  }

  /// `loadOrMake(_:)` with a `make` that may fail: nil when it gives nil
  /// (nothing is stored, and the next call tries again).
  @inline(__always)
  package func loadOrTryMaking(_ make: () -> Value?) -> Value? {
    if let value = load() { return value }
    return made.withLock { made in made ?? make().map { store($0, in: &made) } }
  }

  /// Stores `value` in the empty slot (`made`, with its lock held, and
  /// `address`); returns it.
  private func store(_ value: Value, in made: inout Value?) -> Value {
    made = value
    address.store(Int(bitPattern: Unmanaged.passRetained(value).toOpaque()), ordering: .releasing)
    return value
  }
}
