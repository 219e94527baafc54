internal import CPayPhoneSystem

/// Bytes being written: one block from the C allocator that grows by
/// doubling, and whose growth may fail.
///
/// Swift's own buffers end the process when the system refuses memory; a
/// library loaded into someone else's process must not. When growing fails
/// the bytes keep what they hold, drop what is appended after, and say so
/// (``failed``): the C ABI then answers `PAYPHONE_OUT_OF_MEMORY`, the tool
/// stops with an error. The block can be handed to a C caller as it is
/// (``release()``), who frees it with `free`.
///
/// A class, so that a ``LineWriter`` is cheap to move between threads and
/// copies on write (``LineWriter`` holds the one reference while it writes).
package final class OutputBytes: @unchecked Sendable {
  private(set) var base: UnsafeMutablePointer<UInt8>?
  private(set) var capacity = 0
  package internal(set) var count = 0
  /// Whether an append was dropped for want of memory.
  package private(set) var failed = false

  /// Empty, with room for `capacity` bytes when the system grants it.
  package init(capacity: Int) {
    _ = grow(toHold: capacity)
    failed = false
  }

  deinit {
    payphone_deallocate(base)
  }

  /// The bytes written so far.
  package var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  func copy() -> OutputBytes {
    let copy = OutputBytes(capacity: count)
    copy.append(written)
    return copy
  }

  /// Forgets the bytes, keeping the memory (and a failure).
  package func removeAll() {
    count = 0
  }

  /// Makes room for `extra` more bytes: false, with `failed` set, when the
  /// system refuses (the bytes that were to follow are then dropped).
  @inline(__always)
  package func reserve(_ extra: Int) -> Bool {
    if count + extra <= capacity { return !failed }
    return grow(toHold: count + extra)
  }

  private func grow(toHold needed: Int) -> Bool {
    guard !failed else { return false }
    var wanted = max(capacity, 64)
    while wanted < needed {
      let doubled = wanted.multipliedReportingOverflow(by: 2)
      wanted = doubled.overflow ? needed : doubled.partialValue
    }
    guard let grown = payphone_reallocate(base, wanted) else {
      failed = true
      return false
    }
    base = grown.assumingMemoryBound(to: UInt8.self)
    capacity = wanted
    return true
  }

  /// Appends in room ``reserve(_:)`` has made.
  @inline(__always)
  package func appendUnchecked(_ byte: UInt8) {
    base.unsafelyUnwrapped[count] = byte
    count += 1
  }

  /// Appends in room ``reserve(_:)`` has made.
  @inline(__always)
  package func appendUnchecked(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    (base.unsafelyUnwrapped + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  package func append(_ byte: UInt8) {
    guard reserve(1) else { return }
    appendUnchecked(byte)
  }

  package func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard reserve(bytes.count) else { return }
    appendUnchecked(bytes)
  }

  package func append(literal: StaticString) {
    append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  /// Appends the UTF-8 of `text`.
  package func append(utf8 text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// Hands the block over, NUL-terminated (the NUL not counted): the
  /// caller frees it with `free`. Nil when memory ran out. The bytes are
  /// empty after, with no block.
  package func release() -> (bytes: UnsafeMutablePointer<UInt8>, count: Int)? {
    append(0)
    defer {
      base = nil
      capacity = 0
      count = 0
      failed = false
    }
    guard !failed, let base else {
      payphone_deallocate(base)
      return nil
    }
    return (base, count - 1)
  }
}
