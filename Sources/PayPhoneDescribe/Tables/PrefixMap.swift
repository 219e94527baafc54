/// One country code's prefix table, decoded once for lookups in any
/// language: finds the innermost key that begins a number with one binary
/// search; its enclosing keys are a parent link away.
///
/// Keys (the digits after the country code, at most `depth` of them) are
/// laid out as intervals of base-11 numbers of `depth` places, digit d as
/// d + 1 and 0 for "the number ended": a key covers exactly the numbers it
/// begins, a shorter number included, so nested keys flatten into sorted
/// segments, each naming its innermost key. A run of keys counting up by
/// one (same length, same value, no carry) is one node.
final class PrefixMap: Sendable {
  static var depth: Int { 8 }
  /// 11^depth: the end of every map's positions.
  static var end: UInt32 { 214_358_881 }

  /// 11^exponent, for exponents 0...8.
  @inline(__always)
  static func power(_ exponent: Int) -> UInt32 {
    switch exponent {
    case 0: 1
    case 1: 11
    case 2: 121
    case 3: 1331
    case 4: 14641
    case 5: 161_051
    case 6: 1_771_561
    case 7: 19_487_171
    default: 214_358_881
    }
  }

  /// The first position of each segment, ascending, the first 0.
  private let starts: [UInt32]
  /// Each segment's innermost node, -1 for none.
  private let segmentNodes: [Int32]
  /// Each node's value index and enclosing node (-1 for none).
  let nodeValues: [Int32]
  let nodeParents: [Int32]
  /// The node of the key with no digits after the country code, -1 for none.
  let rootNode: Int32

  init(_ builder: consuming PrefixMapBuilder) {
    builder.close(upTo: Self.end)
    starts = builder.starts
    segmentNodes = builder.segmentNodes
    nodeValues = builder.nodeValues
    nodeParents = builder.nodeParents
    rootNode = builder.rootNode
  }

  /// The innermost node whose key begins `digits` (ASCII digits after the
  /// country code), -1 when no key does.
  ///
  /// - Complexity: O(log n) in the number of segments.
  @inline(__always)
  func innermostNode(digits: UnsafeBufferPointer<UInt8>) -> Int32 {
    var position: UInt32 = 0
    for index in 0..<min(digits.count, Self.depth) {
      position &+= UInt32(digits[index] &- 0x2F) &* Self.power(Self.depth - 1 - index)
    }
    return starts.withUnsafeBufferPointer { starts -> Int32 in
      // The last segment starting at or before `position`.
      var low = 0
      var high = starts.count
      while high - low > 1 {
        let middle = (low + high) >> 1
        if starts[middle] <= position { low = middle } else { high = middle }
      }
      return segmentNodes[low]
    }
  }
}

/// Builds a map's nodes and segments from keys in string order.
struct PrefixMapBuilder: ~Copyable {
  fileprivate(set) var starts: [UInt32] = [0]
  fileprivate(set) var segmentNodes: [Int32] = [-1]
  fileprivate(set) var nodeValues: [Int32] = []
  fileprivate(set) var nodeParents: [Int32] = []
  fileprivate(set) var rootNode: Int32 = -1
  /// The nodes enclosing the current key: where each ends, and the node.
  private var open: [(end: UInt32, node: Int32)] = [(PrefixMap.end, -1)]

  init(capacity: Int) {
    starts.reserveCapacity(2 * capacity + 1)
    segmentNodes.reserveCapacity(2 * capacity + 1)
    nodeValues.reserveCapacity(capacity)
    nodeParents.reserveCapacity(capacity)
  }

  /// Adds key `digits[0..<length]` (values 0-9) and the `count - 1` keys
  /// counting up from it in its last digit (no carry), all with `value`,
  /// as one node; keys come in string order (a key before the keys it
  /// begins).
  mutating func add(_ digits: UnsafeMutableBufferPointer<UInt8>, length: Int, value: Int32, count: Int) {
    guard length <= PrefixMap.depth else { return }
    var start: UInt32 = 0
    for index in 0..<length {
      start += UInt32(digits[index] + 1) * PrefixMap.power(PrefixMap.depth - 1 - index)
    }
    let end = start + UInt32(length > 0 ? count : 1) * PrefixMap.power(PrefixMap.depth - length)
    close(upTo: start)
    let node = Int32(nodeValues.count)
    nodeValues.append(value)
    nodeParents.append(open[open.count - 1].node)
    if length == 0 {
      rootNode = node
      open[0].node = node
      segmentNodes[0] = node
      return
    }
    emit(start, node)
    open.append((end, node))
  }

  fileprivate mutating func close(upTo position: UInt32) {
    while open.count > 1, let top = open.last, top.end <= position {
      open.removeLast()
      emit(top.end, open[open.count - 1].node)
    }
  }

  private mutating func emit(_ start: UInt32, _ node: Int32) {
    guard start < PrefixMap.end else { return }
    if starts[starts.count - 1] == start {
      segmentNodes[segmentNodes.count - 1] = node
      if segmentNodes.count >= 2 && segmentNodes[segmentNodes.count - 2] == node {
        starts.removeLast()
        segmentNodes.removeLast()
      }
    } else if segmentNodes[segmentNodes.count - 1] != node {
      starts.append(start)
      segmentNodes.append(node)
    }
  }
}

extension PrefixMap {
  /// Builds the map of an ENTRIES stream: every key (digits after the
  /// country code, in string order) with its value index.
  convenience init(entries: UnsafeBufferPointer<UInt8>) {
    // About one node per three bytes of stream.
    var builder = PrefixMapBuilder(capacity: entries.count / 3 + 1)
    var key: (UInt64, UInt64) = (0, 0)
    withUnsafeMutableBytes(of: &key) { raw in
      let key = raw.bindMemory(to: UInt8.self)
      var length = 0
      var reader = CompactReader(bytes: entries)
      while let head = reader.head() {
        let shared = head % 9
        let isRun = head >= 9
        length = min(shared, length)
        while let digit = reader.digit() {
          if length < key.count { key[length] = digit }
          length += 1
        }
        guard let value = reader.number() else { break }
        var remaining = 1
        if isRun {
          guard let count = reader.number() else { break }
          remaining = count + 2
        }
        let keyLength = min(length, key.count)
        guard keyLength > 0 else {
          builder.add(key, length: 0, value: Int32(value), count: 1)
          continue
        }
        // A run is one node up to each carry of its last digit.
        while remaining > 0 {
          let last = Int(key[keyLength - 1])
          let chunk = min(remaining, 10 - last)
          builder.add(key, length: keyLength, value: Int32(value), count: chunk)
          remaining -= chunk
          key[keyLength - 1] = UInt8(last + chunk - 1)
          guard remaining > 0 else { break }
          // The key after the chunk's last: count up, carrying.
          var index = keyLength - 1
          while index >= 0 {
            if key[index] == 9 {
              key[index] = 0
              index -= 1
            } else {
              key[index] += 1
              break
            }
          }
        }
      }
    }
    self.init(builder)
  }
}
