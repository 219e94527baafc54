#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of an answer, in memory from `malloc`, whose growth may fail.
///
/// Swift's own buffers end the process when the system refuses memory; a
/// library loaded into someone else's process must not. When growing fails
/// this buffer keeps what it holds, drops what is appended after, and says
/// so (`failed`): the call then returns `PAYPHONE_OUT_OF_MEMORY`. A batch's
/// buffer goes to the caller as it is (`release()`), who frees it with
/// `payphone_free` (`free`).
struct ByteBuffer: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>?
  private(set) var count = 0
  private var capacity = 0
  /// Whether an append was dropped for want of memory.
  private(set) var failed = false

  /// An empty buffer with room for `capacity` bytes when the system grants
  /// it (room is only a hint: appends grow the buffer anyway).
  init(capacity: Int) {
    reserve(capacity)
  }

  deinit {
    free(base)
  }

  /// Makes room for `wanted` bytes in all if the system grants it; a
  /// refusal is not a failure (the appends will ask again, for less).
  mutating func reserve(_ wanted: Int) {
    guard wanted > capacity, !failed, let grown = realloc(base, wanted) else { return }
    base = grown.assumingMemoryBound(to: UInt8.self)
    capacity = wanted
  }

  /// Grows to hold at least `needed` bytes, doubling; false (and `failed`)
  /// when the system refuses.
  private mutating func grow(toHold needed: Int) -> Bool {
    guard !failed else { return false }
    let doubled = capacity.multipliedReportingOverflow(by: 2)
    let wanted = max(needed, doubled.overflow ? needed : doubled.partialValue, 64)
    guard let grown = realloc(base, wanted) else {
      failed = true
      return false
    }
    base = grown.assumingMemoryBound(to: UInt8.self)
    capacity = wanted
    return true
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    if count == capacity {
      guard grow(toHold: count + 1) else { return }
    }
    base.unsafelyUnwrapped[count] = byte
    count += 1
  }

  mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    let total = count.addingReportingOverflow(bytes.count)
    guard !total.overflow else {
      failed = true
      return
    }
    if total.partialValue > capacity {
      guard grow(toHold: total.partialValue) else { return }
    }
    (base.unsafelyUnwrapped + count).update(from: source, count: bytes.count)
    count = total.partialValue
  }

  mutating func append(contentsOf bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
  }

  /// Appends the UTF-8 of `text` in one copy.
  mutating func append(utf8 text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }

  /// The bytes so far.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    body(UnsafeBufferPointer(start: base, count: count))
  }

  /// Hands the memory over, NUL-terminated (the NUL not counted in
  /// `count`): the caller frees it with `free`. Nil when memory ran out.
  consuming func release() -> (bytes: UnsafeMutablePointer<UInt8>, count: Int)? {
    append(0)
    let (base, count, failed) = (self.base, self.count - 1, self.failed)
    discard self
    guard !failed, let base else {
      free(base)
      return nil
    }
    return (base, count)
  }
}
