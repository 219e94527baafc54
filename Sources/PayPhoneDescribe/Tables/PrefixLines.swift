@_spi(PayPhoneInternal) internal import PayPhoneCore
import PayPhoneNumbers

/// A geocoding or carrier line, decoded once for every language: the
/// line's names, each value's (language, name) pairs, the map of its short
/// keys, and — for a long line — the maps of its blocks (keys sharing
/// their first `blockLength` digits), each decoded on first use.
final class NamedPrefixLine: Sendable {
  /// The keys shorter than `blockLength` (every key when it is 0).
  let top: PrefixMap
  let blockLength: Int
  /// The line's names, as strings.
  let names: [String]
  /// Value v's pairs are `pairLanguages[valueStarts[v]..<valueStarts[v + 1]]`
  /// and the same range of `pairNames`.
  private let valueStarts: [Int32]
  private let pairLanguages: [Int16]
  private let pairNames: [Int32]
  /// The blocks' leading digits as numbers, ascending, and where each
  /// block's stream lies: byte offsets, ascending, into `blocks` (the
  /// BLOCK_ENTRIES field in the immortal table literal), all inside it
  /// (checked when decoded; a line whose offsets are not has no blocks).
  private let blockKeys: [Int32]
  private let blockOffsets: [Int]
  private let blocks: GeneratedTable<UInt8>
  private let blockSlots: LazyReferences<PrefixMap>

  /// Decodes the fields NAMES, VALUES, B, ENTRIES, BLOCK_INDEX, BLOCK_ENTRIES.
  init(_ fields: [UnsafeBufferPointer<UInt8>]) {
    let field = { (index: Int) in
      index < fields.count ? fields[index] : UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    }
    names = field(0).split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    var starts: [Int32] = [0]
    var languages: [Int16] = []
    var pairNames: [Int32] = []
    var reader = CompactReader(bytes: field(1))
    while !reader.isAtEnd, let count = reader.number() {
      for _ in 0..<count {
        guard let language = reader.number(), let name = reader.number() else { break }
        languages.append(Int16(truncatingIfNeeded: language))
        pairNames.append(Int32(truncatingIfNeeded: name))
      }
      starts.append(Int32(languages.count))
    }
    valueStarts = starts
    pairLanguages = languages
    self.pairNames = pairNames
    blockLength = min(4, Int(String(decoding: field(2), as: UTF8.self)) ?? 0)
    top = PrefixMap(entries: field(3))
    var keys: [Int32] = []
    var offsets: [Int] = [0]
    var index = CompactReader(bytes: field(4))
    while let key = index.number(), let length = index.number() {
      keys.append(Int32(truncatingIfNeeded: key))
      offsets.append(offsets[offsets.count - 1] + max(length, 0))
    }
    let blocks = GeneratedTable(unowned: field(5))
    do throws(TableDefect) {
      try blocks.check(range: 0..<offsets[offsets.count - 1])
    } catch {
      keys = []
      offsets = [0]
    }
    blockKeys = keys
    blockOffsets = offsets
    self.blocks = blocks
    blockSlots = LazyReferences(count: keys.count)
  }

  /// The map of the block holding keys that begin `digits`, nil when
  /// there is none (or the number is shorter than the blocks' digits).
  @inline(__always)
  func block(digits: UnsafeBufferPointer<UInt8>) -> PrefixMap? {
    guard blockLength > 0, digits.count >= blockLength else { return nil }
    var key: Int32 = 0
    for index in 0..<blockLength { key = key * 10 + Int32(digits[index] &- 0x30) }
    var low = 0
    var high = blockKeys.count
    while low < high {
      let middle = (low + high) >> 1
      if blockKeys[middle] < key { low = middle + 1 } else { high = middle }
    }
    guard low < blockKeys.count, blockKeys[low] == key else { return nil }
    return blockSlots.loadOrMake(low) {
      PrefixMap(entries: blocks.elements(unchecked: blockOffsets[low]..<blockOffsets[low + 1]))
    }
  }

  /// For each value, the name of the chain's first language it has, -1
  /// when it has none of them.
  func answers(chain: [Int]) -> [Int32] {
    var answers = [Int32](repeating: -1, count: valueStarts.count - 1)
    for value in 0..<answers.count {
      var best = Int.max
      for pair in Int(valueStarts[value])..<Int(valueStarts[value + 1]) {
        if let rank = chain.firstIndex(of: Int(pairLanguages[pair])), rank < best {
          best = rank
          answers[value] = pairNames[pair]
        }
      }
    }
    return answers
  }
}

/// A line read through one language chain: each value's answer.
final class NamedPrefixView: Sendable {
  let line: NamedPrefixLine
  private let answers: [Int32]

  init(line: NamedPrefixLine, chain: [Int]) {
    self.line = line
    answers = line.answers(chain: chain)
  }

  /// The name of the longest key that begins `digits` and has one of the
  /// chain's languages: a key without any is passed over for the key
  /// enclosing it, as libphonenumber tries shorter prefixes. A block's
  /// keys enclose the number more closely than the short keys do.
  @inline(__always)
  func answer(digits: UnsafeBufferPointer<UInt8>) -> String? {
    if let block = line.block(digits: digits), let name = answer(in: block, digits: digits) { return name }
    return answer(in: line.top, digits: digits)
  }

  @inline(__always)
  private func answer(in map: PrefixMap, digits: UnsafeBufferPointer<UInt8>) -> String? {
    var node = map.innermostNode(digits: digits)
    while node >= 0 {
      let name = answers[Int(map.nodeValues[Int(node)])]
      if name >= 0 { return line.names[Int(name)] }
      node = map.nodeParents[Int(node)]
    }
    return nil
  }
}

/// A time-zone line: the prefix map and each value's zones.
final class ZonePrefixLine: Sendable {
  let map: PrefixMap
  private let zones: [[String]]

  /// Decodes the fields VALUES, ENTRIES.
  init(_ fields: [UnsafeBufferPointer<UInt8>], zoneNames: [String]) {
    guard fields.count == 2 else {
      map = PrefixMap(entries: UnsafeBufferPointer(start: nil, count: 0))
      zones = []
      return
    }
    var zones: [[String]] = []
    var reader = CompactReader(bytes: fields[0])
    while !reader.isAtEnd, let count = reader.number() {
      var list: [String] = []
      for _ in 0..<count {
        guard let zone = reader.number(), zone < zoneNames.count else { break }
        list.append(zoneNames[zone])
      }
      zones.append(list)
    }
    self.zones = zones
    map = PrefixMap(entries: fields[1])
  }

  /// The zones of the longest key that begins `digits`.
  @inline(__always)
  func answer(digits: UnsafeBufferPointer<UInt8>) -> [String]? {
    zones(ofNode: map.innermostNode(digits: digits))
  }

  /// The zones of the key with no digits after the country code.
  var rootAnswer: [String]? { zones(ofNode: map.rootNode) }

  private func zones(ofNode node: Int32) -> [String]? {
    guard node >= 0 else { return nil }
    let value = Int(map.nodeValues[Int(node)])
    return value < zones.count ? zones[value] : nil
  }
}
