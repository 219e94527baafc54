internal import CPayPhoneSystem
@_spi(PayPhoneInternal) internal import PayPhoneCore

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
/// Its stored properties are private: every access to them is in this
/// file, which lets the compiler check exclusive access to them statically.
package final class OutputBytes: @unchecked Sendable {
  private var base: UnsafeMutablePointer<UInt8>?
  private var capacity = 0
  private var storedCount = 0
  private var hasFailed = false

  /// How many bytes are written.
  package var count: Int { storedCount }
  /// Whether an append was dropped for want of memory.
  package var failed: Bool { hasFailed }

  /// Empty, with room for `capacity` bytes when the system grants it.
  package init(capacity: Int) {
    _ = grow(toHold: capacity)
    hasFailed = false
  }

  deinit {
    payphone_deallocate(base)
  }

  /// The bytes written so far.
  package var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: storedCount) }

  func copy() -> OutputBytes {
    let copy = OutputBytes(capacity: storedCount)
    copy.append(written)
    return copy
  }

  /// Forgets the bytes after the first `kept`, keeping the memory (and a
  /// failure).
  package func removeAll(keepingFirst kept: Int = 0) {
    storedCount = min(kept, storedCount)
  }

  /// Makes room for `extra` more bytes: false, with `failed` set, when the
  /// system refuses (the bytes that were to follow are then dropped).
  @inline(__always)
  package func reserve(_ extra: Int) -> Bool {
    if storedCount + extra <= capacity { return !hasFailed }
    return grow(toHold: storedCount + extra)
  }

  private func grow(toHold needed: Int) -> Bool {
    guard !hasFailed else { return false }
    var wanted = max(capacity, 64)
    while wanted < needed {
      let doubled = wanted.multipliedReportingOverflow(by: 2)
      wanted = doubled.overflow ? needed : doubled.partialValue
    }
    guard let grown = payphone_reallocate(base, wanted) else {
      hasFailed = true
      return false
    }
    base = grown.assumingMemoryBound(to: UInt8.self)
    capacity = wanted
    return true
  }

  /// Appends in room ``reserve(_:)`` has made.
  @inline(__always)
  package func appendUnchecked(_ byte: UInt8) {
    base.unsafelyUnwrapped[storedCount] = byte
    storedCount += 1
  }

  /// Appends in room ``reserve(_:)`` has made.
  @inline(__always)
  package func appendUnchecked(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    (base.unsafelyUnwrapped + storedCount).update(from: source, count: bytes.count)
    storedCount += bytes.count
  }

  /// Copies the bytes of `text` up to the first that a JSON string must
  /// escape (a control character, a quote, a backslash), in room
  /// ``reserve(_:)`` has made for all of `text`: eight bytes at a time,
  /// checked as they are copied. Returns how many were copied.
  func appendUncheckedUntilJSONEscape(_ text: UnsafeBufferPointer<UInt8>) -> Int {
    guard let source = text.baseAddress else { return 0 }
    let target = UnsafeMutableRawPointer(base.unsafelyUnwrapped + storedCount)
    var plain = 0
    if text.count >= 8 {
      // Whole words; the last one overlaps the one before it.
      var offset = 0
      while true {
        let word = ASCIIWords.load(UnsafeRawPointer(source), at: offset)
        let special = ASCIIWords.jsonSpecialBytes(word)
        target.storeBytes(of: word.littleEndian, toByteOffset: offset, as: UInt64.self)
        if special != 0 {
          plain = offset + ASCIIWords.firstFlaggedByte(special)
          break
        }
        if offset + 8 == text.count {
          plain = text.count
          break
        }
        offset = min(offset + 8, text.count - 8)
      }
    } else {
      while plain < text.count {
        let byte = source[plain]
        guard byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") else { break }
        target.storeBytes(of: byte, toByteOffset: plain, as: UInt8.self)
        plain += 1
      }
    }
    storedCount += plain
    return plain
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
      storedCount = 0
      hasFailed = false
    }
    guard !hasFailed, let base else {
      payphone_deallocate(base)
      return nil
    }
    return (base, storedCount - 1)
  }
}
