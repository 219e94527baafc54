/// A geocoding or carrier line, decoded once for every language: the
/// prefix map, the line's names, and each value's (language, name) pairs.
final class NamedPrefixLine: Sendable {
  let map: PrefixMap
  /// The line's names, as strings.
  let names: [String]
  /// Value v's pairs are `pairLanguages[valueStarts[v]..<valueStarts[v + 1]]`
  /// and the same range of `pairNames`.
  private let valueStarts: [Int32]
  private let pairLanguages: [Int16]
  private let pairNames: [Int32]

  /// Decodes the fields NAMES, VALUES, ENTRIES.
  init(_ fields: [UnsafeBufferPointer<UInt8>]) {
    guard fields.count == 3 else {
      map = PrefixMap(entries: UnsafeBufferPointer(start: nil, count: 0))
      names = []
      valueStarts = [0]
      pairLanguages = []
      pairNames = []
      return
    }
    names = fields[0].split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    var starts: [Int32] = [0]
    var languages: [Int16] = []
    var pairNames: [Int32] = []
    var reader = CompactReader(fields[1])
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
    map = PrefixMap(entries: fields[2])
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
  /// enclosing it, as libphonenumber tries shorter prefixes.
  @inline(__always)
  func answer(digits: UnsafeBufferPointer<UInt8>) -> String? {
    let map = line.map
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
    var reader = CompactReader(fields[0])
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

  /// The zones of the key with no digits after the calling code.
  var rootAnswer: [String]? { zones(ofNode: map.rootNode) }

  private func zones(ofNode node: Int32) -> [String]? {
    guard node >= 0 else { return nil }
    let value = Int(map.nodeValues[Int(node)])
    return value < zones.count ? zones[value] : nil
  }
}
