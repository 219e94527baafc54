/// One calling code's prefix table, decoded for lookups: the answer for
/// the longest key that begins a number, found with one binary search.
///
/// Keys (the digits after the calling code, at most `depth` of them) are
/// laid out as intervals of base-11 numbers of `depth` places, digit d as
/// d + 1 and 0 for "the number ended": a key covers exactly the numbers it
/// begins, a shorter number included, so nested keys flatten into sorted
/// segments, each holding the answer of its innermost key.
final class PrefixMap<Answer: Sendable>: Sendable {
  static var depth: Int { 8 }
  /// 11^0 ... 11^8.
  static var powers: [UInt32] { [1, 11, 121, 1331, 14641, 161_051, 1_771_561, 19_487_171, 214_358_881] }

  /// The first position of each segment, ascending, the first 0.
  private let starts: [UInt32]
  /// Each segment's answer, -1 for none.
  private let slots: [Int32]
  private let answers: [Answer]
  /// The answer of the key with no digits after the calling code.
  let rootAnswer: Answer?

  init(starts: [UInt32], slots: [Int32], answers: [Answer], rootSlot: Int32) {
    self.starts = starts
    self.slots = slots
    self.answers = answers
    rootAnswer = rootSlot >= 0 ? answers[Int(rootSlot)] : nil
  }

  /// The answer for the longest key that begins `digits` (ASCII digits
  /// after the calling code), nil when no key does.
  ///
  /// - Complexity: O(log n) in the number of segments.
  @inline(__always)
  func answer(digits: UnsafeBufferPointer<UInt8>) -> Answer? {
    var position: UInt32 = 0
    let powers = Self.powers
    for index in 0..<min(digits.count, Self.depth) {
      position &+= UInt32(digits[index] &- 0x2F) &* powers[Self.depth - 1 - index]
    }
    return starts.withUnsafeBufferPointer { starts -> Answer? in
      // The last segment starting at or before `position`.
      var low = 0
      var high = starts.count
      while high - low > 1 {
        let middle = (low + high) >> 1
        if starts[middle] <= position { low = middle } else { high = middle }
      }
      let slot = slots[low]
      return slot < 0 ? nil : answers[Int(slot)]
    }
  }
}

/// Builds a map's segments from keys in string order.
struct PrefixMapBuilder {
  private(set) var starts: [UInt32] = [0]
  private(set) var slots: [Int32] = [-1]
  private(set) var rootSlot: Int32 = -1
  /// The keys enclosing the current one: where each ends, and its answer.
  private var open: [(end: UInt32, slot: Int32)] = [(PrefixMap<Int>.powers[8], -1)]

  /// Adds key `digits[0..<length]` (values 0-9) with answer `slot`; keys
  /// come in string order (a key before the keys it begins).
  mutating func add(_ digits: UnsafeMutableBufferPointer<UInt8>, length: Int, slot: Int32) {
    guard length <= PrefixMap<Int>.depth else { return }
    guard length > 0 else {
      rootSlot = slot
      open[0].slot = slot
      slots[0] = slot
      return
    }
    let powers = PrefixMap<Int>.powers
    var start: UInt32 = 0
    for index in 0..<length {
      start += UInt32(digits[index] + 1) * powers[PrefixMap<Int>.depth - 1 - index]
    }
    let end = start + powers[PrefixMap<Int>.depth - length]
    close(upTo: start)
    emit(start, slot)
    open.append((end, slot))
  }

  private mutating func close(upTo position: UInt32) {
    while open.count > 1, let top = open.last, top.end <= position {
      open.removeLast()
      if let parent = open.last { emit(top.end, parent.slot) }
    }
  }

  private mutating func emit(_ start: UInt32, _ slot: Int32) {
    guard start < PrefixMap<Int>.powers[8] else { return }
    if starts[starts.count - 1] == start {
      slots[slots.count - 1] = slot
      if slots.count >= 2 && slots[slots.count - 2] == slot {
        starts.removeLast()
        slots.removeLast()
      }
    } else if slots[slots.count - 1] != slot {
      starts.append(start)
      slots.append(slot)
    }
  }

