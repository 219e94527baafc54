/// A set of format indices (0..<64) into one of a region's format lists,
/// iterated in ascending order: the formats the as-you-type formatter still
/// considers, kept in list order without an array.
struct FormatSet: Sequence, Sendable, Hashable {
  static let capacity = 64

  private(set) var bits: UInt64

  init(bits: UInt64 = 0) {
    self.bits = bits
  }

  static let empty = FormatSet()

  var isEmpty: Bool { bits == 0 }
  var count: Int { bits.nonzeroBitCount }

  mutating func insert(_ index: Int) {
    bits |= 1 << UInt64(index)
  }

  mutating func remove(_ index: Int) {
    bits &= ~(1 << UInt64(index))
  }

  func makeIterator() -> Iterator {
    Iterator(remaining: bits)
  }

  struct Iterator: IteratorProtocol {
    var remaining: UInt64

    mutating func next() -> Int? {
      guard remaining != 0 else { return nil }
      let index = remaining.trailingZeroBitCount
      remaining &= remaining - 1
      return index
    }
  }
}
