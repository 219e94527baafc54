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
  ) -> DigitPatternStorage {
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
    return unsafeDowncast(buffer, to: DigitPatternStorage.self)
  }

  // The header is read through its pointer: the `header` property would
  // check exclusive access on every read.
  var groupCount: Int { withUnsafeMutablePointerToHeader { $0.pointee.groupCount } }
  var matcher: CaptureMatcher { withUnsafeMutablePointerToHeader { $0.pointee.matcher } }
  var shape: PatternShape? { withUnsafeMutablePointerToHeader { $0.pointee.shape } }
  private var start: Int { withUnsafeMutablePointerToHeader { $0.pointee.start } }

  /// The automaton as arrays again (for tests and tools).
  var automaton: DigitAutomaton {
    withUnsafeMutablePointers { header, data in
      let header = header.pointee
      let flags = Array(UnsafeBufferPointer(start: data, count: header.stateCount))
      let transitions = UnsafeRawPointer(data + header.transitionsOffset)
      let count = header.stateCount * 10
      let table: DigitAutomaton.Table =
        header.isWide
        ? .wide((0..<count).map { transitions.load(fromByteOffset: 2 * $0, as: UInt16.self) })
        : .narrow((0..<count).map { transitions.load(fromByteOffset: $0, as: UInt8.self) })
      return DigitAutomaton(table: table, flags: flags, start: header.start)
    }
  }

  /// Bytes held by the automaton's tables (as ``DigitAutomaton/byteCount``).
  var automatonByteCount: Int {
    withUnsafeMutablePointerToHeader { $0.pointee.stateCount * ($0.pointee.isWide ? 21 : 11) }
  }

  /// ``DigitAutomaton/matchesEntirely(_:)`` on the tables here.
  func matchesEntirely(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    withUnsafeMutablePointers { header, data in
      let transitions = UnsafeRawPointer(data + header.pointee.transitionsOffset)
      var state = header.pointee.start
      if header.pointee.isWide {
        for byte in input {
          let digit = byte &- UInt8(ascii: "0")
          guard digit < 10 else { return false }
          state = Int(transitions.load(fromByteOffset: (state &* 10 &+ Int(digit)) &* 2, as: UInt16.self))
          if state == 0 { return false }
        }
      } else {
        for byte in input {
          let digit = byte &- UInt8(ascii: "0")
          guard digit < 10 else { return false }
          state = Int(transitions.load(fromByteOffset: state &* 10 &+ Int(digit), as: UInt8.self))
          if state == 0 { return false }
        }
      }
      return data[state] & DigitAutomaton.Flag.acceptsAtEnd != 0
    }
  }

  /// ``DigitAutomaton/matchesPrefix(_:)`` on the tables here.
  func matchesPrefix(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    withUnsafeMutablePointers { header, data in
      let transitions = UnsafeRawPointer(data + header.pointee.transitionsOffset)
      let isWide = header.pointee.isWide
      var state = header.pointee.start
      for byte in input {
        if data[state] & DigitAutomaton.Flag.acceptsHere != 0 { return true }
        let digit = byte &- UInt8(ascii: "0")
        guard digit < 10 else { return false }
        let index = state &* 10 &+ Int(digit)
        state =
          isWide
          ? Int(transitions.load(fromByteOffset: index &* 2, as: UInt16.self))
          : Int(transitions.load(fromByteOffset: index, as: UInt8.self))
        if state == 0 { return false }
      }
      return data[state] & DigitAutomaton.Flag.acceptsAtEnd != 0
    }
  }

  /// The state after `digit` (0...9) from `state`; 0 is the dead state.
  private func state(after digit: Int, from state: Int) -> Int {
    withUnsafeMutablePointers { header, data in
      let transitions = UnsafeRawPointer(data + header.pointee.transitionsOffset)
      let index = state * 10 + digit
      return header.pointee.isWide
        ? Int(transitions.load(fromByteOffset: index * 2, as: UInt16.self))
        : Int(transitions.load(fromByteOffset: index, as: UInt8.self))
    }
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
    withUnsafeMutablePointerToElements { $0[state] & DigitAutomaton.Flag.acceptsAtEnd != 0 }
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
    withUnsafeMutablePointerToElements { flags in
      if flags[start] & DigitAutomaton.Flag.acceptsHere != 0 { return true }
      let afterFirst = state(after: first, from: start)
      guard afterFirst != 0 else { return false }
      if flags[afterFirst] & DigitAutomaton.Flag.acceptsHere != 0 { return true }
      return state(after: second, from: afterFirst) != 0
    }
  }
}
