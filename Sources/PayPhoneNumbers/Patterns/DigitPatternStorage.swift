/// The compiled form of a ``DigitPattern``: the source, capture matcher
/// and shape, and the automaton's flags and transitions in one block of
/// memory the storage owns, so a match reads one object and one block and
/// no array.
///
/// A plain class owning raw memory rather than a `ManagedBuffer` with a
/// header: the same code runs in the Embedded Swift build for WebAssembly,
/// where this storage as a `ManagedBuffer` traps on its first pattern,
/// whether its header holds the references or only plain values.
///
/// Immutable once created: ``DigitPattern`` shares it across threads.
final class DigitPatternStorage {
  // Stored properties are laid out in declaration order: what an automaton
  // run reads comes first, next to the object's header, so a match touches
  // as few cache lines as it can.
  /// The flags, one byte per state, then the transitions from
  /// `transitionsOffset`.
  private let data: UnsafeMutableRawPointer
  /// Where the transitions start, after the flags (even, for two-byte ones).
  private let transitionsOffset: Int
  /// Transitions of two bytes each (more than 256 states), else one.
  private let isWide: Bool
  private let start: Int
  let groupCount: Int
  private let stateCount: Int
  let source: String
  let matcher: CaptureMatcher
  /// Set when the pattern is one straight sequence (see ``PatternShape``):
  /// its matches need no capture engine.
  let shape: PatternShape?

  private init(
    source: String, matcher: CaptureMatcher, shape: PatternShape?, groupCount: Int, stateCount: Int,
    isWide: Bool, start: Int, data: UnsafeMutableRawPointer, transitionsOffset: Int
  ) {
    self.source = source
    self.matcher = matcher
    self.shape = shape
    self.groupCount = groupCount
    self.stateCount = stateCount
    self.isWide = isWide
    self.start = start
    self.data = data
    self.transitionsOffset = transitionsOffset
  }

  deinit {
    data.deallocate()
  }

