import Testing

@testable import PayPhoneNumbers

/// Whole-input and prefix membership, as Java's `matches()` and
/// `lookingAt()` answer them.
@Suite struct DigitPatternMatchingTests {
  @Test(arguments: [
    // pattern, input, matches(), lookingAt()
    ("\\d{3}", "123", true, true),
    ("\\d{3}", "12", false, false),
    ("\\d{3}", "1234", false, true),
    ("[2-9]\\d{2}", "199", false, false),
    ("[2-9]\\d{2}", "299", true, true),
    ("0|00", "00", true, true),
    ("0|00", "000", false, true),
    ("", "", true, true),
    ("", "1", false, true),
    ("1$", "1", true, true),
    ("1$", "12", false, false),
    ("(5\\d{6})$|1", "5551234", true, true),
    ("(5\\d{6})$|1", "55512345", false, false),
    ("(5\\d{6})$|1", "15", false, true),
    ("1*", "", true, true),
    ("1*", "111", true, true),
    ("1*", "112", false, true),
    ("12+", "1", false, false),
    ("12+", "1222", true, true),
    ("\\d{2,}", "1", false, false),
    ("\\d{2,}", "12345", true, true),
    ("1$2", "12", false, false),
    ("7(?:[1-57-9]\\d{8}|624\\d{6})", "7400123456", true, true),
    ("7(?:[1-57-9]\\d{8}|624\\d{6})", "7624123456", true, true),
    ("7(?:[1-57-9]\\d{8}|624\\d{6})", "7600123456", false, false),
    ("7(?:[1-57-9]\\d{8}|624\\d{6})", "74001234567", false, true),
    // Any byte other than an ASCII digit matches nothing.
    ("\\d{3}", "12a", false, false),
    ("1", "1a", false, true),
    ("\\d*", "12 3", false, true),
    ("\\d", "\u{661}", false, false),
    // Unlike Java, `$` does not match before a trailing line break.
    ("1$", "1\n", false, false),
  ])
  func answersMembership(pattern: String, input: String, whole: Bool, prefix: Bool) throws {
    let compiled = try DigitPattern(pattern)
    let bytes = Array(input.utf8)
    #expect(compiled.matchesEntirely(bytes) == whole)
    #expect(compiled.matchesPrefix(bytes) == prefix)
    #expect((compiled.wholeMatch(bytes) != nil) == whole)
    #expect((compiled.prefixMatch(bytes) != nil) == prefix)
  }

  @Test func patternsCompareBySource() throws {
    #expect(try DigitPattern("\\d{3}") == DigitPattern("\\d{3}"))
    #expect(try DigitPattern("\\d{3}") != DigitPattern("\\d\\d\\d"))
    #expect(try DigitPattern("[2-9]").source == "[2-9]")
  }
}