  /// The map, every open key closed.
  mutating func finish<Answer>(answers: [Answer]) -> PrefixMap<Answer> {
    close(upTo: PrefixMap<Int>.powers[8])
    return PrefixMap(starts: starts, slots: slots, answers: answers, rootSlot: rootSlot)
  }
}

extension PrefixMap {
  /// Walks an ENTRIES stream: every key (digits after the calling code, in
  /// string order) with its value index, runs expanded.
  static func forEachKey(
    _ entries: UnsafeBufferPointer<UInt8>,
    _ body: (_ digits: UnsafeMutableBufferPointer<UInt8>, _ length: Int, _ value: Int) -> Void
  ) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { key in
      key.initialize(repeating: 0)
      var length = 0
      var reader = CompactReader(entries)
      while let head = reader.head() {
        let shared = head % 9
        let isRun = head >= 9
        length = min(shared, length)
        while let digit = reader.digit() {
          if length < key.count { key[length] = digit }
          length += 1
        }
        guard let value = reader.number() else { return }
        var extra = 0
        if isRun {
          guard let count = reader.number() else { return }
          extra = count + 1
        }
        let keyLength = min(length, key.count)
        body(key, keyLength, value)
        for _ in 0..<extra {
          // The next key counting up, same length.
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
          body(key, keyLength, value)
        }
      }
    }
  }
}

extension PrefixMap where Answer == String {
  /// Decodes a geocoding or carrier line (NAMES, VALUES, ENTRIES) for one
  /// language chain: each key answers with the name of the chain's first
  /// language its value has; a key with none of them is left out, so a
  /// shorter key answers instead (libphonenumber's per-prefix fallback).
  static func decodeNames(_ fields: [UnsafeBufferPointer<UInt8>], chain: [Int]) -> PrefixMap<String> {
    guard fields.count == 3 else { return PrefixMap(starts: [0], slots: [-1], answers: [], rootSlot: -1) }
    let nameBytes = fields[0].split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false)
    // The chain's name index for every value, -1 when it has none.
    var valueNames: [Int] = []
    var reader = CompactReader(fields[1])
    while !reader.isAtEnd, let count = reader.number() {
      var best = Int.max
      var bestName = -1
      for _ in 0..<count {
        guard let language = reader.number(), let name = reader.number() else { break }
        if let rank = chain.firstIndex(of: language), rank < best {
          best = rank
          bestName = name
        }
      }
      valueNames.append(bestName)
    }
    // Only the names some value answers with become strings.
    var slotByName = [Int32](repeating: -1, count: nameBytes.count)
    var answers: [String] = []
    var valueSlots = [Int32](repeating: -1, count: valueNames.count)
    for (value, name) in valueNames.enumerated() where name >= 0 && name < nameBytes.count {
      if slotByName[name] < 0 {
        slotByName[name] = Int32(answers.count)
        answers.append(String(decoding: nameBytes[name], as: UTF8.self))
      }
      valueSlots[value] = slotByName[name]
    }
    var builder = PrefixMapBuilder()
    forEachKey(fields[2]) { digits, length, value in
      guard value < valueSlots.count, valueSlots[value] >= 0 else { return }
      builder.add(digits, length: length, slot: valueSlots[value])
    }
    return builder.finish(answers: answers)
  }
}

extension PrefixMap where Answer == [String] {
  /// Decodes a time-zone line (VALUES, ENTRIES).
  static func decodeZones(_ fields: [UnsafeBufferPointer<UInt8>], zoneNames: [String]) -> PrefixMap<[String]>
  {
    guard fields.count == 2 else { return PrefixMap(starts: [0], slots: [-1], answers: [], rootSlot: -1) }
    var answers: [[String]] = []
    var reader = CompactReader(fields[0])
    while !reader.isAtEnd, let count = reader.number() {
      var zones: [String] = []
      for _ in 0..<count {
        guard let zone = reader.number(), zone < zoneNames.count else { break }
        zones.append(zoneNames[zone])
      }
      answers.append(zones)
    }
    var builder = PrefixMapBuilder()
    forEachKey(fields[1]) { digits, length, value in
      guard value < answers.count else { return }
      builder.add(digits, length: length, slot: Int32(value))
    }
    return builder.finish(answers: answers)
  }
}