  /// A storage holding `automaton`'s tables.
  static func make(
    source: String, groupCount: Int, automaton: DigitAutomaton, matcher: CaptureMatcher, shape: PatternShape?
  ) throws(DigitPatternError) -> DigitPatternStorage {
    let stateCount = automaton.stateCount
    // Two-byte transitions start at an even offset.
    let transitionsOffset = (stateCount + 1) & ~1
    var isWide = false
    var transitionBytes = 0
    switch automaton.table {
    case .narrow(let entries): transitionBytes = entries.count
    case .wide(let entries):
      isWide = true
      transitionBytes = 2 * entries.count
    }
    let byteCount = transitionsOffset + transitionBytes
    let data = UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 1), alignment: 2)
    data.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
    automaton.flags.withUnsafeBytes { flags in
      guard let base = flags.baseAddress else { return }
      data.copyMemory(from: base, byteCount: flags.count)
    }
    let transitions = data + transitionsOffset
    switch automaton.table {
    case .narrow(let entries):
      for (index, entry) in entries.enumerated() {
        transitions.storeBytes(of: entry, toByteOffset: index, as: UInt8.self)
      }
    case .wide(let entries):
      for (index, entry) in entries.enumerated() {
        transitions.storeBytes(of: entry, toByteOffset: 2 * index, as: UInt16.self)
      }
    }
    let storage = DigitPatternStorage(
      source: source, matcher: matcher, shape: shape, groupCount: groupCount, stateCount: stateCount,
      isWide: isWide, start: automaton.start, data: data, transitionsOffset: transitionsOffset)
    // The one check the unchecked reads of `table` rely on.
    do throws(AutomatonTable.Defect) {
      try AutomatonTable.validate(
        flags: UnsafePointer(data.assumingMemoryBound(to: UInt8.self)),
        transitions: UnsafeRawPointer(transitions),
        stateCount: stateCount, isWide: isWide, start: automaton.start)
    } catch {
      throw DigitPatternError(pattern: source, message: "compiled automaton refused: \(error)")
    }
    return storage
  }

  /// The reader of the automaton's tables, checked when they were made.
  @inline(__always)
  private var table: AutomatonTable {
    AutomatonTable(
      validated: UnsafePointer(data.assumingMemoryBound(to: UInt8.self)),
      transitions: UnsafeRawPointer(data + transitionsOffset), isWide: isWide, start: start)
  }

  /// The automaton as arrays again (for tests and tools).
  var automaton: DigitAutomaton {
    let table = table
    let flags = (0..<stateCount).map { table.flags(of: $0) }
    let targets = (0..<stateCount * 10).map { table.state(after: $0 % 10, from: $0 / 10) }
    let entries: DigitAutomaton.Table =
      table.isWide
      ? .wide(targets.map { UInt16(truncatingIfNeeded: $0) })
      : .narrow(targets.map { UInt8(truncatingIfNeeded: $0) })
    return DigitAutomaton(table: entries, flags: flags, start: table.start)
  }

  /// Bytes held by the automaton's tables: a flag byte per state and ten
  /// transitions of one byte each (two when wide).
  var automatonByteCount: Int {
    stateCount * (isWide ? 21 : 11)
  }

  /// ``AutomatonTable/matchesEntirely(_:)`` on the tables here.
  func matchesEntirely(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    table.matchesEntirely(input)
  }

  /// ``AutomatonTable/matchesPrefix(_:)`` on the tables here.
  func matchesPrefix(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    table.matchesPrefix(input)
  }

  /// The state after `digit` (0...9) from `state`; 0 is the dead state.
  private func state(after digit: Int, from state: Int) -> Int {
    table.state(after: digit, from: state)
  }

  /// Whether every input this automaton accepts whole, `other` accepts whole
  /// too (language inclusion): a walk of the pairs of states both reach on the
  /// same input for one only this one accepts; false past 2^24 pairs (unknown).
  func isIncluded(in other: DigitPatternStorage) -> Bool {
    let otherStates = other.stateCount
    guard stateCount * otherStates <= 1 << 24 else { return false }
    var seen = [Bool](repeating: false, count: stateCount * otherStates)
    var pending = [(start, other.start)]
    seen[start * otherStates + other.start] = true
    while let (state, otherState) = pending.popLast() {
      if acceptsAtEnd(state) && !other.acceptsAtEnd(otherState) { return false }
      for digit in 0..<10 {
        let next = self.state(after: digit, from: state)
        guard next != 0 else { continue }
        let otherNext = otherState == 0 ? 0 : other.state(after: digit, from: otherState)
        guard !seen[next * otherStates + otherNext] else { continue }
        seen[next * otherStates + otherNext] = true
        pending.append((next, otherNext))
      }
    }
    return true
  }

  /// The input lengths below 64 the automaton accepts some input of, one
  /// bit per length: per state, the lengths of the inputs it accepts from
  /// there (its own acceptance, and its successors' lengths plus one),
  /// updated until nothing changes.
  var acceptedLengths: UInt64 {
    var lengths = [UInt64](repeating: 0, count: stateCount)
    var changed = true
    while changed {
      changed = false
      // Successors mostly have higher numbers (breadth-first numbering).
      for state in (1..<stateCount).reversed() {
        var bits: UInt64 = acceptsAtEnd(state) ? 1 : 0
        for digit in 0..<10 {
          let target = self.state(after: digit, from: state)
          if target != 0 { bits |= lengths[target] << 1 }
        }
        if bits != lengths[state] {
          lengths[state] = bits
          changed = true
        }
      }
    }
    return lengths[start]
  }

  private func acceptsAtEnd(_ state: Int) -> Bool {
    table.flags(of: state) & DigitAutomaton.Flag.acceptsAtEnd != 0
  }

  /// Whether some input starting with the two digits can be in the language.
  func mayMatchEntirely(startingWith first: Int, _ second: Int) -> Bool {
    let afterFirst = state(after: first, from: start)
    return afterFirst != 0 && state(after: second, from: afterFirst) != 0
  }

  /// Whether some input starting with the two digits can have a prefix in
  /// the language (as `matchesPrefix` reads it: accepting before a digit,
  /// or not yet dead).
  func mayMatchPrefix(startingWith first: Int, _ second: Int) -> Bool {
    let table = table
    if table.flags(of: start) & DigitAutomaton.Flag.acceptsHere != 0 { return true }
    let afterFirst = table.state(after: first, from: start)
    guard afterFirst != 0 else { return false }
    if table.flags(of: afterFirst) & DigitAutomaton.Flag.acceptsHere != 0 { return true }
    return table.state(after: second, from: afterFirst) != 0
  }
}
