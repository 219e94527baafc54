/// The compiled form of a ``DigitPattern`` in one allocation: the header
/// (source, capture matcher, shape) followed by the automaton's flags and
/// transitions, so a match reads one object and no array.
///
/// Immutable once created: ``DigitPattern`` shares it across threads.
final class DigitPatternStorage: ManagedBuffer<DigitPatternStorage.Header, UInt8> {
  /// Fields in declaration order: what an automaton run reads comes last,
  /// next to the tables, so a run touches as few cache lines as it can.
  struct Header {
    let source: String
    let matcher: CaptureMatcher
    /// Set when the pattern is one straight sequence (see ``PatternShape``):
    /// its matches need no capture engine.
    let shape: PatternShape?
    let groupCount: Int
    let stateCount: Int
    /// Transitions of two bytes each (more than 256 states), else one.
    let isWide: Bool
    /// Where the transitions start, after the flags.
    let transitionsOffset: Int
    let start: Int
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
    let buffer = create(minimumCapacity: transitionsOffset + transitionBytes) { _ in
      Header(
        source: source, matcher: matcher, shape: shape, groupCount: groupCount, stateCount: stateCount,
        isWide: isWide, transitionsOffset: transitionsOffset, start: automaton.start)
    }
    buffer.withUnsafeMutablePointerToElements { data in
      data.initialize(repeating: 0, count: transitionsOffset + transitionBytes)
      automaton.flags.withUnsafeBufferPointer { flags in
        guard let base = flags.baseAddress else { return }
        data.update(from: base, count: flags.count)
      }
      let transitions = UnsafeMutableRawPointer(data + transitionsOffset)
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
    }
    let storage = unsafeDowncast(buffer, to: DigitPatternStorage.self)
    // The one check the unchecked reads of `table` rely on.
    do throws(AutomatonTable.Defect) {
      try storage.withUnsafeMutablePointers { header, data throws(AutomatonTable.Defect) in
        try AutomatonTable.validate(
          flags: UnsafePointer(data), transitions: UnsafeRawPointer(data + header.pointee.transitionsOffset),
          stateCount: header.pointee.stateCount, isWide: header.pointee.isWide, start: header.pointee.start)
      }
    } catch {
      throw DigitPatternError(pattern: source, message: "compiled automaton refused: \(error)")
    }
    return storage
  }

  /// The reader of the automaton's tables, checked when they were made.
  @inline(__always)
  private func withTable<Result>(_ body: (AutomatonTable) -> Result) -> Result {
    withUnsafeMutablePointers { header, data in
      body(
        AutomatonTable(
          validated: UnsafePointer(data),
          transitions: UnsafeRawPointer(data + header.pointee.transitionsOffset),
          isWide: header.pointee.isWide, start: header.pointee.start))
    }
  }

  // The header is read through its pointer: the `header` property would
  // check exclusive access on every read.
  var groupCount: Int { withUnsafeMutablePointerToHeader { $0.pointee.groupCount } }
  var matcher: CaptureMatcher { withUnsafeMutablePointerToHeader { $0.pointee.matcher } }
  var shape: PatternShape? { withUnsafeMutablePointerToHeader { $0.pointee.shape } }
  private var start: Int { withUnsafeMutablePointerToHeader { $0.pointee.start } }

  /// The automaton as arrays again (for tests and tools).
  var automaton: DigitAutomaton {
    let stateCount = withUnsafeMutablePointerToHeader { $0.pointee.stateCount }
    return withTable { table in
      let flags = (0..<stateCount).map { table.flags(of: $0) }
      let targets = (0..<stateCount * 10).map { table.state(after: $0 % 10, from: $0 / 10) }
      let entries: DigitAutomaton.Table =
        table.isWide
        ? .wide(targets.map { UInt16(truncatingIfNeeded: $0) })
        : .narrow(targets.map { UInt8(truncatingIfNeeded: $0) })
      return DigitAutomaton(table: entries, flags: flags, start: table.start)
    }
  }

  /// Bytes held by the automaton's tables (as ``DigitAutomaton/byteCount``).
  var automatonByteCount: Int {
    withUnsafeMutablePointerToHeader { $0.pointee.stateCount * ($0.pointee.isWide ? 21 : 11) }
  }

  /// ``DigitAutomaton/matchesEntirely(_:)`` on the tables here.
  func matchesEntirely(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    // The reader made here rather than through `withTable`: on the
    // matching path, one closure rather than a closure in a closure.
    withUnsafeMutablePointers { header, data in
      AutomatonTable(
        validated: UnsafePointer(data),
        transitions: UnsafeRawPointer(data + header.pointee.transitionsOffset),
        isWide: header.pointee.isWide, start: header.pointee.start
      ).matchesEntirely(input)
    }
  }

  /// ``DigitAutomaton/matchesPrefix(_:)`` on the tables here.
  func matchesPrefix(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    withUnsafeMutablePointers { header, data in
      AutomatonTable(
        validated: UnsafePointer(data),
        transitions: UnsafeRawPointer(data + header.pointee.transitionsOffset),
        isWide: header.pointee.isWide, start: header.pointee.start
      ).matchesPrefix(input)
    }
  }

  /// The state after `digit` (0...9) from `state`; 0 is the dead state.
  private func state(after digit: Int, from state: Int) -> Int {
    withTable { $0.state(after: digit, from: state) }
  }

  /// Whether every input this automaton accepts whole, `other` accepts
  /// whole too (language inclusion): a walk of the pairs of states both
  /// reach on the same input, looking for one where only this one accepts.
  func isIncluded(in other: DigitPatternStorage) -> Bool {
    let otherStates = other.withUnsafeMutablePointerToHeader { $0.pointee.stateCount }
    var seen = Set<Int>()
    var pending = [(start, other.start)]
    seen.insert(start * otherStates + other.start)
    while let (state, otherState) = pending.popLast() {
      if acceptsAtEnd(state) && !other.acceptsAtEnd(otherState) { return false }
      for digit in 0..<10 {
        let next = self.state(after: digit, from: state)
        guard next != 0 else { continue }
        let otherNext = otherState == 0 ? 0 : other.state(after: digit, from: otherState)
        if seen.insert(next * otherStates + otherNext).inserted { pending.append((next, otherNext)) }
      }
    }
    return true
  }

  /// The input lengths below 64 the automaton accepts some input of, one
  /// bit per length: per state, the lengths of the inputs it accepts from
  /// there (its own acceptance, and its successors' lengths plus one),
  /// updated until nothing changes.
  var acceptedLengths: UInt64 {
    let stateCount = withUnsafeMutablePointerToHeader { $0.pointee.stateCount }
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
    withTable { $0.flags(of: state) & DigitAutomaton.Flag.acceptsAtEnd != 0 }
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
    withTable { table in
      if table.flags(of: start) & DigitAutomaton.Flag.acceptsHere != 0 { return true }
      let afterFirst = table.state(after: first, from: start)
      guard afterFirst != 0 else { return false }
      if table.flags(of: afterFirst) & DigitAutomaton.Flag.acceptsHere != 0 { return true }
      return table.state(after: second, from: afterFirst) != 0
    }
  }
}
