/// A deterministic automaton over the ten digits, built once from a
/// ``PatternProgram``; ``AutomatonTable`` runs its tables in a single pass
/// with no backtracking.
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

}

extension DigitAutomaton {
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
}
