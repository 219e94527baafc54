/// A deterministic automaton over the ten digits, built once from a
/// ``PatternProgram`` and run in a single pass with no backtracking.
///
/// The transition table is indexed by `state * 10 + digit`; state 0 is the
/// dead state (no match is possible any more). Tables of at most 256 states
/// use one byte per entry, larger ones two.
struct DigitAutomaton: Sendable {
  /// The most states the subset construction may create before giving up.
  static let maxStates = 20_000

  /// Per-state flags.
  enum Flag {
    /// The input read so far is in the language (when the input ends here).
    static let acceptsAtEnd: UInt8 = 1
    /// Every input with the prefix read so far as its prefix has a matching
    /// prefix, whether or not the input ends here (no `$` was needed).
    static let acceptsHere: UInt8 = 2
  }

  enum Table: Sendable {
    case narrow([UInt8])
    case wide([UInt16])
  }

  let table: Table
  let flags: [UInt8]
  let start: Int

  var stateCount: Int {
    flags.count
  }

  /// Bytes held by the transition table and the flags.
  var byteCount: Int {
    switch table {
    case .narrow(let entries): return entries.count + flags.count
    case .wide(let entries): return 2 * entries.count + flags.count
    }
  }

  init(table: Table, flags: [UInt8], start: Int) {
    self.table = table
    self.flags = flags
    self.start = start
  }

  init(program: PatternProgram, source: String) throws(DigitPatternError) {
    let raw = try SubsetConstruction(program: program.instructions, source: source)
    let minimal = AutomatonMinimizer.minimize(
      transitions: raw.transitions, flags: raw.flags, start: raw.start)
    start = minimal.start
    flags = minimal.flags
    if minimal.flags.count <= 256 {
      table = .narrow(minimal.transitions.map { UInt8(truncatingIfNeeded: $0) })
    } else {
      table = .wide(minimal.transitions.map { UInt16(truncatingIfNeeded: $0) })
    }
  }

  /// Whether the whole input is in the language.
  func matchesEntirely(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    switch table {
    case .narrow(let entries): return Self.runEntirely(entries, flags, start, input)
    case .wide(let entries): return Self.runEntirely(entries, flags, start, input)
    }
  }

  /// Whether some prefix of the input (possibly empty) is in the language.
  func matchesPrefix(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    switch table {
    case .narrow(let entries): return Self.runPrefix(entries, flags, start, input)
    case .wide(let entries): return Self.runPrefix(entries, flags, start, input)
    }
  }

  @inline(__always)
  private static func runEntirely<Entry: FixedWidthInteger>(
    _ entries: [Entry], _ flags: [UInt8], _ start: Int, _ input: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    entries.withUnsafeBufferPointer { table in
      var state = start
      for byte in input {
        let digit = byte &- UInt8(ascii: "0")
        guard digit < 10 else { return false }
        // Entries are valid state numbers by construction, so the index stays in range.
        state = Int(table[state &* 10 &+ Int(digit)])
        if state == 0 { return false }
      }
      return flags[state] & Flag.acceptsAtEnd != 0
    }
  }

  @inline(__always)
  private static func runPrefix<Entry: FixedWidthInteger>(
    _ entries: [Entry], _ flags: [UInt8], _ start: Int, _ input: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    flags.withUnsafeBufferPointer { flags in
      entries.withUnsafeBufferPointer { table in
        var state = start
        for byte in input {
          if flags[state] & Flag.acceptsHere != 0 { return true }
          let digit = byte &- UInt8(ascii: "0")
          guard digit < 10 else { return false }
          state = Int(table[state &* 10 &+ Int(digit)])
          if state == 0 { return false }
        }
        return flags[state] & Flag.acceptsAtEnd != 0
      }
    }
  }
}
