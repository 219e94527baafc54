import Synchronization

/// A reference set at most once, read without a lock: the lazily loaded
/// tables' slot.
///
/// Like `AtomicLazyReference`, but on an inlined `Atomic<Int>` (the
/// object's address), whose acquire and release ThreadSanitizer sees; with
/// `AtomicLazyReference` it reported races between a table's creation and
/// its readers. The stored object lives as long as the slot.
///
///     let slot = LazyReference<Box>()
///     slot.load()                    // nil
///     slot.storeIfNil(Box(1)).value  // 1 (or another thread's box)
package final class LazyReference<Value: AnyObject & Sendable>: Sendable {
  private let address = Atomic<Int>(0)

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

  /// Stores `value` unless another thread stored first; returns the one
  /// stored.
  package func storeIfNil(_ value: Value) -> Value {
    let retained = Unmanaged.passRetained(value)
    let (exchanged, current) = address.compareExchange(
      expected: 0, desired: Int(bitPattern: retained.toOpaque()), ordering: .acquiringAndReleasing)
    if exchanged { return value }
    retained.release()
    guard let pointer = UnsafeRawPointer(bitPattern: current) else { return value }
    return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
  }
}
