public import Synchronization

/// A fixed number of references, each set at most once on first use and
/// read without a lock: the lazily loaded tables' slots (a region's
/// metadata, a prefix file's lines).
///
/// Each slot holds its object's address in an `Atomic<Int>`, whose acquire
/// and release ThreadSanitizer sees. An object is made once: a thread that
/// finds its slot empty makes it under the set's one lock, and a thread
/// that asks meanwhile waits for that lock and then takes what was stored
/// (two `--jobs` workers starting on one input share each region's tables
/// rather than each making its own). Stored objects live as long as the
/// set.
///
///     let slots = LazyReferences<Box>(count: 2)
///     slots.load(0)                       // nil
///     slots.loadOrTryMaking(0) { nil }    // nil: nothing made, nothing stored
///     slots.loadOrMake(0) { Box(1) }.value  // 1, made by this call
///     slots.loadOrMake(0) { Box(2) }.value  // 1: already made
///
/// Public in the `PayPhoneInternal` SPI, its reads `@inlinable`, so that a
/// lookup in another module of the package is a load, not a call (as
/// ``GeneratedTable``'s reads are).
@_spi(PayPhoneInternal)
public final class LazyReferences<Value: AnyObject & Sendable>: @unchecked Sendable {
  /// `count` addresses, 0 while a slot is empty; set once, with `making` held.
  @usableFromInline let addresses: UnsafeMutablePointer<Atomic<Int>>
  /// The number of slots.
  public let count: Int
  /// Held while an object is made and stored; counts the objects stored
  /// (it holds a real value: ThreadSanitizer reports the exclusivity
  /// accesses of a lock around an empty tuple as a race).
  private let making = Locked<Int>(0)

  /// `count` empty slots.
  public init(count: Int) {
    self.count = count
    addresses = .allocate(capacity: count)
    for index in 0..<count { (addresses + index).initialize(to: Atomic(0)) }
  }

  deinit {
    for index in 0..<count {
      if let pointer = UnsafeRawPointer(bitPattern: addresses[index].load(ordering: .acquiring)) {
        Unmanaged<Value>.fromOpaque(pointer).release()
      }
    }
    addresses.deinitialize(count: count)
    addresses.deallocate()
  }

  /// The object stored in slot `index`, nil before one is stored.
  @inlinable @inline(__always)
  public func load(_ index: Int) -> Value? {
    unretained(index)?.takeUnretainedValue()
  }

  /// The object stored in slot `index`, not retained (the set keeps it as
  /// long as the set lives), nil before one is stored.
  @inlinable @inline(__always)
  public func unretained(_ index: Int) -> Unmanaged<Value>? {
    precondition(index >= 0 && index < count, "lazy slot index out of range")
    guard let pointer = UnsafeRawPointer(bitPattern: addresses[index].load(ordering: .acquiring)) else {
      return nil
    }
    return Unmanaged<Value>.fromOpaque(pointer)
  }

  /// The object in slot `index`, or the one `make` makes and this stores
  /// when there is none yet.
  @inlinable @inline(__always)
  public func loadOrMake(_ index: Int, _ make: () -> Value) -> Value {
    guard let value = loadOrTryMaking(index, make) else { preconditionFailure("make always makes one") }
    return value
  }

  /// `loadOrMake(_:_:)` with a `make` that may fail: nil when it gives nil
  /// (nothing is stored, and the next call tries again).
  @inlinable @inline(__always)
  public func loadOrTryMaking(_ index: Int, _ make: () -> Value?) -> Value? {
    if let value = load(index) { return value }
    return tryMakingOnce(index, make)
  }

  /// The object in slot `index`, made by `make` unless another thread made
  /// it while this one waited for the lock (nil when `make` gives nil).
  @usableFromInline func tryMakingOnce(_ index: Int, _ make: () -> Value?) -> Value? {
    making.withLock { stored in load(index) ?? make().map { store($0, at: index, counting: &stored) } }
  }

  private func store(_ value: Value, at index: Int, counting stored: inout Int) -> Value {
    stored += 1
    addresses[index].store(Int(bitPattern: Unmanaged.passRetained(value).toOpaque()), ordering: .releasing)
    return value
  }
}
