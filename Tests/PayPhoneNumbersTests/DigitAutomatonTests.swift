import Testing

@testable import PayPhoneNumbers

/// The automaton is minimal (equivalent states merged, the dead state
/// included in the count) and picks its table width by state count.
@Suite struct DigitAutomatonTests {
  @Test(arguments: [
    // pattern, states of the minimal DFA counted by hand, dead state included
    ("\\d{4}", 6),
    ("\\d{4}|[0-4]\\d{3}", 6),
    ("1\\d{2}|2\\d{2}", 5),
    ("12|13", 4),
    ("1*", 2),
    ("", 2),
    ("(?:12)*", 3),
    ("1$2", 1),
    ("[2-9]\\d{6}|1[2-9]\\d{6}", 10),
  ])
  func mergesEquivalentStates(pattern: String, states: Int) throws {
    #expect(try DigitPattern(pattern).automaton.stateCount == states)
  }

  @Test func usesOneByteEntriesUpTo256States() throws {
    let narrow = try DigitPattern("\\d{254}")
    let wide = try DigitPattern("\\d{255}")
    #expect(narrow.automaton.stateCount == 256)
    #expect(wide.automaton.stateCount == 257)
    guard case .narrow = narrow.automaton.table else {
      Issue.record("256 states should use one-byte entries")
      return
    }
    guard case .wide = wide.automaton.table else {
      Issue.record("257 states should use two-byte entries")
      return
    }
    let digits = Array(repeating: UInt8(ascii: "4"), count: 255)
    #expect(!narrow.matchesEntirely(digits) && narrow.matchesPrefix(digits))
    #expect(wide.matchesEntirely(digits) && !wide.matchesEntirely(Array(digits.dropLast())))
  }

  @Test func emptyLanguageRejectsEverything() throws {
    let pattern = try DigitPattern("1$2")
    for input in ["", "1", "12", "123"] {
      #expect(!pattern.matchesEntirely(Array(input.utf8)))
      #expect(!pattern.matchesPrefix(Array(input.utf8)))
    }
  }

  @Test func compiledSizeCountsTablesAndProgram() throws {
    // \d{2}: 4 states (dead, 0, 1, 2 digits) x 10 one-byte entries + 4 flag
    // bytes; program: two digit instructions and a match, 12 bytes each.
    #expect(try DigitPattern("\\d{2}").compiledByteCount == 4 * 10 + 4 + 3 * 12)
  }
}
