/// The compiled form of a brand table: a decimal trie over the first digits
/// of a card number, at most `depth` (the longest prefix) levels deep.
///
/// Built once per table. Every node knows the candidate list of its prefix
/// (the brands some long-enough completion is detected as); a child slot
/// either points at a deeper node or closes the walk with a list, when every
/// completion of that prefix is decided the same way. A lookup is one walk
/// of at most `depth` steps; no range is scanned.
struct CardPrefixTrie: Sendable {
  /// `children[node * 10 + digit]`: a positive value is a child node; zero
  /// or a negative value `-list` ends the walk with candidate list `list`.
  private let children: [Int32]
  /// The candidate list of each node's prefix.
  private let nodeLists: [Int32]
  /// Candidate lists: brand indexes in listing order. List 0 is empty.
  let lists: [[Int]]
  /// How many digits decide a brand: the table's longest prefix.
  let depth: Int

  /// Compiles ranges into the trie.
  ///
  /// - Parameters:
  ///   - prefixes: for each brand (by listing index), its ranges.
  ///   - tieBreakRank: for each brand, its rank in the tie-break order.
  init(prefixes: [[IINRange]], tieBreakRank: [Int]) {
    let depth = max(1, prefixes.joined().map { $0.digits }.max() ?? 1)
    self.depth = depth
    let segments = Self.segments(prefixes: prefixes, tieBreakRank: tieBreakRank, depth: depth)
    var builder = Builder(segments: segments)
    _ = builder.node(start: 0, size: Self.power(depth), isRoot: true)
    children = builder.children
    nodeLists = builder.nodeLists
    lists = builder.lists
  }

  /// The candidate list for a number whose ASCII digits are `digits`.
  ///
  /// - Complexity: O(min(n, depth)).
  @inline(__always)
  func listIndex(asciiDigits digits: UnsafeBufferPointer<UInt8>) -> Int {
    var node = 0
    var index = 0
    let end = Swift.min(digits.count, depth)
    while index < end {
      let slot = children[node &* 10 &+ Int(digits[index] &- UInt8(ascii: "0"))]
      if slot <= 0 { return Int(-slot) }
      node = Int(slot)
      index &+= 1
    }
    return Int(nodeLists[node])
  }

  static func power(_ exponent: Int) -> Int {
    var value = 1
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// A run of `depth`-digit values `[start, next segment's start)` that all
  /// go to the same brand (or none).
  struct Segment {
    let start: Int
    let brand: Int?
  }

  /// Splits the `depth`-digit number line into runs with one winner each:
  /// the longest matching prefix, ties to the lower tie-break rank.
  static func segments(prefixes: [[IINRange]], tieBreakRank: [Int], depth: Int) -> [Segment] {
    struct Interval {
      let start: Int
      let end: Int
      let brand: Int
      let digits: Int
    }
    var intervals: [Interval] = []
    var breakpoints: Set<Int> = [0]
    for (brand, ranges) in prefixes.enumerated() {
      for range in ranges {
        let scale = power(depth - range.digits)
        let interval = Interval(
          start: range.lowerBound * scale, end: (range.upperBound + 1) * scale, brand: brand,
          digits: range.digits)
        intervals.append(interval)
        breakpoints.insert(interval.start)
        breakpoints.insert(interval.end)
      }
    }
    let limit = power(depth)
    var segments: [Segment] = []
    for start in breakpoints.sorted() where start < limit {
      var best: Interval?
      for interval in intervals where interval.start <= start && start < interval.end {
        guard let current = best else {
          best = interval
          continue
        }
        if interval.digits > current.digits
          || (interval.digits == current.digits
            && tieBreakRank[interval.brand] < tieBreakRank[current.brand])
        {
          best = interval
        }
      }
      if let last = segments.last, last.brand == best?.brand { continue }
      segments.append(Segment(start: start, brand: best?.brand))
    }
    return segments
  }

  private struct Builder {
    let segments: [Segment]
    var children: [Int32] = []
    var nodeLists: [Int32] = []
    var lists: [[Int]] = [[]]
    var listIndexes: [UInt64: Int32] = [0: 0]

    /// The slot value for the prefix covering `[start, start + size)`.
    mutating func node(start: Int, size: Int, isRoot: Bool = false) -> Int32 {
      var first = segmentIndex(containing: start)
      var mask: UInt64 = 0
      var segmentCount = 0
      while first < segments.count && segments[first].start < start + size {
        if let brand = segments[first].brand { mask |= 1 << UInt64(brand) }
        segmentCount += 1
        first += 1
      }
      if segmentCount == 1 && !isRoot { return -list(for: mask) }
      let node = nodeLists.count
      nodeLists.append(list(for: mask))
      children.append(contentsOf: repeatElement(0, count: 10))
      let childSize = size / 10
      for digit in 0..<10 {
        let slot = self.node(start: start + digit * childSize, size: childSize)
        children[node * 10 + digit] = slot
      }
      return Int32(node)
    }

    private func segmentIndex(containing value: Int) -> Int {
      var low = 0
      var high = segments.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if segments[middle].start <= value { low = middle } else { high = middle - 1 }
      }
      return low
    }

    private mutating func list(for mask: UInt64) -> Int32 {
      if let index = listIndexes[mask] { return index }
      let index = Int32(lists.count)
      lists.append((0..<64).filter { mask & (1 << UInt64($0)) != 0 })
      listIndexes[mask] = index
      return index
    }
  }
}
