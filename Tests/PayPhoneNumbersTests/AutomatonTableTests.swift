import Testing

@testable import PayPhoneNumbers

/// The automaton tables' one check: what the unchecked reads of every
/// pattern match rely on is refused when it does not hold.
@Suite struct AutomatonTableTests {
  /// Three states (dead, start, accepting): `1` then `2` accepts.
  private static func narrowTable() -> (flags: [UInt8], transitions: [UInt8]) {
    var transitions = [UInt8](repeating: 0, count: 30)
    transitions[1 * 10 + 1] = 2
    transitions[2 * 10 + 2] = 2
    return ([0, 0, DigitAutomaton.Flag.acceptsAtEnd], transitions)
  }

  private static func check(
    flags: [UInt8], transitions: [UInt8], stateCount: Int, isWide: Bool = false, start: Int = 1,
    offset: Int = 0
  ) -> AutomatonTable.Defect? {
    flags.withUnsafeBufferPointer { flags in
      transitions.withUnsafeBytes { bytes in
        guard let flagBase = flags.baseAddress, let base = bytes.baseAddress else { return .noStates }
        do throws(AutomatonTable.Defect) {
          try AutomatonTable.validate(
            flags: flagBase, transitions: base + offset, stateCount: stateCount, isWide: isWide, start: start)
          return nil
        } catch {
          return error
        }
      }
    }
  }

  @Test func aSoundTableIsAccepted() {
    let table = Self.narrowTable()
    #expect(Self.check(flags: table.flags, transitions: table.transitions, stateCount: 3) == nil)
  }

  @Test func aTransitionPastTheStatesIsRefused() {
    var table = Self.narrowTable()
    table.transitions[25] = 3
    #expect(
      Self.check(flags: table.flags, transitions: table.transitions, stateCount: 3)
        == .transitionOutOfRange(index: 25))
  }

  /// Whole-match runs go on through the dead state, testing for it only
  /// between groups of digits: state 0 must neither accept nor lead on.
  @Test func aLiveDeadStateIsRefused() {
    var table = Self.narrowTable()
    table.transitions[4] = 1
    #expect(Self.check(flags: table.flags, transitions: table.transitions, stateCount: 3) == .liveDeadState)
    table = Self.narrowTable()
    table.flags[0] = DigitAutomaton.Flag.acceptsAtEnd
    #expect(Self.check(flags: table.flags, transitions: table.transitions, stateCount: 3) == .liveDeadState)
  }

  @Test func aStartPastTheStatesIsRefused() {
    let table = Self.narrowTable()
    #expect(
      Self.check(flags: table.flags, transitions: table.transitions, stateCount: 3, start: 3)
        == .startOutOfRange)
    #expect(Self.check(flags: [], transitions: [], stateCount: 0) == .noStates)
  }

  @Test func misalignedWideTransitionsAreRefused() {
    // Two-byte transitions, all to the dead state, one byte off their alignment.
    let bytes = [UInt8](repeating: 0, count: 2 * 30 + 2)
    let flags: [UInt8] = [0, 0, 0]
    #expect(Self.check(flags: flags, transitions: bytes, stateCount: 3, isWide: true) == nil)
    #expect(
      Self.check(flags: flags, transitions: bytes, stateCount: 3, isWide: true, offset: 1) == .misaligned)
  }

  @Test func everyCompiledPatternHasSoundTables() throws {
    // Wide tables (more than 256 states) as well as narrow ones: the check
    // ran when each was made, and matching agrees with the automaton.
    let wide = try DigitPattern("(?:1\\d{300}|2\\d{2})")
    guard case .wide = wide.automaton.table else {
      Issue.record("expected a wide table")
      return
    }
    #expect(wide.matchesEntirely(Array("2\(String(repeating: "5", count: 2))".utf8)))
    #expect(wide.matchesEntirely(Array("1\(String(repeating: "0", count: 300))".utf8)))
    #expect(!wide.matchesEntirely(Array("1\(String(repeating: "0", count: 299))".utf8)))
    let narrow = try DigitPattern("7(?:[1-57-9]\\d{8}|624\\d{6})")
    guard case .narrow = narrow.automaton.table else {
      Issue.record("expected a narrow table")
      return
    }
    #expect(narrow.matchesEntirely(Array("7400123456".utf8)))
    #expect(!narrow.matchesEntirely(Array("7600123456".utf8)))
  }
}
