/// The formatter's national number: bytes appended at the end, taken off
/// and put back at the front (prefixes recognised, national prefixes tried
/// again), each in time proportional to the bytes moved, not to the whole
/// number — so a long paste stays linear once no format applies. The bytes
/// moved beyond one-byte appends are reported to `WorkMeter`, for the
/// tests that check that.
struct DigitQueue: Sendable, RandomAccessCollection {
  private var storage: [UInt8] = []
  /// Where the number starts in `storage`; the bytes before are free room
  /// for putting digits back.
  private var head = 0

  var startIndex: Int { 0 }
  var endIndex: Int { storage.count - head }

  subscript(position: Int) -> UInt8 { storage[head + position] }

  mutating func append(_ byte: UInt8) { storage.append(byte) }

  mutating func append(contentsOf bytes: some Collection<UInt8>) {
    WorkMeter.moved(bytes.count)
    storage.append(contentsOf: bytes)
  }

  mutating func removeAll() {
    storage.removeAll(keepingCapacity: true)
    head = 0
  }

  /// Takes `count` bytes off the front.
  ///
  /// - Complexity: O(1), amortised (the room is reclaimed once it outgrows
  ///   the number).
  mutating func removeFirst(_ count: Int) {
    precondition(count >= 0 && count <= self.count)
    head += count
    if head > 64 && head > storage.count - head {
      WorkMeter.moved(storage.count - head)
      storage.removeFirst(head)
      head = 0
    }
  }

  /// Puts `bytes` back at the front.
  ///
  /// - Complexity: O(k) for k bytes when the front has room (it has after
  ///   a `removeFirst` of as many), else O(n), after which the front has
  ///   room for n more.
  mutating func prepend(contentsOf bytes: some Collection<UInt8>) {
    let count = bytes.count
    if head < count {
      let room = Swift.max(count, self.count, 16)
      storage.insert(contentsOf: repeatElement(0, count: room), at: 0)
      WorkMeter.moved(storage.count)
      head += room
    }
    WorkMeter.moved(count)
    head -= count
    storage.replaceSubrange(head..<(head + count), with: bytes)
  }

  /// Runs `body` over the bytes, contiguous.
  func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    storage.withUnsafeBufferPointer { buffer in body(UnsafeBufferPointer(rebasing: buffer[head...])) }
  }
}
