import Testing

@testable import PayPhoneNumbers

/// The parser accepts exactly the metadata's syntax, and rejects everything
/// else with a message that says what and where.
@Suite struct PatternParserTests {
  @Test(arguments: [
    ("0", "[0]"),
    ("\\d", "[0-9]"),
    ("[135]", "[135]"),
    ("[0-35-9]", "[0-35-9]"),
    ("[2-9]", "[2-9]"),
    ("[1-1]", "[1]"),
    ("[9-90]", "[09]"),
    ("12", "cat([1],[2])"),
    ("1|2", "alt([1],[2])"),
    ("1|2|3", "alt([1],[2],[3])"),
    ("(?:1|2)3", "cat(alt([1],[2]),[3])"),
    ("(1)(2(3))", "cat(g1([1]),g2(cat([2],g3([3]))))"),
    ("1?", "rep([1],0,1)"),
    ("1*", "rep([1],0,inf)"),
    ("1+", "rep([1],1,inf)"),
    ("\\d{3}", "rep([0-9],3,3)"),
    ("\\d{2,4}", "rep([0-9],2,4)"),
    ("\\d{2,}", "rep([0-9],2,inf)"),
    ("\\d{0}", "rep([0-9],0,0)"),
    ("1??", "rep([1],0,1,lazy)"),
    ("1*?", "rep([1],0,inf,lazy)"),
    ("1+?", "rep([1],1,inf,lazy)"),
    ("\\d{2,4}?", "rep([0-9],2,4,lazy)"),
    ("(?:12)?", "rep(cat([1],[2]),0,1)"),
    ("(5\\d{6})$|1", "alt(cat(g1(cat([5],rep([0-9],6,6))),$),[1])"),
    ("", "ε"),
    ("1|", "alt([1],ε)"),
    ("()", "g1(ε)"),
    ("(?:)", "ε"),
    ("(?:1|)?", "rep(alt([1],ε),0,1)"),
    ("0(1\\d)?", "cat([0],rep(g1(cat([1],[0-9])),0,1))"),
  ])
  func parsesConstruct(source: String, expected: String) throws {
    #expect(try PatternParser.parse(source).node.description == expected)
  }

  @Test(arguments: [
    ("1", 0),
    ("()", 1),
    ("(1)(?:2)(3)", 2),
    ("((1)(2))", 3),
    ("(\\d{3})(\\d{3})(\\d{4})", 3),
  ])
  func countsCapturingGroups(source: String, expected: Int) throws {
    #expect(try PatternParser.parse(source).groupCount == expected)
    #expect(try DigitPattern(source).groupCount == expected)
  }

  @Test(arguments: [
    ("\\D", "unsupported escape \\D at offset 0"),
    ("1\\s", "unsupported escape \\s at offset 1"),
    ("\\1", "unsupported escape \\1 at offset 0"),
    ("\\", "pattern ends with a lone \\ at offset 0"),
    ("[^1]", "negated class at offset 0 is not supported"),
    ("[]", "empty class at offset 0"),
    ("[12", "missing ] for the class at offset 0"),
    ("[1-]", "unsupported character - in the class at offset 2"),
    ("[a]", "unsupported character a in the class at offset 1"),
    ("[5-2]", "range 5-2 out of order at offset 1"),
    ("[1-a]", "unsupported character a in the class at offset 3"),
    ("[\\d]", "unsupported character \\ in the class at offset 1"),
    ("[[1]]", "unsupported character [ in the class at offset 1"),
    ("(12", "missing ) for the group at offset 0"),
    ("12)", "unmatched ) at offset 2"),
    ("(?=1)", "unsupported group construct at offset 0"),
    ("(?<n>1)", "unsupported group construct at offset 0"),
    ("(?i)1", "unsupported group construct at offset 0"),
    ("*1", "quantifier * at offset 0 has nothing to repeat"),
    ("1|+2", "quantifier + at offset 2 has nothing to repeat"),
    ("({2})", "quantifier { at offset 1 has nothing to repeat"),
    ("1{2}{3}", "quantifier { at offset 4 follows another quantifier"),
    ("1**", "quantifier * at offset 2 follows another quantifier"),
    ("1?+", "quantifier + at offset 2 follows another quantifier"),
    ("1???", "quantifier ? at offset 3 follows another quantifier"),
    ("1{", "malformed repetition at offset 1"),
    ("1{a}", "malformed repetition at offset 1"),
    ("1{,3}", "malformed repetition at offset 1"),
    ("1{2,3", "malformed repetition at offset 1"),
    ("1{3,2}", "repetition at offset 1 has its maximum below its minimum"),
    ("1{1001}", "repetition bound at offset 1 is above 1000"),
    ("1{2,1001}", "repetition bound at offset 1 is above 1000"),
    ("1{99999999999999999999999}", "repetition bound at offset 1 is above 1000"),
    ("$?", "quantifier at offset 1 repeats $"),
    ("(?:1?)*", "quantifier at offset 6 repeats a sub-pattern that can match the empty string"),
    ("(1?){2}", "quantifier at offset 4 repeats a sub-pattern that can match the empty string"),
    ("()+", "quantifier at offset 2 repeats a sub-pattern that can match the empty string"),
    ("(?:1|$){2,3}", "quantifier at offset 7 repeats a sub-pattern that can match the empty string"),
    ("a", "unsupported character a at offset 0"),
    (".", "unsupported character . at offset 0"),
    ("^1", "unsupported character ^ at offset 0"),
    ("0~0", "unsupported character ~ at offset 1"),
    ("1 2", "unsupported character byte 0x20 at offset 1"),
    ("\u{661}", "unsupported character byte 0xd9 at offset 0"),
  ])
  func rejectsUnsupportedSyntax(source: String, message: String) {
    #expect(throws: DigitPatternError(pattern: source, message: message)) { try DigitPattern(source) }
  }

  @Test func rejectsGroupsNestedDeeperThanTheLimit() throws {
    let deep = String(repeating: "(", count: 65) + "1" + String(repeating: ")", count: 65)
    #expect(throws: DigitPatternError(pattern: deep, message: "groups nested deeper than 64 at offset 64")) {
      try DigitPattern(deep)
    }
    let allowed = String(repeating: "(?:", count: 64) + "1" + String(repeating: ")", count: 64)
    #expect(try DigitPattern(allowed).matchesEntirely(Array("1".utf8)))
  }

  @Test func rejectsPatternsThatExpandBeyondTheProgramLimit() {
    let source = "(?:\\d{1000}){1000}"
    #expect(
      throws: DigitPatternError(pattern: source, message: "pattern expands to more than 100000 instructions")
    ) { try DigitPattern(source) }
  }

  @Test func rejectsPatternsWhoseAutomatonExplodes() {
    // The 16th digit from the end must be 1: a DFA needs 2^16 states for that.
    let source = "[01]*1[01]{15}"
    #expect(
      throws: DigitPatternError(pattern: source, message: "pattern needs more than 20000 automaton states")
    ) { try DigitPattern(source) }
  }

  @Test func errorDescriptionNamesThePatternAndTheProblem() {
    let error = DigitPatternError(pattern: "\\s", message: "unsupported escape \\s at offset 0")
    #expect(error.description == "invalid digit pattern \"\\s\": unsupported escape \\s at offset 0")
  }
}
